; Java facts. Capture conventions: see src/parse/language-spec.ts.
; Roles of @reference captures are decided by classifyUsage in languages/java.ts.

; ---------------------------------------------------------------- definitions

(class_declaration name: (identifier) @name) @definition.class
(record_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.interface
(annotation_type_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(enum_constant name: (identifier) @name) @definition.enum_member

(method_declaration name: (identifier) @name) @definition.method
(constructor_declaration name: (identifier) @name) @definition.method
(compact_constructor_declaration name: (identifier) @name) @definition.method
(annotation_type_element_declaration name: (identifier) @name) @definition.method

; Record components are the record's fields.
(record_declaration
  parameters: (formal_parameters
    (formal_parameter name: (identifier) @name) @definition.property))

; Fields. A field with a single declarator is defined by the whole field_declaration;
; `int a, b;` has one definition per declarator (the engine keeps one definition per node).
; `static final` fields are constants; interface fields are implicitly static final.
; Constant patterns come first: the first pattern capturing a node wins.
((field_declaration
   (modifiers) @_mods
   type: (_) .
   declarator: (variable_declarator name: (identifier) @name) .) @definition.constant
 (#match? @_mods "(^|\\s)static(\\s|$)")
 (#match? @_mods "(^|\\s)final(\\s|$)"))
((field_declaration
   (modifiers) @_mods
   declarator: (variable_declarator name: (identifier) @name) @definition.constant
   declarator: (variable_declarator))
 (#match? @_mods "(^|\\s)static(\\s|$)")
 (#match? @_mods "(^|\\s)final(\\s|$)"))
((field_declaration
   (modifiers) @_mods
   declarator: (variable_declarator)
   declarator: (variable_declarator name: (identifier) @name) @definition.constant)
 (#match? @_mods "(^|\\s)static(\\s|$)")
 (#match? @_mods "(^|\\s)final(\\s|$)"))

(field_declaration
  type: (_) .
  declarator: (variable_declarator name: (identifier) @name) .) @definition.property
(field_declaration
  declarator: (variable_declarator name: (identifier) @name) @definition.property
  declarator: (variable_declarator))
(field_declaration
  declarator: (variable_declarator)
  declarator: (variable_declarator name: (identifier) @name) @definition.property)

(constant_declaration
  type: (_) .
  declarator: (variable_declarator name: (identifier) @name) .) @definition.constant
(constant_declaration
  declarator: (variable_declarator name: (identifier) @name) @definition.constant
  declarator: (variable_declarator))
(constant_declaration
  declarator: (variable_declarator)
  declarator: (variable_declarator name: (identifier) @name) @definition.constant)

; ---------------------------------------------------------------- imports
; `import a.b.C;` → C from a.b; `import static a.b.C.m;` → m from a.b.C; `import a.b.*;` → * from a.b

(import_declaration
  (scoped_identifier
    scope: (_) @import.module
    name: (identifier) @import.name) .)
(import_declaration
  (_) @import.module .
  (asterisk))

; ---------------------------------------------------------------- calls

(method_invocation
  object: (_) @call.receiver
  name: (identifier) @call.name) @call
(method_invocation
  !object
  name: (identifier) @call.name) @call
; `new C(...)` calls the constructor of C (as `new` does in the TypeScript facts).
(object_creation_expression type: (type_identifier) @call.name) @call
(object_creation_expression type: (generic_type . (type_identifier) @call.name)) @call
(object_creation_expression
  type: (scoped_type_identifier (_) @call.receiver . (type_identifier) @call.name .)) @call
(object_creation_expression
  type: (generic_type (scoped_type_identifier (_) @call.receiver . (type_identifier) @call.name .))) @call

; ---------------------------------------------------------------- complexity
; An `else if` is an if_statement in the alternative of another if_statement. It is
; captured as @complexity.logical (+1 cyclomatic, +1 cognitive, no nesting increment)
; and not as a branch, so a chain `if / else if / else if` does not nest deeper at each
; step (the engine derives nesting from node containment). A plain `else` block is
; @complexity.else. Contents of else / else-if blocks still nest under the outer if.

(block (if_statement) @complexity.branch)
(constructor_body (if_statement) @complexity.branch)
(switch_block_statement_group (if_statement) @complexity.branch)
(labeled_statement (if_statement) @complexity.branch)
(program (if_statement) @complexity.branch)
(if_statement consequence: (if_statement) @complexity.branch)
(for_statement body: (if_statement) @complexity.branch)
(enhanced_for_statement body: (if_statement) @complexity.branch)
(while_statement body: (if_statement) @complexity.branch)
(do_statement body: (if_statement) @complexity.branch)
(if_statement alternative: (if_statement) @complexity.logical)
(if_statement alternative: (block) @complexity.else)
(if_statement alternative: (expression_statement) @complexity.else)
(if_statement alternative: (return_statement) @complexity.else)
(if_statement alternative: (throw_statement) @complexity.else)

(for_statement) @complexity.branch
(enhanced_for_statement) @complexity.branch
(while_statement) @complexity.branch
(do_statement) @complexity.branch
(catch_clause) @complexity.branch
(ternary_expression) @complexity.branch

(switch_expression) @complexity.switch
; Each `case` label adds a path; `default` does not (as an `else` would not).
(switch_label "case") @complexity.case

(binary_expression operator: ["&&" "||"]) @complexity.logical

; ---------------------------------------------------------------- references
; Identifiers that may name a symbol. Declared names of locals, parameters, lambda
; parameters, pattern bindings and labels are not captured.

; Imports: the imported name, and for static imports the class it comes from
; (`import static a.C.m;` → C and m; `import static a.C.*;` → C). The package of a
; plain wildcard import (`import a.b.*;`) names no symbol.
(import_declaration (scoped_identifier name: (identifier) @reference) .)
(import_declaration "static" (scoped_identifier scope: (scoped_identifier name: (identifier) @reference)) .)
(import_declaration "static" (scoped_identifier name: (identifier) @reference) . (asterisk))

; Annotations
(marker_annotation name: (identifier) @reference)
(annotation name: (identifier) @reference)
(marker_annotation name: (scoped_identifier name: (identifier) @reference))
(annotation name: (scoped_identifier name: (identifier) @reference))

; Expressions
(method_invocation name: (identifier) @reference)
(method_invocation object: (identifier) @reference)
(field_access object: (identifier) @reference)
(field_access field: (identifier) @reference)
(argument_list (identifier) @reference)
(annotation_argument_list (identifier) @reference)
(element_value_pair value: (identifier) @reference)
(element_value_array_initializer (identifier) @reference)
(array_initializer (identifier) @reference)
(assignment_expression left: (identifier) @reference)
(assignment_expression right: (identifier) @reference)
(binary_expression left: (identifier) @reference)
(binary_expression right: (identifier) @reference)
(unary_expression operand: (identifier) @reference)
(update_expression (identifier) @reference)
(ternary_expression (identifier) @reference)
(cast_expression value: (identifier) @reference)
(instanceof_expression left: (identifier) @reference)
(parenthesized_expression (identifier) @reference)
(array_access array: (identifier) @reference)
(array_access index: (identifier) @reference)
(dimensions_expr (identifier) @reference)
(variable_declarator value: (identifier) @reference)
(return_statement (identifier) @reference)
(throw_statement (identifier) @reference)
(yield_statement (identifier) @reference)
(assert_statement (identifier) @reference)
(expression_statement (identifier) @reference)
(lambda_expression body: (identifier) @reference)
(enhanced_for_statement value: (identifier) @reference)
(for_statement condition: (identifier) @reference)
(explicit_constructor_invocation object: (identifier) @reference)
(object_creation_expression . (identifier) @reference)
(method_reference (identifier) @reference)
(resource . (identifier) @reference .)
(switch_label (identifier) @reference)
(record_pattern . (identifier) @reference)
(template_expression template_processor: (identifier) @reference)

; Types. The declared name of a type parameter (`<T>`) and `var` are not references.
(generic_type (type_identifier) @reference)
(type_arguments (type_identifier) @reference)
(scoped_type_identifier (type_identifier) @reference)
(array_type element: (type_identifier) @reference)
(annotated_type (type_identifier) @reference)
(wildcard (type_identifier) @reference)
(formal_parameter type: (type_identifier) @reference)
(spread_parameter (type_identifier) @reference)
(receiver_parameter (type_identifier) @reference)
((local_variable_declaration type: (type_identifier) @reference)
 (#not-eq? @reference "var"))
(field_declaration type: (type_identifier) @reference)
(constant_declaration type: (type_identifier) @reference)
(method_declaration type: (type_identifier) @reference)
(annotation_type_element_declaration type: (type_identifier) @reference)
(superclass (type_identifier) @reference)
(type_list (type_identifier) @reference)
(type_bound (type_identifier) @reference)
(throws (type_identifier) @reference)
(cast_expression type: (type_identifier) @reference)
(object_creation_expression type: (type_identifier) @reference)
(array_creation_expression type: (type_identifier) @reference)
(class_literal (type_identifier) @reference)
(catch_type (type_identifier) @reference)
(instanceof_expression right: (type_identifier) @reference)
(type_pattern (type_identifier) @reference)
(record_pattern_component (type_identifier) @reference)
((enhanced_for_statement type: (type_identifier) @reference)
 (#not-eq? @reference "var"))
((resource type: (type_identifier) @reference)
 (#not-eq? @reference "var"))
(method_reference (type_identifier) @reference)
