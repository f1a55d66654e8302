"""Every eligible "add a variant" declaration of a Python project, with the edit (printed as JSON).

Eligible: Enum subclasses (bases named Enum, IntEnum, StrEnum, Flag, IntFlag, ReprEnum): a member
`SCOUT_NEW = <value>` appended to the last member's line after `; ` (a string when every member value is a
string, `auto()` when the last one is `auto()`, else 987654); module-level Literal aliases (`X = Literal[...]`,
`X: TypeAlias = Literal[...]`, `type X = Literal[...]`): `, "__scout_new"` before the closing bracket;
class attributes annotated with Literal[...] (`Owner.attr`): the same. No edit adds a line.
usage: python3 py-targets.py ROOT  (prints {"targets": [...]})
"""
import ast, json, os, sys

ENUM_BASES = {"Enum", "IntEnum", "StrEnum", "Flag", "IntFlag", "ReprEnum"}


def base_name(e):
    if isinstance(e, ast.Name):
        return e.id
    if isinstance(e, ast.Attribute):
        return e.attr
    return None


def is_literal(e):
    return isinstance(e, ast.Subscript) and base_name(e.value) == "Literal"


def main(root):
    out = []
    for dirpath, dirnames, files in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in {".git", ".scout", "node_modules", "__pycache__"})
        for f in sorted(files):
            if not f.endswith(".py"):
                continue
            full = os.path.join(dirpath, f)
            rel = os.path.relpath(full, root).replace(os.sep, "/")
            text = open(full, encoding="utf-8").read()
            try:
                tree = ast.parse(text)
            except SyntaxError:
                continue
            lines = text.splitlines(keepends=True)
            starts = [0]
            for l in lines:
                starts.append(starts[-1] + len(l))

            def off(lineno, col):  # ast columns are UTF-8 byte offsets
                line = lines[lineno - 1]
                return starts[lineno - 1] + len(line.encode("utf-8")[:col].decode("utf-8", "ignore"))

            def literal_edit(sub):
                close = off(sub.end_lineno, sub.end_col_offset) - 1
                if text[close] != "]":
                    return None
                elts = sub.slice.elts if isinstance(sub.slice, ast.Tuple) else [sub.slice]
                numeric = all(isinstance(x, ast.Constant) and isinstance(x.value, int) and not isinstance(x.value, bool) for x in elts)
                value = "987654" if numeric else '"__scout_new"'
                before = text[:close].rstrip()
                sep = " " if before.endswith(",") else ", "
                return len(elts), {"pos": close, "insert": f"{sep}{value}"}

            for node in tree.body:
                # Literal aliases
                value = None
                name = None
                if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                    name, value = node.targets[0].id, node.value
                elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None and base_name(node.annotation) == "TypeAlias":
                    name, value = node.target.id, node.value
                elif hasattr(ast, "TypeAlias") and isinstance(node, getattr(ast, "TypeAlias")):
                    name, value = node.name.id, node.value
                if name and value is not None and is_literal(value):
                    r = literal_edit(value)
                    if r:
                        out.append({"target": name, "file": rel, "line": node.lineno, "kind": "Literal alias", "variants": r[0], "edits": [r[1]]})
                if not isinstance(node, ast.ClassDef):
                    continue
                bases = {base_name(b) for b in node.bases}
                if bases & ENUM_BASES:
                    members = [s for s in node.body if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name) and not s.targets[0].id.startswith("_")]
                    if not members:
                        continue
                    last = members[-1]
                    vals = [m.value for m in members]
                    if all(isinstance(v, ast.Constant) and isinstance(v.value, str) for v in vals):
                        value = '"__scout_new"'
                    elif isinstance(last.value, ast.Call) and base_name(last.value.func) == "auto":
                        value = ast.get_source_segment(text, last.value.func) + "()"
                    else:
                        value = "987654"
                    pos = off(last.end_lineno, last.end_col_offset)
                    out.append({"target": node.name, "file": rel, "line": node.lineno, "kind": f"enum ({'/'.join(sorted(bases & ENUM_BASES))})", "variants": len(members), "edits": [{"pos": pos, "insert": f"; SCOUT_NEW = {value}"}]})
                for s in node.body:
                    if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name) and is_literal(s.annotation):
                        r = literal_edit(s.annotation)
                        if r:
                            out.append({"target": f"{node.name}.{s.target.id}", "file": rel, "line": s.lineno, "kind": "Literal attribute", "variants": r[0], "edits": [r[1]]})
    print(json.dumps({"targets": out}))


main(sys.argv[1])
