/**
 * The C/C++ edits on their own (no clang): each change kind written into the declaration found on its line,
 * the shapes real code has (a typedef'd anonymous enum named on its closing line, a trailing comma, a name in
 * parentheses as lua writes them, an export macro before the return type, several declarators, `...` and C++
 * default arguments), every line kept; and refusals that say what would work.
 */
import { describe, expect, it } from 'vitest';
import { changeEdit } from '../../../src/scout/clang/change-edit.js';
import { readCFile } from '../../../src/scout/clang/declarations.js';
import type { ChangeSpec } from '../../../src/scout/verify/checker.js';
import { applyLineEdits } from '../../../src/scout/verify/line-edits.js';

/** The text after `change` to `name` declared on 1-based `line` (lines kept), or the refusal. */
function edited(text: string, name: string, line: number, change: ChangeSpec, file = 'x.c'): string {
  const r = changeEdit(readCFile(text), file, name, line, change);
  if (!r.ok) return `refused: ${r.reason}`;
  const out = applyLineEdits(text, r.edit.edits);
  expect(out.split('\n').length).toBe(text.split('\n').length);
  return out;
}

describe('C/C++ edits', () => {
  it('add a variant: before the closing brace, after a trailing comma, in a typedef named on its last line', () => {
    expect(edited('enum color { RED, GREEN };', 'color', 1, { kind: 'add_variant' })).toBe('enum color { RED, GREEN , SCOUT_NEW_VARIANT };');
    expect(edited('enum e {\n  A = 1,\n  B = 4,\n};', 'e', 1, { kind: 'add_variant' })).toBe('enum e {\n  A = 1,\n  B = 4,\nSCOUT_NEW_VARIANT };');
    expect(edited('typedef enum {\n  VVOID,\n  VNIL\n} expkind;', 'expkind', 4, { kind: 'add_variant' })).toBe('typedef enum {\n  VVOID,\n  VNIL\n, SCOUT_NEW_VARIANT } expkind;');
    expect(edited('namespace geo { enum class Kind : int { A }; }', 'geo::Kind', 1, { kind: 'add_variant' }, 'k.hpp')).toBe('namespace geo { enum class Kind : int { A , SCOUT_NEW_VARIANT }; }');
  });

  it('refuses a variant for a forward declaration, a struct, and an enum a macro writes', () => {
    expect(edited('enum class Kind : int;', 'Kind', 1, { kind: 'add_variant' }, 'k.hpp')).toBe('refused: `Kind` is declared here without its enumerators (a forward declaration): ask about the enum where its enumerators are listed');
    expect(edited('struct s { int a; };', 's', 1, { kind: 'add_variant' })).toBe('refused: `s` is a struct, not an enum with a body: a variant can be added to an enum (`enum color { … }`, `enum class Kind { … }`)');
    expect(edited('enum op {\n#include "ops.def"\n};', 'op', 1, { kind: 'add_variant' })).toBe('refused: the enumerators of `op` come from an `#include` inside the enum: add the new case to the included list');
  });

  it('remove: an enumerator with its comma (the last with the comma before it), one of several fields, a macro with its continuation', () => {
    expect(edited('enum c { R, G, B };', 'c', 1, { kind: 'remove', member: 'G' })).toBe('enum c { R,  B };');
    expect(edited('enum c { R, G, B };', 'c', 1, { kind: 'remove', member: 'B' })).toBe('enum c { R, G };');
    expect(edited('struct p { int x, y; };', 'p.y', 1, { kind: 'remove' })).toBe('struct p { int x; };');
    expect(edited('struct p { int x, y; };', 'p.x', 1, { kind: 'remove' })).toBe('struct p { int y; };');
    expect(edited('#define TWICE(x) \\\n  ((x) * 2)\nint a;', 'TWICE', 1, { kind: 'remove' })).toBe('\n\nint a;');
    expect(edited('int f(int a);', 'a', 1, { kind: 'remove' })).toMatch(/^refused: `f\(a\)` is a parameter/);
  });

  it('add a parameter: after the last, replacing `(void)`, into `()`, before `...`, before C++ default arguments; a name in parentheses', () => {
    expect(edited('int f(int a);', 'f', 1, { kind: 'add_parameter' })).toBe('int f(int a, int scout_new);');
    expect(edited('int f(void) { return 0; }', 'f', 1, { kind: 'add_parameter' })).toBe('int f(int scout_new) { return 0; }');
    expect(edited('int f();', 'f', 1, { kind: 'add_parameter' })).toBe('int f(int scout_new);');
    expect(edited('int logf(const char *fmt, ...);', 'logf', 1, { kind: 'add_parameter' })).toBe('int logf(const char *fmt, int scout_new, ...);');
    expect(edited('void f(int a, int b = 2);', 'f', 1, { kind: 'add_parameter' }, 'f.cpp')).toBe('void f(int a, struct ScoutNewParameter *scout_new, int b = 2);');
    expect(edited('LUA_API int (lua_gettop) (lua_State *L) {\n  return 0;\n}', 'lua_gettop', 1, { kind: 'add_parameter' })).toBe('LUA_API int (lua_gettop) (lua_State *L, int scout_new) {\n  return 0;\n}');
    expect(edited('int f(int a);', 'f', 1, { kind: 'add_parameter', optional: true })).toMatch(/^refused: C has no default arguments/);
  });

  it('change a type: a return type after an export macro, a field, a parameter; refused through a macro and for one of several names', () => {
    expect(edited('LUAI_FUNC lua_Unsigned luaH_getn (lua_State *L, Table *t);', 'luaH_getn', 1, { kind: 'change_type', newType: 'const char *' })).toBe('LUAI_FUNC const char *luaH_getn (lua_State *L, Table *t);');
    expect(edited('static inline unsigned long hash(const char *s);', 'hash', 1, { kind: 'change_type', newType: 'int' })).toBe('static inline int hash(const char *s);');
    expect(edited('struct o {\n  const char *sku;\n};', 'o.sku', 2, { kind: 'change_type', newType: 'long' })).toBe('struct o {\n  long sku;\n};');
    expect(edited('int area(double scale);', 'scale', 1, { kind: 'change_type', newType: 'float' })).toBe('int area(float scale);');
    expect(edited('CJSON_PUBLIC(cJSON *) cJSON_Parse(const char *value);', 'cJSON_Parse', 1, { kind: 'change_type', newType: 'int' })).toMatch(/^refused: the type of `cJSON_Parse` is written through a macro or across lines \(`CJSON_PUBLIC\(cJSON \*\)`\)/);
    expect(edited('struct p { int x, y; };', 'p.y', 1, { kind: 'change_type', newType: 'long' })).toMatch(/^refused: `p\.y` is declared with other names in one declaration/);
    expect(edited('int x;', 'x', 1, { kind: 'change_type' })).toMatch(/^refused: the question gives no new type for `x`/);
  });

  it('rename: a method declared in its class, a class with its constructor and destructor, a prototype inside extern "C"', () => {
    expect(edited('class S {\n  S(int a) : a_(a) {}\n  ~S();\n  int a_;\n};', 'S', 1, { kind: 'rename', newName: 'T' }, 's.hpp')).toBe('class T {\n  T(int a) : a_(a) {}\n  ~T();\n  int a_;\n};');
    expect(edited('#ifdef __cplusplus\nextern "C" {\n#endif\nint api_call(int x);\n#ifdef __cplusplus\n}\n#endif', 'api_call', 4, { kind: 'rename' })).toBe('#ifdef __cplusplus\nextern "C" {\n#endif\nint api_call_renamed(int x);\n#ifdef __cplusplus\n}\n#endif');
    expect(edited('int f(int a);', 'f', 1, { kind: 'rename', newName: 'not a name' })).toMatch(/^refused: `not a name` is not a C identifier/);
  });

  it('modern C++ shapes: a trailing return type, an export macro before a class name, macros alone on their line', () => {
    expect(edited('constexpr auto is_int(int t) noexcept -> bool {\n  return t > 0;\n}\n', 'is_int', 1, { kind: 'add_parameter' })).toBe('constexpr auto is_int(int t, int scout_new) noexcept -> bool {\n  return t > 0;\n}\n');
    expect(edited('class LIB_API Node {\n public:\n  bool IsScalar() const { return true; }\n};\n', 'Node.IsScalar', 3, { kind: 'rename', newName: 'IsPlain' })).toBe('class LIB_API Node {\n public:\n  bool IsPlain() const { return true; }\n};\n');
    const macros = 'LIB_BEGIN_NAMESPACE\nLIB_PRAGMA(push_options)\nLIB_BEGIN_EXPORT\ntemplate <typename Char> struct result {\n  const Char* end;\n  int kind;\n};\nLIB_END_EXPORT\n';
    expect(edited(macros, 'result.kind', 6, { kind: 'remove' })).toBe(macros.replace('  int kind;', '  '));
    // A template head whose defaults hold `=` and `<…>` over several lines, before the function.
    const tmpl = 'template <int lo = -2985,\n          class R = typename impl<info, lo>::type,\n          class Int>\nconstexpr R floor_log(Int e) noexcept {\n  return R(e);\n}\n';
    expect(edited(tmpl, 'floor_log', 4, { kind: 'add_parameter' })).toBe(tmpl.replace('floor_log(Int e)', 'floor_log(Int e, int scout_new)'));
  });

  it('make_optional is refused with what works instead, in C and in C++', () => {
    expect(edited('struct o { int qty; };', 'o.qty', 1, { kind: 'make_optional' })).toMatch(/^refused: C has no optional type: ask to change the type to a pointer/);
    expect(edited('struct o { int qty; };', 'o.qty', 1, { kind: 'make_optional' }, 'o.hpp')).toMatch(/or to `std::optional<T>`/);
  });
});
