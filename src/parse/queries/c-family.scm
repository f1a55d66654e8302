; C and C++ facts: the patterns both grammars share (tree-sitter-cpp extends tree-sitter-c's grammar,
; so these nodes are the same in both). The C spec reads c.scm then this file, the C++ spec cpp.scm then
; this file: the language's own patterns come first, and the first pattern capturing a node wins.
; Capture conventions: see src/parse/language-spec.ts. Roles of @reference captures are decided by
; classifyUsage in languages/c-family.ts.

; ---------------------------------------------------------------- definitions

; Functions, by the identifier their declarator ends in (through pointers: `const char *name(...)`).
; A prototype (a declaration with a function declarator) is a definition too, as TypeScript's
; `function_signature` is: a header's prototypes are the functions its includers see.
(function_definition
  declarator: [
    (function_declarator declarator: (identifier) @name)
    (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))
    (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name)))
  ]) @definition.function
(declaration
  declarator: [
    (function_declarator declarator: (identifier) @name)
    (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))
    (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name)))
  ]) @definition.function

; Structs and unions (Go's structs are classes too), enums and their enumerators.
(struct_specifier name: (type_identifier) @name body: (field_declaration_list)) @definition.class
(union_specifier name: (type_identifier) @name body: (field_declaration_list)) @definition.class
(enum_specifier name: (type_identifier) @name body: (enumerator_list)) @definition.enum
(enumerator name: (identifier) @name) @definition.enum_member

; `typedef enum { … } Kind;`: an anonymous type is named by its typedef (its members nest under it).
(type_definition type: (enum_specifier !name body: (enumerator_list)) declarator: (type_identifier) @name) @definition.enum
(type_definition type: (struct_specifier !name body: (field_declaration_list)) declarator: (type_identifier) @name) @definition.class
(type_definition type: (union_specifier !name body: (field_declaration_list)) declarator: (type_identifier) @name) @definition.class
; `typedef struct point { … } point_t;`: the struct is `point` (above) and the alias is its name alone,
; so that the struct does not nest in the alias.
(type_definition
  type: [
    (struct_specifier name: (_) body: (_))
    (union_specifier name: (_) body: (_))
    (enum_specifier name: (_) body: (_))
  ]
  declarator: (type_identifier) @name @definition.type_alias)
; Any other typedef (`typedef struct rgb rgb_t;`, `typedef int (*handler)(int);`). A type with a body
; (`{`) is one of the cases above.
((type_definition
   type: (_) @_type
   declarator: [
     (type_identifier) @name
     (pointer_declarator declarator: (type_identifier) @name)
     (array_declarator declarator: (type_identifier) @name)
     (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name)))
   ]) @definition.type_alias
 (#not-match? @_type "\\{"))

; Macros: object-like ones with a value are constants (an include guard has none), function-like ones functions.
(preproc_def name: (identifier) @name value: (_)) @definition.constant
(preproc_function_def name: (identifier) @name) @definition.function

; Variables, one definition per declarator (`int a, b;` defines both). Locals are dropped by the engine
; (variables inside a function), so these patterns need not know where the declaration sits.
; A `const` (or `constexpr`) object, not a pointer to const, is a constant.
((declaration
   (type_qualifier) @_const
   declarator: (init_declarator declarator: [
     (identifier) @name
     (array_declarator declarator: (identifier) @name)
   ]) @definition.constant)
 (#any-of? @_const "const" "constexpr"))
(declaration declarator: (identifier) @name @definition.variable)
(declaration declarator: (init_declarator declarator: (identifier) @name) @definition.variable)
(declaration declarator: (pointer_declarator declarator: (identifier) @name) @definition.variable)
(declaration declarator: (init_declarator declarator: (pointer_declarator declarator: (identifier) @name)) @definition.variable)
(declaration declarator: (array_declarator declarator: (identifier) @name) @definition.variable)
(declaration declarator: (init_declarator declarator: (array_declarator declarator: (identifier) @name)) @definition.variable)
(declaration declarator: (pointer_declarator declarator: (array_declarator declarator: (identifier) @name)) @definition.variable)
(declaration declarator: (init_declarator declarator: (pointer_declarator declarator: (array_declarator declarator: (identifier) @name))) @definition.variable)

; Fields of structs, unions and classes, one per declarator (`int x, y;`).
(field_declaration declarator: (field_identifier) @name @definition.property)
(field_declaration declarator: (pointer_declarator declarator: (field_identifier) @name) @definition.property)
(field_declaration declarator: (pointer_declarator declarator: (pointer_declarator declarator: (field_identifier) @name)) @definition.property)
(field_declaration declarator: (array_declarator declarator: (field_identifier) @name) @definition.property)
(field_declaration declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (field_identifier) @name))) @definition.property)

