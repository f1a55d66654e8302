; Rust facts for the generic engine (see ../language-spec.ts for the capture conventions).

; ---------------------------------------------------------------- definitions

; Functions inside impl / trait bodies are methods (first pattern wins).
(impl_item body: (declaration_list (function_item name: (identifier) @name) @definition.method))
(trait_item body: (declaration_list (function_item name: (identifier) @name) @definition.method))
(trait_item body: (declaration_list (function_signature_item name: (identifier) @name) @definition.method))
(function_item name: (identifier) @name) @definition.function
(function_signature_item name: (identifier) @name) @definition.function
(macro_definition name: (identifier) @name) @definition.function

(struct_item name: (type_identifier) @name) @definition.class
(union_item name: (type_identifier) @name) @definition.class
(enum_item name: (type_identifier) @name) @definition.enum
(enum_variant name: (identifier) @name) @definition.enum_member
(trait_item name: (type_identifier) @name) @definition.interface
(type_item name: (type_identifier) @name) @definition.type_alias
(associated_type name: (type_identifier) @name) @definition.type_alias
(const_item name: (identifier) @name) @definition.constant
(static_item name: (identifier) @name) @definition.constant
(mod_item name: (identifier) @name) @definition.module
(field_declaration name: (field_identifier) @name) @definition.property

; An impl block is not a symbol of its own, but it must qualify its methods
; (`Router.route`). It is recorded as an `instance` (the nearest kind: a trait
; implementation, like a Haskell instance; also used for inherent `impl Type`)
; named after the implementing type.
(impl_item type: (type_identifier) @name) @definition.instance
(impl_item type: (generic_type type: (type_identifier) @name)) @definition.instance
(impl_item type: (scoped_type_identifier name: (type_identifier) @name)) @definition.instance
(impl_item type: (generic_type type: (scoped_type_identifier name: (type_identifier) @name))) @definition.instance

; ---------------------------------------------------------------- imports
; One fact per leaf. In nested lists (`use a::{b::{c}}`) the module is the
; innermost written prefix (`b`): the engine takes the module text from one node.

(use_declaration argument: (identifier) @import.module)
(use_declaration argument: (scoped_identifier path: (_) @import.module name: (identifier) @import.name))
(use_declaration argument: (use_as_clause path: (identifier) @import.module alias: (identifier) @import.alias))
(use_declaration
  argument: (use_as_clause
    path: (scoped_identifier path: (_) @import.module name: (identifier) @import.name)
    alias: (identifier) @import.alias))
(use_declaration argument: (use_wildcard . (_) @import.module))

(scoped_use_list path: (_) @import.module list: (use_list (identifier) @import.name))
(scoped_use_list path: (_) @import.module list: (use_list (self) @import.self))
(scoped_use_list
  path: (_) @import.module
  list: (use_list (use_as_clause path: (identifier) @import.name alias: (identifier) @import.alias)))
(scoped_use_list
  path: (_) @import.module
  list: (use_list (use_as_clause path: (self) alias: (identifier) @import.alias)))
(use_list (scoped_identifier path: (_) @import.module name: (identifier) @import.name))
(use_list
  (use_as_clause
    path: (scoped_identifier path: (_) @import.module name: (identifier) @import.name)
    alias: (identifier) @import.alias))
(use_list (use_wildcard . (_) @import.module))

(extern_crate_declaration name: (identifier) @import.module !alias)
(extern_crate_declaration name: (identifier) @import.module alias: (identifier) @import.alias)

; ---------------------------------------------------------------- re-exports (`pub use`)

(use_declaration (visibility_modifier)
  argument: (scoped_identifier path: (_) @export.module name: (identifier) @export.name))
(use_declaration (visibility_modifier)
  argument: (use_as_clause
    path: (scoped_identifier path: (_) @export.module name: (identifier) @export.name)
    alias: (identifier) @export.alias))
(use_declaration (visibility_modifier)
  argument: (scoped_use_list path: (_) @export.module list: (use_list (identifier) @export.name)))
(use_declaration (visibility_modifier)
  argument: (scoped_use_list
    path: (_) @export.module
    list: (use_list (use_as_clause path: (identifier) @export.name alias: (identifier) @export.alias))))
(use_declaration (visibility_modifier) argument: (use_wildcard . (_) @export.module) @export.all)

; ---------------------------------------------------------------- calls

(call_expression function: (identifier) @call.name) @call
(call_expression
  function: (field_expression value: (_) @call.receiver field: (field_identifier) @call.name)) @call
