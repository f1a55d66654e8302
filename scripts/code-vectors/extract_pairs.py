"""Training pairs for scout's trained code-search word vectors (scripts/code-vectors/README.md).

One line per documented function or class of the given source trees: the words of its docstring's first paragraphs
(what a searcher would say), a tab, then the sub-words of its name (three times) and of the identifiers in its body
(what the code says). Same selection and exclusions as extract.py; nothing is shuffled.

    python3 extract_pairs.py OUT.tsv ROOT [ROOT ...]
"""
import ast
import os
import sys

from extract import EXCLUDED, code_words, doc_words


def main():
    out_path, roots = sys.argv[1], sys.argv[2:]
    pairs = 0
    with open(out_path, 'w') as out:
        for root in roots:
            for directory, dirs, files in os.walk(root):
                dirs[:] = sorted(d for d in dirs if d not in EXCLUDED and not d.startswith('.'))
                for name in sorted(files):
                    if not name.endswith('.py') or name.startswith('test_'):
                        continue
                    try:
                        with open(os.path.join(directory, name), encoding='utf8') as f:
                            tree = ast.parse(f.read())
                    except (SyntaxError, UnicodeDecodeError, ValueError, RecursionError):
                        continue
                    for node in ast.walk(tree):
                        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                            continue
                        doc = ast.get_docstring(node)
                        words = doc_words(doc) if doc else []
                        if len(words) < 3:
                            continue
                        out.write(' '.join(words) + '\t' + ' '.join(code_words(node)) + '\n')
                        pairs += 1
    print(f'{pairs} documented functions and classes', file=sys.stderr)


if __name__ == '__main__':
    main()