; ---------------------------------------------------------------- imports
; `#include "x.h"` (the project's own header, resolved by analysis/import-resolution.ts) and
; `#include <x.h>` (kept with its brackets: a system or library header). An include binds no name.

(preproc_include path: (string_literal) @import.module)
(preproc_include path: (system_lib_string) @import.module)

; ---------------------------------------------------------------- calls
; A function-like macro's use is a call too (`MAX(a, b)` parses as one).

(call_expression function: (identifier) @call.name) @call
(call_expression function: (field_expression argument: (_) @call.receiver field: (field_identifier) @call.name)) @call
(call_expression function: (parenthesized_expression (identifier) @call.name)) @call
(call_expression function: (parenthesized_expression (pointer_expression argument: (identifier) @call.name))) @call

; ---------------------------------------------------------------- complexity
; An `else if` is one more case of the same decision (+1 cyclomatic) that does not nest deeper; its
; `else` adds the cognitive increment (as in go.scm). The other ifs are branches.

(compound_statement (if_statement) @complexity.branch)
(case_statement (if_statement) @complexity.branch)
(labeled_statement (if_statement) @complexity.branch)
(if_statement consequence: (if_statement) @complexity.branch)
(for_statement body: (if_statement) @complexity.branch)
(while_statement body: (if_statement) @complexity.branch)
(do_statement body: (if_statement) @complexity.branch)
(else_clause (if_statement) @complexity.case)
(else_clause "else" @complexity.else)

(for_statement) @complexity.branch
(while_statement) @complexity.branch
(do_statement) @complexity.branch
(conditional_expression) @complexity.branch

(switch_statement) @complexity.switch
; Each `case` adds a path; `default` (a case without a value) does not.
(case_statement value: (_)) @complexity.case

(binary_expression operator: ["&&" "||"]) @complexity.logical

; ---------------------------------------------------------------- references
; Identifiers in expression positions. Declared names (parameters, locals, fields at their declaration)
; are left out; the empty text excludes MISSING nodes inserted by error recovery.

([
  (argument_list (identifier) @reference)
  (array_declarator size: (identifier) @reference)
  (assignment_expression left: (identifier) @reference)
  (assignment_expression right: (identifier) @reference)
  (binary_expression left: (identifier) @reference)
  (binary_expression right: (identifier) @reference)
  (call_expression function: (identifier) @reference)
  (case_statement value: (identifier) @reference)
  (cast_expression value: (identifier) @reference)
  (comma_expression (identifier) @reference)
  (conditional_expression (identifier) @reference)
  (enumerator value: (identifier) @reference)
  (expression_statement (identifier) @reference)
  (field_expression argument: (identifier) @reference)
  (for_statement condition: (identifier) @reference)
  (init_declarator value: (identifier) @reference)
  (initializer_list (identifier) @reference)
  (initializer_pair value: (identifier) @reference)
  (parenthesized_expression (identifier) @reference)
  (pointer_expression argument: (identifier) @reference)
  (return_statement (identifier) @reference)
  (sizeof_expression value: (identifier) @reference)
  (subscript_designator (identifier) @reference)
  (subscript_expression argument: (identifier) @reference)
  (unary_expression argument: (identifier) @reference)
  (update_expression argument: (identifier) @reference)
  (bitfield_clause (identifier) @reference)
]
(#not-eq? @reference ""))

; Type names wherever they occur (a declared struct/enum name is its definition's name and is skipped).
((type_identifier) @reference (#not-eq? @reference ""))

; Fields named after `.` / `->`, in designated initializers (`.x = 0`) and member initializers.
((field_expression field: (field_identifier) @reference) (#not-eq? @reference ""))
(field_designator (field_identifier) @reference)
