; Python facts (tree-sitter-python 0.25). Capture conventions: see src/parse/language-spec.ts.
; Pattern order matters for definitions: the first pattern that captures a node wins.

; ---------------------------------------------------------------------------
; Definitions
; ---------------------------------------------------------------------------

; A class whose superclass list names Enum/IntEnum/StrEnum/Flag/IntFlag (bare or
; qualified, `enum.Flag`) is an enum; its class-level `NAME = value` are members.
; Dunder/sunder names (`__x__`, `_ignore_`) and mangled `__x` are not members.
(class_definition
  superclasses: (argument_list [(identifier) (attribute)] @_base)
  body: (block
    (expression_statement
      (assignment
        left: (identifier) @name
        right: (_)) @definition.enum_member))
  (#match? @_base "^([A-Za-z_][A-Za-z0-9_]*\\.)*(Enum|IntEnum|StrEnum|Flag|IntFlag)$")
  (#not-match? @name "^_(_|.*_$)"))

(class_definition
  name: (identifier) @name
  superclasses: (argument_list [(identifier) (attribute)] @_base)
  (#match? @_base "^([A-Za-z_][A-Za-z0-9_]*\\.)*(Enum|IntEnum|StrEnum|Flag|IntFlag)$")) @definition.enum

(class_definition
  name: (identifier) @name) @definition.class

; def directly in a class body (plain or decorated) is a method.
(class_definition
  body: (block
    (function_definition
      name: (identifier) @name) @definition.method))

(class_definition
  body: (block
    (decorated_definition
      definition: (function_definition
        name: (identifier) @name) @definition.method)))

; Any other def (module level, nested in a function, inside if/try) is a function.
(function_definition
  name: (identifier) @name) @definition.function

; Class-level annotated attributes `x: int = 0` / `x: int` are properties.
(class_definition
  body: (block
    (expression_statement
      (assignment
        left: (identifier) @name
        type: (_)) @definition.property)))

; Class-level and module-level `NAME = value`: constant when spelled in capitals.
(class_definition
  body: (block
    (expression_statement
      (assignment
        left: (identifier) @name) @definition.constant))
  (#match? @name "^_*[A-Z][A-Z0-9_]*$"))

(class_definition
  body: (block
    (expression_statement
      (assignment
        left: (identifier) @name) @definition.variable)))

(module
  (expression_statement
    (assignment
      left: (identifier) @name) @definition.constant)
  (#match? @name "^_*[A-Z][A-Z0-9_]*$"))

(module
  (expression_statement
    (assignment
      left: (identifier) @name) @definition.variable))

; Python 3.12 `type Alias = ...` / `type Alias[T] = ...`
(type_alias_statement
  left: (type
    [(identifier) @name
     (generic_type (identifier) @name)])) @definition.type_alias

; ---------------------------------------------------------------------------
; Imports
; ---------------------------------------------------------------------------

; import a.b  /  import numpy as np
(import_statement
  name: (dotted_name) @import.module)

(import_statement
  name: (aliased_import
    name: (dotted_name) @import.module
    alias: (identifier) @import.alias))

; from a.b import c  /  from .m import n as k  /  from . import m
(import_from_statement
  module_name: (_) @import.module
  name: (dotted_name) @import.name)

(import_from_statement
  module_name: (_) @import.module
  name: (aliased_import
    name: (dotted_name) @import.name
    alias: (identifier) @import.alias))

; from a import *
(import_from_statement
  module_name: (_) @import.module
  (wildcard_import))

; from __future__ import annotations
(future_import_statement
  "__future__" @import.module
  name: (dotted_name) @import.name)

(future_import_statement
  "__future__" @import.module
  name: (aliased_import
    name: (dotted_name) @import.name
    alias: (identifier) @import.alias))

; ---------------------------------------------------------------------------
; Exports: the module's __all__ list / tuple (also `__all__ += [...]`)
; ---------------------------------------------------------------------------

(module
  (expression_statement
    [(assignment left: (identifier) @_all right: [(list (string (string_content) @export.name))
                                                   (tuple (string (string_content) @export.name))])
     (augmented_assignment left: (identifier) @_all right: [(list (string (string_content) @export.name))
                                                             (tuple (string (string_content) @export.name))])])
  (#eq? @_all "__all__"))

; ---------------------------------------------------------------------------
; Calls: `f()` → f; `a.b()` → b with receiver a
; ---------------------------------------------------------------------------

(call
  function: (identifier) @call.name) @call

(call
  function: (attribute
    object: (_) @call.receiver
    attribute: (identifier) @call.name)) @call

; ---------------------------------------------------------------------------
; Complexity
; ---------------------------------------------------------------------------

; if/loops/except/ternary/comprehension clauses branch and nest.
[
  (if_statement)
  (for_statement)
  (while_statement)
  (except_clause)
  (conditional_expression)
  (if_clause)
  (for_in_clause)
] @complexity.branch

; `elif` is one more arm of its `if`: +1 cyclomatic (as a case) and a flat +1
; cognitive (as an else). Captured as a branch it would nest inside the `if` node
; and inflate the nesting of everything in its body.
(elif_clause) @complexity.case
(elif_clause) @complexity.else

(else_clause) @complexity.else

(match_statement) @complexity.switch

(case_clause) @complexity.case

(boolean_operator) @complexity.logical

; ---------------------------------------------------------------------------
; References: identifiers where a name is used. Parameter names (the bindings in
; parameters / lambda_parameters) are not references; their default values are.
; Keywords that error recovery turns into identifiers, and MISSING (empty)
; identifiers, are dropped.
; ---------------------------------------------------------------------------

((aliased_import (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((argument_list (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((as_pattern (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((as_pattern_target (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((assert_statement (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((assignment (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((attribute (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((augmented_assignment (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((await (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((binary_operator (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((boolean_operator (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((call (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((chevron (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((comparison_operator (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((conditional_expression (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((decorator (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((delete_statement (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((dictionary_splat (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((dotted_name (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((elif_clause (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((except_clause (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((exec_statement (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((expression_list (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((expression_statement (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((for_in_clause (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((for_statement (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((format_expression (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((generator_expression (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((generic_type (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((global_statement (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((if_clause (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((if_statement (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((interpolation (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((keyword_argument (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((keyword_pattern (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((lambda (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((list (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((list_comprehension (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((list_pattern (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((list_splat (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((match_statement (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((member_type (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((named_expression (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((nonlocal_statement (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((not_operator (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((pair (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((parenthesized_expression (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((pattern_list (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((print_statement (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((raise_statement (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((return_statement (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((set (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((set_comprehension (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((slice (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((splat_pattern (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((splat_type (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((subscript (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((tuple (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((tuple_pattern (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((type (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((unary_operator (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((while_statement (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((with_item (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((yield (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))
((ERROR (identifier) @reference) (#not-any-of? @reference "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else" "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise" "return" "try" "while" "with" "yield"))

; Default values of parameters.
((default_parameter value: (identifier) @reference) (#not-any-of? @reference ""))
((typed_default_parameter value: (identifier) @reference) (#not-any-of? @reference ""))

; `*rest` in assignment and loop targets (not in parameters).
((assignment (list_splat_pattern (identifier) @reference)) (#not-any-of? @reference ""))
((augmented_assignment (list_splat_pattern (identifier) @reference)) (#not-any-of? @reference ""))
((for_statement (list_splat_pattern (identifier) @reference)) (#not-any-of? @reference ""))
((for_in_clause (list_splat_pattern (identifier) @reference)) (#not-any-of? @reference ""))
((pattern_list (list_splat_pattern (identifier) @reference)) (#not-any-of? @reference ""))
((tuple_pattern (list_splat_pattern (identifier) @reference)) (#not-any-of? @reference ""))
((list_pattern (list_splat_pattern (identifier) @reference)) (#not-any-of? @reference ""))
