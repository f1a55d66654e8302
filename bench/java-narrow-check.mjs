// Does the Java checker's narrowed check (a project of more than NARROW_FROM sources: only the files that name the
// change are given to javac, the others on -sourcepath) report the same errors as a check of every source?
// Five changes on google/gson pinned at 9835b6f90192f79cdf5300c528fc6212455fb6c1 (prepare it as in
// bench/java-verify.mjs), each checked both ways; prints SAME or DIFF (with the differences) and the times.
// Run: npm run build; node bench/java-narrow-check.mjs
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const { JavaChecker } = await import('../dist/scout/java/checker.js');
const root = path.join(here, 'corpus', 'java-gson');
const G = 'gson/src/main/java/com/google/gson';
const TARGETS = [
  ['JsonToken', `${G}/stream/JsonToken.java`, 'public enum JsonToken', { kind: 'add_variant' }],
  ['JsonReader.nextName', `${G}/stream/JsonReader.java`, 'public String nextName()', { kind: 'rename', newName: 'readName' }],
  ['Strictness', `${G}/Strictness.java`, 'public enum Strictness', { kind: 'remove', member: 'LEGACY_STRICT' }],
  ['JsonReader.setStrictness', `${G}/stream/JsonReader.java`, 'public final void setStrictness', { kind: 'add_parameter' }],
  ['JsonPrimitive', `${G}/JsonPrimitive.java`, 'public final class JsonPrimitive', { kind: 'remove' }],
];
const lineOf = (file, needle) => readFileSync(path.join(root, file), 'utf8').split('\n').findIndex((l) => l.includes(needle)) + 1;
const cache = mkdtempSync(path.join(os.tmpdir(), 'scout-java-narrow-'));
const full = new JavaChecker({ cacheDir: path.join(cache, 'full'), narrowFrom: Number.MAX_SAFE_INTEGER });
const narrow = new JavaChecker({ cacheDir: path.join(cache, 'narrow') });
const errors = (o) => (o.status === 'checked' ? o.check.errors.map((e) => `${e.file}:${e.line}:${e.column} ${e.code}`).sort() : [`refused: ${o.reason}`]);
let same = true;
for (const [name, file, needle, change] of TARGETS) {
  const request = () => ({ root, declaration: { name, file, line: lineOf(file, needle) }, deadline: performance.now() + 300_000, change });
  let t = performance.now();
  const a = await full.applyChange(request());
  const fullMs = Math.round(performance.now() - t);
  t = performance.now();
  const b = await narrow.applyChange(request());
  const narrowMs = Math.round(performance.now() - t);
  const [x, y] = [errors(a), errors(b)];
  const equal = x.join('\n') === y.join('\n');
  same &&= equal;
  console.log(JSON.stringify({ target: name, change: change.kind, result: equal ? 'SAME' : 'DIFF', errors: x.length, files: [a.check?.checkedFiles, b.check?.checkedFiles], fullMs, narrowMs, load: os.loadavg()[0].toFixed(1) }));
  if (!equal) console.log(JSON.stringify({ onlyFull: x.filter((e) => !y.includes(e)).slice(0, 10), onlyNarrow: y.filter((e) => !x.includes(e)).slice(0, 10) }));
}
full.dispose();
narrow.dispose();
rmSync(cache, { recursive: true, force: true });
process.exitCode = same ? 0 : 1;
