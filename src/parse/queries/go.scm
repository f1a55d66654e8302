; Go facts for the generic engine (see ../language-spec.ts for the capture conventions).

; ---------------------------------------------------------------- definitions

(function_declaration name: (identifier) @name) @definition.function

; Methods are not nested in their receiver type, so the qualified name is the
; bare method name (the engine qualifies by syntactic nesting only).
(method_declaration name: (field_identifier) @name) @definition.method

(type_spec name: (type_identifier) @name type: (struct_type)) @definition.class
(type_spec name: (type_identifier) @name type: (interface_type)) @definition.interface
(type_spec name: (type_identifier) @name) @definition.type_alias
(type_alias name: (type_identifier) @name) @definition.type_alias

; Package-level constants and variables. A spec with one name is the definition
; node itself; in a spec with several names (`a, b = 1, 2`) each name is its own
; definition node so that the names do not nest inside each other.
(source_file (const_declaration (const_spec . name: (identifier) @name . type: (_)) @definition.constant))
(source_file (const_declaration (const_spec . name: (identifier) @name . value: (_)) @definition.constant))
(source_file (const_declaration (const_spec . name: (identifier) @name .) @definition.constant))
(source_file (const_declaration (const_spec name: (identifier) @name @definition.constant . ",")))
(source_file (const_declaration (const_spec "," . name: (identifier) @name @definition.constant)))

(source_file (var_declaration (var_spec . name: (identifier) @name . type: (_)) @definition.variable))
(source_file (var_declaration (var_spec . name: (identifier) @name . value: (_)) @definition.variable))
(source_file (var_declaration (var_spec_list (var_spec . name: (identifier) @name . type: (_)) @definition.variable)))
(source_file (var_declaration (var_spec_list (var_spec . name: (identifier) @name . value: (_)) @definition.variable)))
(source_file (var_declaration (var_spec name: (identifier) @name @definition.variable . ",")))
(source_file (var_declaration (var_spec "," . name: (identifier) @name @definition.variable)))
(source_file (var_declaration (var_spec_list (var_spec name: (identifier) @name @definition.variable . ","))))
(source_file (var_declaration (var_spec_list (var_spec "," . name: (identifier) @name @definition.variable))))

; Fields of named struct types, and of anonymous structs nested in their fields
; (not of struct literals in function bodies). Embedded fields have no name and
; are `extends` usages instead. As above, several names share one declaration.
([(type_spec type: (struct_type (field_declaration_list (field_declaration . name: (field_identifier) @name . type: (_)) @definition.property)))
  (type_alias type: (struct_type (field_declaration_list (field_declaration . name: (field_identifier) @name . type: (_)) @definition.property)))
  (field_declaration type: (struct_type (field_declaration_list (field_declaration . name: (field_identifier) @name . type: (_)) @definition.property)))])
([(type_spec type: (struct_type (field_declaration_list (field_declaration name: (field_identifier) @name @definition.property . ","))))
  (type_alias type: (struct_type (field_declaration_list (field_declaration name: (field_identifier) @name @definition.property . ","))))
  (field_declaration type: (struct_type (field_declaration_list (field_declaration name: (field_identifier) @name @definition.property . ","))))])
([(type_spec type: (struct_type (field_declaration_list (field_declaration "," . name: (field_identifier) @name @definition.property))))
  (type_alias type: (struct_type (field_declaration_list (field_declaration "," . name: (field_identifier) @name @definition.property))))
  (field_declaration type: (struct_type (field_declaration_list (field_declaration "," . name: (field_identifier) @name @definition.property))))])

; Interface methods.
(method_elem name: (field_identifier) @name) @definition.method

; ---------------------------------------------------------------- imports

(import_spec name: (_) @import.alias path: (_) @import.module)
(import_spec !name path: (_) @import.module)

; ---------------------------------------------------------------- calls

(call_expression function: (identifier) @call.name) @call
(call_expression
  function: (selector_expression operand: (_) @call.receiver field: (field_identifier) @call.name)) @call
