"""Training pairs for scout's trained code-search word vectors (scripts/code-vectors/README.md).

One line per documented function or class of the given source trees: the words of its docstring's first paragraphs
(what a searcher would say), a tab, then the sub-words of its name (three times) and of the identifiers in its body
(what the code says). Same selection and exclusions as extract.py; nothing is shuffled.

    python3 extract_pairs.py OUT.tsv ROOT [ROOT ...]
"""
import sys

from extract import documented


def main():
    out_path, roots = sys.argv[1], sys.argv[2:]
    pairs = 0
    with open(out_path, 'w') as out:
        for words, code in documented(roots):
            out.write(' '.join(words) + '\t' + ' '.join(code) + '\n')
            pairs += 1
    print(f'{pairs} documented functions and classes', file=sys.stderr)


if __name__ == '__main__':
    main()
