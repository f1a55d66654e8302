// Print the tree-sitter syntax tree of a file, for writing queries:
//   node scripts/dump-tree.mjs <wasm-file in assets/grammars> <source-file>
// e.g. node scripts/dump-tree.mjs tree-sitter-python.wasm x.py
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Language, Parser } from 'web-tree-sitter';

const [wasm, file] = process.argv.slice(2);
const grammars = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'assets', 'grammars');
await Parser.init();
const lang = await Language.load(path.join(grammars, wasm));
const parser = new Parser();
parser.setLanguage(lang);
const tree = parser.parse(readFileSync(file, 'utf8'));
function print(cursor, depth) {
  const n = cursor.currentNode;
  const field = cursor.currentFieldName ? `${cursor.currentFieldName}: ` : '';
  const text = n.childCount === 0 ? ` ${JSON.stringify(n.text)}` : '';
  if (n.isNamed || n.childCount === 0) console.log(`${'  '.repeat(depth)}${field}${n.isNamed ? n.type : JSON.stringify(n.type)} [${n.startPosition.row + 1}:${n.startPosition.column}]${n.isNamed ? text : ''}`);
  if (cursor.gotoFirstChild()) {
    do print(cursor, depth + 1);
    while (cursor.gotoNextSibling());
    cursor.gotoParent();
  }
}
print(tree.walk(), 0);
