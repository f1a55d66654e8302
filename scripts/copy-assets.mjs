// Build step: copy the tree-sitter query files and grammar .wasm files next to the compiled
// parser, and make the CLI executable. The grammars come from the tree-sitter-* packages
// (development dependencies): the published package ships only their .wasm files and licenses,
// so installing it runs none of their native install scripts (node-gyp-build), which it never uses.
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

cpSync('src/parse/queries', 'dist/parse/queries', { recursive: true });

const require = createRequire(import.meta.url);
const { specFor } = await import(path.resolve('dist/parse/languages/index.js'));
const { LANGUAGES } = await import(path.resolve('dist/core/types.js'));
const out = 'dist/parse/grammars';
mkdirSync(out, { recursive: true });
for (const language of LANGUAGES) {
  const { package: pkg, wasm } = specFor(language).grammar;
  const dir = path.dirname(require.resolve(`${pkg}/package.json`));
  copyFileSync(path.join(dir, wasm), path.join(out, wasm));
  const license = ['LICENSE', 'LICENSE.md', 'LICENSE.txt'].map((f) => path.join(dir, f)).find((f) => existsSync(f));
  if (license) copyFileSync(license, path.join(out, `${pkg}.LICENSE`));
}

chmodSync('dist/cli/main.js', 0o755);