(call_expression
  function: (scoped_identifier path: (_) @call.receiver name: (identifier) @call.name)) @call
(call_expression function: (generic_function function: (identifier) @call.name)) @call
(call_expression
  function: (generic_function
    function: (field_expression value: (_) @call.receiver field: (field_identifier) @call.name))) @call
(call_expression
  function: (generic_function
    function: (scoped_identifier path: (_) @call.receiver name: (identifier) @call.name))) @call
(macro_invocation macro: (identifier) @call.name) @call
(macro_invocation macro: (scoped_identifier path: (_) @call.receiver name: (identifier) @call.name)) @call
; Calls written inside macro arguments (`format!("{}", describe(k))`): tokens only,
; so an identifier right before a `(…)` group, up to two groups deep (not in attributes).
(macro_invocation
  (token_tree
    [(identifier) (self) (super) (crate)] @call.receiver
    .
    ["." "::"]
    .
    (identifier) @call.name
    .
    (token_tree . "(")) @call)
(macro_invocation (token_tree (identifier) @call.name . (token_tree . "(")) @call)
(macro_invocation
  (token_tree
    (token_tree
      [(identifier) (self) (super) (crate)] @call.receiver
      .
      ["." "::"]
      .
      (identifier) @call.name
      .
      (token_tree . "(")) @call))
(macro_invocation (token_tree (token_tree (identifier) @call.name . (token_tree . "(")) @call))

; ---------------------------------------------------------------- references

