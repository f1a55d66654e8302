; C facts: the patterns of C's grammar alone; the C spec reads this file, then c-family.scm (where the
; rest is, and the capture conventions).

; `a[i]`: C names the index `index` (C++ holds a list of them, see cpp.scm).
(subscript_expression index: (identifier) @reference)
