; JavaScript facts: typescript.scm without the type-level nodes.

; ---------- definitions (first pattern wins for a node) ----------
(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(class_declaration name: (_) @name) @definition.class
(field_definition property: (_) @name) @definition.property
(method_definition name: (_) @name) @definition.method
(variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression) (generator_function)]) @definition.function
(lexical_declaration "const" (variable_declarator name: (identifier) @name) @definition.constant)
(variable_declarator name: (identifier) @name) @definition.variable

; ---------- imports ----------
(import_statement (import_clause (identifier) @import.default) source: (string) @import.module)
(import_statement (import_clause (namespace_import (identifier) @import.alias)) source: (string) @import.module)
(import_statement (import_clause (named_imports (import_specifier name: (_) @import.name alias: (_)? @import.alias))) source: (string) @import.module)

; ---------- exports ----------
(export_statement (export_clause (export_specifier name: (_) @export.name alias: (_)? @export.alias)) !source)
(export_statement (export_clause (export_specifier name: (_) @export.name alias: (_)? @export.alias)) source: (string) @export.module)
(export_statement "*" source: (string) @export.module) @export.all
(export_statement "default" value: (identifier) @export.name)

; ---------- calls ----------
(call_expression function: (identifier) @call.name) @call
(call_expression function: (member_expression object: (_) @call.receiver property: (_) @call.name)) @call
(new_expression constructor: (identifier) @call.name) @call
(new_expression constructor: (member_expression object: (_) @call.receiver property: (_) @call.name)) @call

; ---------- complexity ----------
(if_statement) @complexity.branch
(for_statement) @complexity.branch
(for_in_statement) @complexity.branch
(while_statement) @complexity.branch
(do_statement) @complexity.branch
(catch_clause) @complexity.branch
(ternary_expression) @complexity.branch
(switch_statement) @complexity.switch
(switch_case) @complexity.case
(else_clause) @complexity.else
(binary_expression operator: ["&&" "||" "??"]) @complexity.logical

; ---------- usages ----------
[
  (identifier)
  (property_identifier)
  (shorthand_property_identifier)
  (shorthand_property_identifier_pattern)
  (private_property_identifier)
] @reference
