"""TypeScript training pairs for scout's code-search word vectors (scripts/code-vectors/README.md).

Same format as extract_pairs.py (docstring words, a tab, code words), from the JSDoc comments of TypeScript
declaration files (*.d.ts): the comment's prose (before its @tags), and the sub-words of the declaration that
follows it (its name three times, then every identifier of up to 12 lines, until the next comment). Leaves out the
repositories that scout's benchmarks search (hono, zod, effect) and tests. Identical pairs are written once.

    python3 extract_ts_pairs.py OUT.tsv ROOT [ROOT ...]
"""
import os
import re
import sys

from extract import parts

EXCLUDED = {'hono', '@hono', 'zod', 'effect', '@effect', 'test', 'tests', '__tests__', '.bin'}
COMMENT = re.compile(r'/\*\*([\s\S]*?)\*/')
NAME = re.compile(r'\b(?:function|class|interface|type|enum|const|let|var|namespace|module)\s+([A-Za-z_$][\w$]*)|^\s*(?:readonly\s+)?([A-Za-z_$][\w$]*)\s*[(<?:]', re.M)
MAX_DOC_WORDS = 60
MAX_CODE_WORDS = 80
DECLARATION_LINES = 12


def doc_words(comment):
    lines = [re.sub(r'^\s*\*\s?', '', line) for line in comment.split('\n')]
    prose = []
    for line in lines:
        if line.lstrip().startswith('@'):
            break
        prose.append(line)
    text = re.sub(r'https?://\S+|\{@link\s+[^}]*\}|`[^`]*`', ' ', ' '.join(prose))
    return [p for w in re.findall(r'[A-Za-z][A-Za-z0-9_]*', text) for p in parts(w)][:MAX_DOC_WORDS]


def code_words(declaration):
    name = NAME.search(declaration)
    out = []
    if name:
        out += parts(name.group(1) or name.group(2)) * 3
    for w in re.findall(r'[A-Za-z_$][\w$]*', declaration):
        out += parts(w)
        if len(out) >= MAX_CODE_WORDS:
            break
    return out[:MAX_CODE_WORDS]


def main():
    out_path, roots = sys.argv[1], sys.argv[2:]
    seen = set()
    with open(out_path, 'w') as out:
        for root in roots:
            for directory, dirs, files in os.walk(root):
                dirs[:] = sorted(d for d in dirs if d not in EXCLUDED)
                for name in sorted(files):
                    if not name.endswith('.d.ts') or '.test.' in name:
                        continue
                    try:
                        with open(os.path.join(directory, name), encoding='utf8') as f:
                            source = f.read()
                    except (UnicodeDecodeError, OSError):
                        continue
                    matches = list(COMMENT.finditer(source))
                    for i, m in enumerate(matches):
                        words = doc_words(m.group(1))
                        if len(words) < 3:
                            continue
                        end = matches[i + 1].start() if i + 1 < len(matches) else len(source)
                        declaration = '\n'.join(source[m.end():end].strip('\n').split('\n')[:DECLARATION_LINES])
                        code = code_words(declaration)
                        if len(code) < 2:
                            continue
                        line = ' '.join(words) + '\t' + ' '.join(code)
                        if line in seen:
                            continue
                        seen.add(line)
                        out.write(line + '\n')
    print(f'{len(seen)} documented declarations', file=sys.stderr)


if __name__ == '__main__':
    main()
