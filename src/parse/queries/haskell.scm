; Haskell facts. Capture conventions: see src/parse/language-spec.ts.
; Roles of @reference captures are decided by classifyUsage in languages/haskell.ts.

; ---------------------------------------------------------------- definitions

(data_type name: (name) @name) @definition.data_type
(newtype name: (name) @name) @definition.data_type
(type_synomym name: (name) @name) @definition.type_alias
(type_family name: (name) @name) @definition.type_family
(data_family name: (name) @name) @definition.type_family
(class name: (name) @name) @definition.type_class
; An instance is named by its class (the name must be a node): `instance Show Endpoint` → `Show`.
(instance name: (name) @name) @definition.instance
(instance name: (qualified id: (name) @name)) @definition.instance

; Data constructors (qualified through their type: `LLMKind.OpenAI`).
(data_constructor constructor: (prefix name: (constructor) @name)) @definition.constructor
(data_constructor constructor: (record name: (constructor) @name)) @definition.constructor
(data_constructor constructor: (infix operator: (constructor_operator) @name)) @definition.constructor
(newtype_constructor name: (constructor) @name) @definition.constructor
(gadt_constructor name: (constructor) @name) @definition.constructor

; Record fields. A field with one name is defined by the whole field; `a, b :: Int`
; defines each field_name (the engine keeps one definition per node).
(field . name: (field_name (variable) @name) . type: (_)) @definition.property
(field name: (field_name (variable) @name) @definition.property . name: (field_name))
(field name: (field_name) . name: (field_name (variable) @name) @definition.property)

; Class methods: the signatures inside the class (default implementations are not
; separate definitions).
(class_declarations (signature name: (variable) @name) @definition.method)
(class_declarations (signature name: (prefix_id (operator) @name)) @definition.method)
(class_declarations (signature names: (binding_list name: (variable) @name @definition.method)))

