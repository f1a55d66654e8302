; java: placeholder
