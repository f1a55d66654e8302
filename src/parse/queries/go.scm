; go: placeholder