; Top-level functions. A function with several clauses is ONE definition: the node is its
; FIRST clause, i.e. a clause not directly preceded (comments, Haddock and pragmas skipped)
; by a clause of the same function. The previous declaration is a clause of the same
; function exactly when its first named child (the clause's name) has the same text;
; a signature for the function also starts with its name, hence its own pattern.
; The type signature is a separate node read by the spec's signature() and docstring()
; hooks. Later clauses lie outside the definition's span (the engine takes a definition's
; span from one node). Written with few patterns on purpose: every structured pattern
; costs ~15 ms of query compilation with this (large) grammar.
(declarations . [(comment) (haddock) (pragma) (cpp)]* . (function name: (variable) @name) @definition.function)
((declarations (_ . (_) @_first) . [(comment) (haddock) (pragma) (cpp)]* . (function name: (variable) @name) @definition.function)
 (#not-eq? @_first @name))
(declarations (signature) . [(comment) (haddock) (pragma) (cpp)]* . (function name: (variable) @name) @definition.function)
(declarations (bind name: (variable) @name) @definition.function)

; Operator definitions `a <+> b = ...`, deduplicated the same way. A previous declaration
; whose first named child holds no operator symbol is not a clause of an operator.
(declarations . [(comment) (haddock) (pragma) (cpp)]* . (function (infix operator: (operator) @name)) @definition.function)
((declarations (function (infix operator: (operator) @_previous)) . [(comment) (haddock) (pragma) (cpp)]* . (function (infix operator: (operator) @name)) @definition.function)
 (#not-eq? @_previous @name))
(declarations (signature) . [(comment) (haddock) (pragma) (cpp)]* . (function (infix operator: (operator) @name)) @definition.function)
((declarations (_ . (_) @_first) . [(comment) (haddock) (pragma) (cpp)]* . (function (infix operator: (operator) @name)) @definition.function)
 (#not-match? @_first "[-!#$%&*+/<=>?@\\^|~:]"))

; Instance methods: the same first-clause rule inside the instance body.
(instance_declarations . [(comment) (haddock) (pragma) (cpp)]* . (function name: (variable) @name) @definition.method)
((instance_declarations (_ . (_) @_first) . [(comment) (haddock) (pragma) (cpp)]* . (function name: (variable) @name) @definition.method)
 (#not-eq? @_first @name))
(instance_declarations (signature) . [(comment) (haddock) (pragma) (cpp)]* . (function name: (variable) @name) @definition.method)
(instance_declarations (bind name: (variable) @name) @definition.method)

; When error recovery wraps top-level declarations in an ERROR node, the same rules apply
; with ERROR as the parent, so the parts that parse still yield definitions.
(ERROR . [(comment) (haddock) (pragma) (cpp)]* . (function name: (variable) @name) @definition.function)
((ERROR (_ . (_) @_first) . [(comment) (haddock) (pragma) (cpp)]* . (function name: (variable) @name) @definition.function)
 (#not-eq? @_first @name))
(ERROR (signature) . [(comment) (haddock) (pragma) (cpp)]* . (function name: (variable) @name) @definition.function)

; ---------------------------------------------------------------- imports
; `import qualified Data.Map as M` → * from Data.Map as M; `import Data.List (sortBy)` →
; sortBy from Data.List; `import Data.List hiding (sort)` → * from Data.List.

(import module: (module) @import.module alias: (module) @import.alias !names)
(import module: (module) @import.module !alias !names)
((import module: (module) @import.module alias: (module) @import.alias names: (import_list)) @_import
 (#match? @_import "\\shiding\\s*\\("))
((import module: (module) @import.module !alias names: (import_list)) @_import
 (#match? @_import "\\shiding\\s*\\("))
((import module: (module) @import.module names: (import_list name: (import_name [(variable) (name) (prefix_id)] @import.name))) @_import
 (#not-match? @_import "\\shiding\\s*\\("))

; ---------------------------------------------------------------- exports

(header exports: (exports (export variable: (_) @export.name)))
(header exports: (exports (export type: (_) @export.name)))
; Sub-exports listed by name: `Config(configName, configKind)`.
(header exports: (exports (export children: (children element: [(variable) (constructor)] @export.name))))
(module_export module: (module) @export.module) @export.all

; ---------------------------------------------------------------- calls
; The head variable of an application (`f x y` → f), also through `$` (`f $ x`) and backticks.
; The receiver of a qualified call is the qualifier's last segment (`M.lookup` → M,
; `Data.Map.lookup` → Map): the grammar's module node includes the trailing dot, and the
; last segment is what an unaliased `import qualified Data.Map` binds for call resolution.

(apply function: (variable) @call.name) @call
(apply function: (qualified module: (module (module_id) @call.receiver .) id: (variable) @call.name)) @call
((infix left_operand: (variable) @call.name operator: (operator) @_dollar) @call
 (#eq? @_dollar "$"))
(infix operator: (infix_id (variable) @call.name)) @call

; ---------------------------------------------------------------- complexity
; Each guard is a branch, except `otherwise` / `True`, which acts as an else.
; A case alternative adds a path unless it is the catch-all (`_` or a bare variable).

((match guards: (guards . (_) @_guard)) @complexity.branch
 (#not-any-of? @_guard "otherwise" "True"))
((match guards: (guards . (boolean) @_guard .)) @complexity.else
 (#any-of? @_guard "otherwise" "True"))
(conditional) @complexity.branch
(case) @complexity.switch
(lambda_case) @complexity.switch
(lambda_cases) @complexity.switch
((alternative pattern: (_) @_pattern) @complexity.case
 (#not-match? @_pattern "^(_|[a-z_][A-Za-z0-9_']*)$"))
((infix operator: (operator) @_operator) @complexity.logical
 (#any-of? @_operator "&&" "||"))

; ---------------------------------------------------------------- references
; Type-level names and data constructors are always references (definition names are
; dropped by the engine). Variables are captured where they are expressions; variables
; bound directly by a pattern (`f x = ...`, `\k -> ...`, `case e of v -> ...`) and type
; variables are not. Variables bound inside a constructor / tuple / cons pattern
; (`(Local path)`, `(x:xs)`) cannot be told apart from expressions by the query: they
; are captured and get the case_pattern role.

(name) @reference
(constructor) @reference
(qualified id: (variable) @reference)

(apply function: (variable) @reference)
(apply function: (_) argument: (variable) @reference)
(infix left_operand: (variable) @reference)
(infix right_operand: (variable) @reference)
(infix_id (variable) @reference)
(left_section left_operand: (variable) @reference)
(right_section right_operand: (variable) @reference)
(match expression: (variable) @reference)
(parens expression: (variable) @reference)
(conditional if: (variable) @reference)
(conditional then: (variable) @reference)
(conditional else: (variable) @reference)
(boolean (variable) @reference)
(case (variable) @reference)
(exp (variable) @reference)
(bind expression: (variable) @reference)
(let_in expression: (variable) @reference)
(lambda expression: (variable) @reference)
(negation expression: (variable) @reference)
(field_update expression: (variable) @reference)
(record expression: (variable) @reference)
(generator expression: (variable) @reference)
(pattern_guard expression: (variable) @reference)
(list_comprehension expression: (variable) @reference)
(arithmetic_sequence from: (variable) @reference)
(arithmetic_sequence step: (variable) @reference)
(arithmetic_sequence to: (variable) @reference)
(view_pattern expression: (variable) @reference)
(projection expression: (variable) @reference)

; List and tuple elements, where the list / tuple is an expression: type-level lists and
; tuples hold type variables. Only the common expression positions are listed.
(match expression: [(list element: (variable) @reference) (tuple element: (variable) @reference)])
(apply function: (_) argument: [(list element: (variable) @reference) (tuple element: (variable) @reference)])
(infix [(list element: (variable) @reference) (tuple element: (variable) @reference)])
(exp [(list element: (variable) @reference) (tuple element: (variable) @reference)])

; Record field names in construction, update and patterns.
(field_update field: (field_name (variable) @reference))
(field_pattern field: (field_name (variable) @reference))

; Import and export lists.
(import_name variable: (variable) @reference)
(export variable: (variable) @reference)
(children element: (variable) @reference)
