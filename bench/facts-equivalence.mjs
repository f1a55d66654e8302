#!/usr/bin/env node
// Are the facts extracted by this build identical to another build's? For parser and extraction
// performance work, where the facts must not change. Build the other commit somewhere first, e.g.
//   git archive <commit> | tar -x -C /tmp/base && ln -s "$PWD/node_modules" /tmp/base/ && (cd /tmp/base && npx tsc)
//   node bench/facts-equivalence.mjs /tmp/base/dist [dir ...]
// Directories default to the bench corpora (effect, three.js, one rxjs copy) and test/fixtures.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { benchDir, repoRoot } from './corpus.mjs';

const [otherDist, ...dirsArg] = process.argv.slice(2);
if (!otherDist) {
  console.error('usage: node bench/facts-equivalence.mjs <other build dist/> [dir ...]');
  process.exit(2);
}
const dirs = dirsArg.length
  ? dirsArg
  : ['corpus/effect-100k/src', 'corpus/three-100k/src', 'corpus/rxjs-10k-files/copy0'].map((d) => path.join(benchDir, d)).concat(path.join(repoRoot, 'test/fixtures'));
const other = await import(path.resolve(otherDist, 'parse/extract.js'));
const ours = await import(path.join(repoRoot, 'dist/parse/extract.js'));
const { languageOf } = await import(path.join(repoRoot, 'dist/workspace/language.js'));

const files = [];
const walk = (dir) => {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const f = path.join(dir, e.name);
    if (e.isDirectory() && e.name !== '.scout' && e.name !== '.git') walk(f);
    else if (e.isFile()) files.push(f);
  }
};
for (const d of dirs) if (existsSync(d)) walk(d);

const facts = async (module, language, source) => {
  try {
    return JSON.stringify(await module.extractFacts(language, source));
  } catch (error) {
    return `error: ${error.message}`;
  }
};
let compared = 0;
const different = [];
for (const f of files) {
  const language = languageOf(f);
  if (!language) continue;
  const source = readFileSync(f, 'utf8');
  compared++;
  if ((await facts(other, language, source)) !== (await facts(ours, language, source))) different.push(f);
}
console.log(`${compared} files compared, ${different.length} with different facts`);
for (const f of different.slice(0, 20)) console.log(`  ${path.relative(repoRoot, f)}`);
process.exitCode = different.length === 0 ? 0 : 1;
