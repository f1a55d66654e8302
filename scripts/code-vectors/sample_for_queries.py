"""Functions for helpers to write web-search queries for (scripts/code-vectors/README.md, web-queries/).

Draws documented Python functions (3 to 30 lines, not dunders, distinct code) from the same trees and exclusions as
extract.py, with a fixed seed and at most a tenth of them from any one tree (sympy alone would be a third), and
writes them in batches of 100: a line `### ID` before each function's source. ID is the file's path under its tree,
the line and the name, which extract_query_pairs.py uses to find the function again.

    python3 sample_for_queries.py OUT_DIR COUNT [--exclude DIR] [--first-batch N] ROOT [ROOT ...]

--exclude DIR leaves out the functions that the queries in DIR/*.jsonl already cover: a second round drawn with a
larger COUNT adds only new functions (web-queries/README.md lists the rounds).
"""
import argparse
import ast
import glob
import json
import os
import random
import sys

from extract import documented_nodes

SEED = 20261126
BATCH = 100
MAX_SHARE = 0.1


def function_id(root, path, node):
    return f'{os.path.basename(root)}/{os.path.relpath(path, root)}:{node.lineno}:{node.name}'


def candidates(roots):
    seen = set()
    for root in roots:
        for path, source, node, _ in documented_nodes([root]):
            if isinstance(node, ast.ClassDef) or node.name.startswith('__'):
                continue
            text = ast.get_source_segment(source, node, padded=True)
            if not text or not 3 <= text.count('\n') + 1 <= 30 or text in seen:
                continue
            seen.add(text)
            yield root, function_id(root, path, node), text


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('out_dir')
    parser.add_argument('count', type=int)
    parser.add_argument('roots', nargs='+')
    parser.add_argument('--exclude')
    parser.add_argument('--first-batch', type=int, default=1)
    args = parser.parse_args()
    out_dir, count, roots = args.out_dir, args.count, args.roots
    covered = set()
    for path in glob.glob(os.path.join(args.exclude, '*.jsonl')) if args.exclude else []:
        with open(path) as f:
            covered |= {json.loads(line)['id'] for line in f if line.strip()}
    rng = random.Random(SEED)
    pool = list(candidates(roots))
    rng.shuffle(pool)
    per_root, chosen = {}, []
    for root, fid, text in pool:
        if per_root.get(root, 0) < MAX_SHARE * count:
            per_root[root] = per_root.get(root, 0) + 1
            chosen.append((fid, text))
        if len(chosen) == count:
            break
    chosen = [(fid, text) for fid, text in chosen if fid not in covered]
    os.makedirs(out_dir, exist_ok=True)
    for b in range(0, len(chosen), BATCH):
        with open(os.path.join(out_dir, f'batch-{b // BATCH + args.first_batch:02d}.txt'), 'w') as f:
            for fid, text in chosen[b:b + BATCH]:
                f.write(f'### {fid}\n{text}\n\n')
    print(f'{len(pool)} candidates, {len(chosen)} drawn (not yet covered): ' +
          ', '.join(f'{os.path.basename(r)} {n}' for r, n in sorted(per_root.items(), key=lambda x: -x[1])), file=sys.stderr)


if __name__ == '__main__':
    main()