; Identifiers in expression, path and pattern positions. Plain binding positions
; are left out: parameter, `let`, `for`, closure and `if let` bindings, `mut x`,
; `ref x`, `x @`, lifetimes, labels, macro_rules patterns and `_`.
([
  (arguments (identifier) @reference)
  (array_expression (identifier) @reference)
  (array_type length: (identifier) @reference)
  (assignment_expression (identifier) @reference)
  (compound_assignment_expr (identifier) @reference)
  (await_expression (identifier) @reference)
  (base_field_initializer (identifier) @reference)
  (binary_expression (identifier) @reference)
  (block (identifier) @reference)
  (break_expression (identifier) @reference)
  (call_expression function: (identifier) @reference)
  (closure_expression body: (identifier) @reference)
  (const_item value: (identifier) @reference)
  (static_item value: (identifier) @reference)
  (enum_variant value: (identifier) @reference)
  (expression_statement (identifier) @reference)
  (field_expression value: (identifier) @reference)
  (field_initializer value: (identifier) @reference)
  (for_expression value: (identifier) @reference)
  (generic_function function: (identifier) @reference)
  (generic_type type: (identifier) @reference)
  (if_expression condition: (identifier) @reference)
  (index_expression (identifier) @reference)
  (let_chain (identifier) @reference)
  (let_condition value: (identifier) @reference)
  (let_declaration value: (identifier) @reference)
  (macro_invocation macro: (identifier) @reference)
  (match_arm value: (identifier) @reference)
  (match_expression value: (identifier) @reference)
  (match_pattern (identifier) @reference)
  (or_pattern (identifier) @reference)
  (range_pattern (identifier) @reference)
  (tuple_struct_pattern (identifier) @reference)
  (parenthesized_expression (identifier) @reference)
  (range_expression (identifier) @reference)
  (reference_expression (identifier) @reference)
  (return_expression (identifier) @reference)
  (scoped_identifier (identifier) @reference)
  (scoped_type_identifier path: (identifier) @reference)
  (scoped_use_list path: (identifier) @reference)
  (shorthand_field_initializer (identifier) @reference)
  (token_tree (identifier) @reference)
  (try_expression (identifier) @reference)
  (tuple_expression (identifier) @reference)
  (type_cast_expression value: (identifier) @reference)
  (unary_expression (identifier) @reference)
  (use_as_clause (identifier) @reference)
  (use_declaration argument: (identifier) @reference)
  (use_list (identifier) @reference)
  (use_wildcard (identifier) @reference)
  (extern_crate_declaration (identifier) @reference)
  (while_expression condition: (identifier) @reference)
  (yield_expression (identifier) @reference)
]
(#not-match? @reference "^_?$"))

; Type names everywhere but type-parameter declarations (`<T: Clone>` binds T).
([
  (abstract_type trait: (type_identifier) @reference)
  (array_type element: (type_identifier) @reference)
  (bounded_type (type_identifier) @reference)
  (bracketed_type (type_identifier) @reference)
  (closure_expression return_type: (type_identifier) @reference)
  (const_item type: (type_identifier) @reference)
  (const_parameter type: (type_identifier) @reference)
  (dynamic_type trait: (type_identifier) @reference)
  (field_declaration type: (type_identifier) @reference)
  (function_item return_type: (type_identifier) @reference)
  (function_signature_item return_type: (type_identifier) @reference)
  (function_type (type_identifier) @reference)
  (generic_type type: (type_identifier) @reference)
  (generic_type_with_turbofish type: (type_identifier) @reference)
  (higher_ranked_trait_bound type: (type_identifier) @reference)
  (impl_item (type_identifier) @reference)
  (let_declaration type: (type_identifier) @reference)
  (ordered_field_declaration_list type: (type_identifier) @reference)
  (parameter type: (type_identifier) @reference)
  (parameters (type_identifier) @reference)
  (pointer_type type: (type_identifier) @reference)
  (qualified_type (type_identifier) @reference)
  (reference_type type: (type_identifier) @reference)
  (removed_trait_bound (type_identifier) @reference)
  (scoped_type_identifier name: (type_identifier) @reference)
  (static_item type: (type_identifier) @reference)
  (struct_expression name: (type_identifier) @reference)
  (struct_pattern type: (type_identifier) @reference)
  (trait_bounds (type_identifier) @reference)
  (tuple_type (type_identifier) @reference)
  (type_arguments (type_identifier) @reference)
  (type_binding (type_identifier) @reference)
  (type_cast_expression type: (type_identifier) @reference)
  (type_item type: (type_identifier) @reference)
  (type_parameter default_type: (type_identifier) @reference)
  (use_bounds (type_identifier) @reference)
  (where_predicate left: (type_identifier) @reference)
]
(#not-eq? @reference ""))

((field_identifier) @reference (#not-eq? @reference ""))
(shorthand_field_identifier) @reference

; ---------------------------------------------------------------- complexity

; `else if`: the inner if is one more case of the same decision (+1 cyclomatic),
; its else_clause adds the cognitive increment; it does not nest further. So the
; branch pattern lists every parent of an if_expression except else_clause.
([
  (arguments (if_expression) @complexity.branch)
  (array_expression (if_expression) @complexity.branch)
  (assignment_expression (if_expression) @complexity.branch)
  (compound_assignment_expr (if_expression) @complexity.branch)
  (await_expression (if_expression) @complexity.branch)
  (binary_expression (if_expression) @complexity.branch)
  (block (if_expression) @complexity.branch)
  (break_expression (if_expression) @complexity.branch)
  (call_expression (if_expression) @complexity.branch)
  (closure_expression (if_expression) @complexity.branch)
  (const_item (if_expression) @complexity.branch)
  (static_item (if_expression) @complexity.branch)
  (expression_statement (if_expression) @complexity.branch)
  (field_expression (if_expression) @complexity.branch)
  (field_initializer (if_expression) @complexity.branch)
  (for_expression (if_expression) @complexity.branch)
  (if_expression condition: (if_expression) @complexity.branch)
  (index_expression (if_expression) @complexity.branch)
  (let_condition (if_expression) @complexity.branch)
  (let_declaration (if_expression) @complexity.branch)
  (match_arm (if_expression) @complexity.branch)
  (match_expression (if_expression) @complexity.branch)
  (parenthesized_expression (if_expression) @complexity.branch)
  (range_expression (if_expression) @complexity.branch)
  (reference_expression (if_expression) @complexity.branch)
  (return_expression (if_expression) @complexity.branch)
  (try_expression (if_expression) @complexity.branch)
  (tuple_expression (if_expression) @complexity.branch)
  (type_cast_expression (if_expression) @complexity.branch)
  (unary_expression (if_expression) @complexity.branch)
  (while_expression (if_expression) @complexity.branch)
  (yield_expression (if_expression) @complexity.branch)
])
(else_clause (if_expression) @complexity.case)
(else_clause) @complexity.else

(while_expression) @complexity.branch
(loop_expression) @complexity.branch
(for_expression) @complexity.branch

; A match nests; every arm but a bare `_` counts as a case (like Go's default).
(match_expression) @complexity.switch
(match_arm pattern: (match_pattern . (_))) @complexity.case

(binary_expression operator: "&&") @complexity.logical
(binary_expression operator: "||") @complexity.logical
