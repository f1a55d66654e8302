"""Training text for scout's code word vectors (scripts/code-vectors/README.md).

One line per documented function or class of the given source trees: the words of its docstring's first paragraphs,
the sub-words of its name (three times) and of the identifiers in its body, shuffled with a fixed seed so that a
word2vec window sees docstring words next to code words (what a query says next to what code says).

    python3 extract.py OUT.txt ROOT [ROOT ...]
"""
import ast
import os
import random
import re
import sys

# Never trained on: the code of scout's benchmarks (bench/query-function, bench/localize) and of the final checks.
EXCLUDED = {
    'click', 'flask', 'werkzeug', 'attr', 'attrs', 'httpx', 'dateutil', 'toolz', 'cytoolz', 'pydash', 'humanize',
    'tabulate', 'boltons', 'more_itertools', 'requests', '_pytest', 'pytest',
    # not source a person wrote, or not code: vendored copies, tests, generated SDKs
    '_vendor', 'vendor', 'test', 'tests', 'testing', 'azure', 'botocore', 'boto3', 'awscli',
}
MAX_DOC_WORDS = 60
MAX_CODE_WORDS = 80


def parts(word):
    spaced = re.sub(r'([a-z0-9])([A-Z])', r'\1 \2', word)
    spaced = re.sub(r'([A-Z]+)([A-Z][a-z])', r'\1 \2', spaced)
    return [p.lower() for p in re.split(r'[\s_$0-9]+', spaced) if len(p) >= 2]


def doc_words(doc):
    # The prose before the first section (Args:, Parameters, :param, >>> examples).
    text = re.split(r'\n\s*(?:Args|Arguments|Parameters|Returns|Raises|Yields|Examples?|Notes?|See Also)\s*:?\s*\n|:param|>>>', doc)[0]
    return [p for w in re.findall(r'[A-Za-z][A-Za-z0-9_]*', text) for p in parts(w)][:MAX_DOC_WORDS]


def code_words(node):
    out = parts(node.name) * 3
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name):
            out += parts(sub.id)
        elif isinstance(sub, ast.Attribute):
            out += parts(sub.attr)
        elif isinstance(sub, ast.arg):
            out += parts(sub.arg)
        if len(out) >= MAX_CODE_WORDS:
            break
    return out[:MAX_CODE_WORDS]


def documented_nodes(roots):
    """(path, source, node, docstring) of each documented function or class under the roots, in a fixed order."""
    for root in roots:
        for directory, dirs, files in os.walk(root):
            dirs[:] = sorted(d for d in dirs if d not in EXCLUDED and not d.startswith('.'))
            for name in sorted(files):
                if not name.endswith('.py') or name.startswith('test_'):
                    continue
                path = os.path.join(directory, name)
                try:
                    with open(path, encoding='utf8') as f:
                        source = f.read()
                    tree = ast.parse(source)
                except (SyntaxError, UnicodeDecodeError, ValueError, RecursionError):
                    continue
                for node in ast.walk(tree):
                    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                        doc = ast.get_docstring(node)
                        if doc:
                            yield path, source, node, doc


def documented(roots):
    """(docstring words, code words) of each documented function or class under the roots, in a fixed order."""
    for _, _, node, doc in documented_nodes(roots):
        words = doc_words(doc)
        if len(words) >= 3:
            yield words, code_words(node)


def main():
    out_path, roots = sys.argv[1], sys.argv[2:]
    rng = random.Random(20261126)
    lines = 0
    with open(out_path, 'w') as out:
        for words, code in documented(roots):
            tokens = words + code
            rng.shuffle(tokens)
            out.write(' '.join(tokens) + '\n')
            lines += 1
    print(f'{lines} documented functions and classes', file=sys.stderr)


if __name__ == '__main__':
    main()
