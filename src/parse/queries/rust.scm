; rust: placeholder
