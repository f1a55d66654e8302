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
; References: identifiers where a name is used, listed by parent so that parameter
; names (the bindings in parameters / lambda_parameters / typed_parameter) are left
; out. Keywords that error recovery turns into identifiers (mostly inside ERROR,
; also `async`/`await` elsewhere) and MISSING (empty) identifiers are dropped.
; ---------------------------------------------------------------------------

([
  (aliased_import (identifier) @reference)
  (argument_list (identifier) @reference)
  (as_pattern (identifier) @reference)
  (as_pattern_target (identifier) @reference)
  (assert_statement (identifier) @reference)
  (assignment (identifier) @reference)
  (attribute (identifier) @reference)
  (augmented_assignment (identifier) @reference)
  (await (identifier) @reference)
  (binary_operator (identifier) @reference)
  (boolean_operator (identifier) @reference)
  (call (identifier) @reference)
  (chevron (identifier) @reference)
  (comparison_operator (identifier) @reference)
  (conditional_expression (identifier) @reference)
  (decorator (identifier) @reference)
  (delete_statement (identifier) @reference)
  (dictionary_splat (identifier) @reference)
  (dotted_name (identifier) @reference)
  (elif_clause (identifier) @reference)
  (except_clause (identifier) @reference)
  (exec_statement (identifier) @reference)
  (expression_list (identifier) @reference)
  (expression_statement (identifier) @reference)
  (for_in_clause (identifier) @reference)
  (for_statement (identifier) @reference)
  (format_expression (identifier) @reference)
  (generator_expression (identifier) @reference)
  (generic_type (identifier) @reference)
  (global_statement (identifier) @reference)
  (if_clause (identifier) @reference)
  (if_statement (identifier) @reference)
  (interpolation (identifier) @reference)
  (keyword_argument (identifier) @reference)
  (keyword_pattern (identifier) @reference)
  (lambda (identifier) @reference)
  (list (identifier) @reference)
  (list_comprehension (identifier) @reference)
  (list_pattern (identifier) @reference)
  (list_splat (identifier) @reference)
  (match_statement (identifier) @reference)
  (member_type (identifier) @reference)
  (named_expression (identifier) @reference)
  (nonlocal_statement (identifier) @reference)
  (not_operator (identifier) @reference)
  (pair (identifier) @reference)
  (parenthesized_expression (identifier) @reference)
  (pattern_list (identifier) @reference)
  (print_statement (identifier) @reference)
  (raise_statement (identifier) @reference)
  (return_statement (identifier) @reference)
  (set (identifier) @reference)
  (set_comprehension (identifier) @reference)
  (slice (identifier) @reference)
  (splat_pattern (identifier) @reference)
  (splat_type (identifier) @reference)
  (subscript (identifier) @reference)
  (tuple (identifier) @reference)
  (tuple_pattern (identifier) @reference)
  (type (identifier) @reference)
  (unary_operator (identifier) @reference)
  (while_statement (identifier) @reference)
  (with_item (identifier) @reference)
  (yield (identifier) @reference)
  (ERROR (identifier) @reference)
  ; default values of parameters (the parameter names themselves are not references)
  (default_parameter value: (identifier) @reference)
  (typed_default_parameter value: (identifier) @reference)
  ; `*rest` in assignment and loop targets (a `*args` parameter is not a reference)
  (assignment (list_splat_pattern (identifier) @reference))
  (augmented_assignment (list_splat_pattern (identifier) @reference))
  (for_statement (list_splat_pattern (identifier) @reference))
  (for_in_clause (list_splat_pattern (identifier) @reference))
  (pattern_list (list_splat_pattern (identifier) @reference))
  (tuple_pattern (list_splat_pattern (identifier) @reference))
  (list_pattern (list_splat_pattern (identifier) @reference))
 ]
  (#not-any-of? @reference
    "" "False" "None" "True" "and" "as" "assert" "async" "await" "break" "class" "continue" "def" "del" "elif" "else"
    "except" "finally" "for" "from" "global" "if" "import" "in" "is" "lambda" "nonlocal" "not" "or" "pass" "raise"
    "return" "try" "while" "with" "yield"))
