; C++ facts: the patterns of C++'s grammar alone; the C++ spec reads this file, then c-family.scm (where
; C's part is, and the capture conventions). These come first: the first pattern capturing a node wins,
; so a constructor declared in a class is a method here before c-family.scm sees a function prototype.

; ---------------------------------------------------------------- definitions

(namespace_definition name: (namespace_identifier) @name) @definition.module
(class_specifier name: (type_identifier) @name body: (field_declaration_list)) @definition.class
(alias_declaration name: (type_identifier) @name) @definition.type_alias

; Methods defined in a class body: a field_identifier names only a member. Constructors, destructors
; and operators are told apart from functions by the class body they sit in.
(function_definition
  declarator: [
    (function_declarator declarator: (field_identifier) @name)
    (pointer_declarator declarator: (function_declarator declarator: (field_identifier) @name))
    (reference_declarator (function_declarator declarator: (field_identifier) @name))
  ]) @definition.method
(field_declaration_list
  (function_definition
    declarator: (function_declarator declarator: [(identifier) (destructor_name) (operator_name)] @name)) @definition.method)
(field_declaration_list
  (template_declaration
    (function_definition
      declarator: (function_declarator declarator: [(identifier) (destructor_name) (operator_name)] @name)) @definition.method))
; Methods declared in a class body (defined elsewhere, or pure virtual).
(field_declaration
  declarator: [
    (function_declarator declarator: [(field_identifier) (destructor_name) (operator_name)] @name)
    (pointer_declarator declarator: (function_declarator declarator: (field_identifier) @name))
    (reference_declarator (function_declarator declarator: (field_identifier) @name))
  ]) @definition.method
(field_declaration_list
  (declaration declarator: (function_declarator declarator: [(identifier) (destructor_name) (operator_name)] @name)) @definition.method)

; Out-of-line definitions: `Shape::name`, `geo::Shape::name`. The scope is the method's container (see
; the spec's `container`): `Shape::name` defined in `namespace geo { … }` is `geo.Shape.name`. A
; function defined as `ns::f` outside its namespace is indistinguishable from a static method here, and
; is a method of `ns` too.
(function_definition
  declarator: [
    (function_declarator declarator: (qualified_identifier name: [(identifier) (destructor_name) (operator_name)] @name))
    (function_declarator declarator: (qualified_identifier name: (qualified_identifier name: [(identifier) (destructor_name) (operator_name)] @name)))
    (function_declarator declarator: (qualified_identifier name: (qualified_identifier name: (qualified_identifier name: [(identifier) (destructor_name) (operator_name)] @name))))
    (pointer_declarator declarator: (function_declarator declarator: (qualified_identifier name: (identifier) @name)))
    (pointer_declarator declarator: (function_declarator declarator: (qualified_identifier name: (qualified_identifier name: (identifier) @name))))
    (reference_declarator (function_declarator declarator: (qualified_identifier name: (identifier) @name)))
    (reference_declarator (function_declarator declarator: (qualified_identifier name: (qualified_identifier name: (identifier) @name))))
  ]) @definition.method

; Functions returning a reference (C has no references; the pointer forms are in c-family.scm).
(function_definition declarator: (reference_declarator (function_declarator declarator: (identifier) @name))) @definition.function
(declaration declarator: (reference_declarator (function_declarator declarator: (identifier) @name))) @definition.function

; ---------------------------------------------------------------- calls

(call_expression function: (qualified_identifier scope: (_) @call.receiver name: (identifier) @call.name)) @call
(call_expression
  function: (qualified_identifier scope: (_) @call.receiver name: (qualified_identifier name: (identifier) @call.name))) @call
(call_expression function: (template_function name: (identifier) @call.name)) @call
(call_expression
  function: (qualified_identifier scope: (_) @call.receiver name: (template_function name: (identifier) @call.name))) @call
(call_expression
  function: (field_expression argument: (_) @call.receiver field: (template_method name: (field_identifier) @call.name))) @call
; `new Shape(…)` calls the constructor of Shape (as `new` does in the Java and TypeScript facts).
(new_expression type: (type_identifier) @call.name) @call
(new_expression type: (qualified_identifier scope: (_) @call.receiver name: (type_identifier) @call.name)) @call

; ---------------------------------------------------------------- complexity

(for_range_loop) @complexity.branch
(catch_clause) @complexity.branch
(for_range_loop body: (if_statement) @complexity.branch)

; ---------------------------------------------------------------- references

([
  (condition_clause value: (identifier) @reference)
  (subscript_argument_list (identifier) @reference)
  (qualified_identifier name: (identifier) @reference)
  (template_function name: (identifier) @reference)
  (for_range_loop right: (identifier) @reference)
  (delete_expression (identifier) @reference)
  (throw_statement (identifier) @reference)
  (lambda_capture_specifier (identifier) @reference)
]
(#not-eq? @reference ""))

; Scopes (`geo::`, `Kind::Circle`), but not `std::`: it names nothing of the project, on most lines.
((namespace_identifier) @reference (#not-any-of? @reference "" "std"))
(template_method name: (field_identifier) @reference)
(field_initializer (field_identifier) @reference)

; Reference fields (`std::istream& m_input;`, `const T& value;`): a C++ declarator only.
(field_declaration declarator: (reference_declarator (field_identifier) @name) @definition.property)
