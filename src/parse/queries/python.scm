; python: placeholder
