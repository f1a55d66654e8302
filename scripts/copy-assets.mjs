// Build step: copy the tree-sitter query files next to the compiled parser, and make the CLI executable.
// (The grammar .wasm files stay in assets/grammars/, which the package ships as is.)
import { chmodSync, cpSync } from 'node:fs';

cpSync('src/parse/queries', 'dist/parse/queries', { recursive: true });
chmodSync('dist/cli/main.js', 0o755);
