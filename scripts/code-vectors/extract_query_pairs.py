"""Training pairs from the web-search queries that helpers wrote (web-queries/*.jsonl; scripts/code-vectors/README.md).

One line per query: its words, a tab, then the function's code words and its docstring's words (what a chunk of
the index holds), in the format of extract_pairs.py. The function is found again from its ID (the file under its
tree, the line, the name), so this reads only the files that the queries name.

    python3 extract_query_pairs.py OUT.tsv QUERIES.jsonl [QUERIES.jsonl ...]
"""
import ast
import json
import re
import sys

from extract import code_words, doc_words, parts

TREES = {'python3.11': '/usr/lib/python3.11'}
PACKAGES = '/usr/lib/python3/dist-packages'


def source_path(function_id):
    tree, _, rest = function_id.partition('/')
    return f"{TREES.get(tree, f'{PACKAGES}/{tree}')}/{rest.rsplit(':', 2)[0]}"


def find_function(tree, function_id):
    line, name = function_id.rsplit(':', 2)[1:]
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.lineno == int(line) and node.name == name:
            return node
    return None


def query_words(query):
    return [p for w in re.findall(r'[A-Za-z][A-Za-z0-9_]*', query) for p in parts(w)]


def main():
    out_path, inputs = sys.argv[1], sys.argv[2:]
    trees, pairs, missing = {}, 0, 0
    with open(out_path, 'w') as out:
        for path in sorted(inputs):  # the same order whatever the shell's collation
            with open(path) as f:
                for line in f:
                    if not line.strip():
                        continue
                    entry = json.loads(line)
                    file = source_path(entry['id'])
                    if file not in trees:
                        with open(file, encoding='utf8') as source:
                            trees[file] = ast.parse(source.read())
                    node = find_function(trees[file], entry['id'])
                    if node is None:
                        missing += 1
                        continue
                    code = code_words(node) + doc_words(ast.get_docstring(node) or '')
                    for query in entry['queries']:
                        words = query_words(query)
                        if words:
                            out.write(' '.join(words) + '\t' + ' '.join(code) + '\n')
                            pairs += 1
    print(f'{pairs} query pairs ({missing} functions not found)', file=sys.stderr)


if __name__ == '__main__':
    main()
