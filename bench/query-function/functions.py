"""List the documented functions of Python files as JSON lines (for bench/query-function/build.mjs).

Reads file paths on stdin (each relative to the current directory); prints one object per function or method whose
docstring is present: {"path", "qualname", "line", "end_line", "code"}. `code` is the function's source, dedented, from
its `def` line (decorators dropped), docstring included: the shape of a CoSQA code snippet.
"""
import ast
import json
import sys
import textwrap


def functions(tree):
    stack = [(tree, "")]
    while stack:
        node, prefix = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                stack.append((child, f"{prefix}{child.name}."))
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                yield child, f"{prefix}{child.name}"


for rel in sys.stdin.read().split("\n"):
    if not rel:
        continue
    text = open(rel, encoding="utf-8").read()
    try:
        tree = ast.parse(text)
    except SyntaxError:
        continue
    lines = text.split("\n")
    for fn, qualname in functions(tree):
        if not ast.get_docstring(fn):
            continue
        code = textwrap.dedent("\n".join(lines[fn.lineno - 1 : fn.end_lineno]))
        print(json.dumps({"path": rel, "qualname": qualname, "line": fn.lineno, "end_line": fn.end_lineno, "code": code}))
