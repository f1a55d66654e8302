; haskell: placeholder
