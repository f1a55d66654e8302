// Build step: copy the tree-sitter query files next to the compiled parser, make the CLI executable, and list the
// shipped word-vector tables' SHA-1s beside the module that loads them (src/embed/word-vectors.ts reads the list, so a
// search need not hash 15.6 MB to know which vectors it compares with).
// (The grammar .wasm files stay in assets/grammars/, which the package ships as is.)
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';

cpSync('src/parse/queries', 'dist/parse/queries', { recursive: true });
chmodSync('dist/cli/main.js', 0o755);

const tables = 'assets/word-vectors';
const fingerprints = {};
for (const name of readdirSync(tables).filter((f) => f.endsWith('.q8.bin')).sort()) {
  const bytes = readFileSync(`${tables}/${name}`);
  fingerprints[name] = { bytes: bytes.length, sha1: createHash('sha1').update(bytes).digest('hex') };
}
writeFileSync('dist/embed/word-vector-fingerprints.json', `${JSON.stringify(fingerprints, null, 2)}\n`);