(call_expression function: (parenthesized_expression (identifier) @call.name)) @call
; `Sum[int](xs)`: an explicitly instantiated generic function parses as a conversion.
(type_conversion_expression type: (generic_type type: (type_identifier) @call.name)) @call
(type_conversion_expression
  type: (generic_type type: (qualified_type package: (_) @call.receiver name: (type_identifier) @call.name))) @call

; ---------------------------------------------------------------- references

; Identifiers in expression positions. Binding positions are left out on purpose:
; parameter / receiver names, `:=` and range targets, type-switch aliases, local
; const/var names, type-parameter names and the blank identifier `_`. The empty
; text excludes MISSING nodes inserted by error recovery.
([
  (argument_list (identifier) @reference)
  (array_type length: (identifier) @reference)
  (binary_expression (identifier) @reference)
  (call_expression function: (identifier) @reference)
  (dec_statement (identifier) @reference)
  (inc_statement (identifier) @reference)
  (defer_statement (identifier) @reference)
  (go_statement (identifier) @reference)
  (expression_statement (identifier) @reference)
  (expression_switch_statement value: (identifier) @reference)
  (type_switch_statement value: (identifier) @reference)
  (for_clause condition: (identifier) @reference)
  (for_statement (identifier) @reference)
  (if_statement condition: (identifier) @reference)
  (index_expression (identifier) @reference)
  (literal_element (identifier) @reference)
  (parenthesized_expression (identifier) @reference)
  (range_clause right: (identifier) @reference)
  (receive_statement right: (identifier) @reference)
  (selector_expression operand: (identifier) @reference)
  (send_statement (identifier) @reference)
  (slice_expression (identifier) @reference)
  (type_assertion_expression operand: (identifier) @reference)
  (type_conversion_expression operand: (identifier) @reference)
  (unary_expression operand: (identifier) @reference)
  (variadic_argument (identifier) @reference)
  (assignment_statement left: (expression_list (identifier) @reference))
  (assignment_statement right: (expression_list (identifier) @reference))
  (short_var_declaration right: (expression_list (identifier) @reference))
  (return_statement (expression_list (identifier) @reference))
  (expression_case value: (expression_list (identifier) @reference))
  (var_spec value: (expression_list (identifier) @reference))
  (const_spec value: (expression_list (identifier) @reference))
  (range_clause left: (expression_list (identifier) @reference) "=")
  (receive_statement left: (expression_list (identifier) @reference) "=")
]
(#not-match? @reference "^_?$"))

; Type names, except the predeclared ones (they name no project symbol).
((type_identifier) @reference
  (#not-any-of? @reference
    "" "any" "bool" "byte" "comparable" "complex64" "complex128" "error" "float32" "float64"
    "int" "int8" "int16" "int32" "int64" "rune" "string"
    "uint" "uint8" "uint16" "uint32" "uint64" "uintptr"))

; Field names are usages only after a dot; declared ones are definitions or
; fields of anonymous structs.
((selector_expression field: (field_identifier) @reference) (#not-eq? @reference ""))
(qualified_type package: (package_identifier) @reference)
(import_spec name: (package_identifier) @reference)

; ---------------------------------------------------------------- complexity

; `else if`: the inner if is one more case of the same decision (+1 cyclomatic),
; its `else` keyword adds the cognitive increment; it does not nest further.
(statement_list (if_statement) @complexity.branch)
(labeled_statement (if_statement) @complexity.branch)
(if_statement alternative: (if_statement) @complexity.case)
(if_statement "else" @complexity.else)
(for_statement) @complexity.branch

(expression_switch_statement) @complexity.switch
(type_switch_statement) @complexity.switch
(select_statement) @complexity.switch
(expression_case) @complexity.case
(type_case) @complexity.case
(communication_case) @complexity.case

(binary_expression operator: "&&") @complexity.logical
(binary_expression operator: "||") @complexity.logical
