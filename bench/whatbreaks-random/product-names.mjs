// The guard against a benchmark that can be tuned to: drawn target names found in product code (src/).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../corpus.mjs';

/**
 * Drawn target names that occur in product code (src/, comments stripped), as a whole word: the target's name
 * (an enum, a union) or, for `Owner.prop`, the owner's name and `Owner.prop`. A bare property name (`mode`,
 * `$schema`) is a common word and is not checked. The run fails when any is found.
 */
export function namesInProductCode(drawn) {
  const found = [];
  const files = [];
  const walk = (d) => { for (const e of readdirSync(d, { withFileTypes: true })) { const f = path.join(d, e.name); if (e.isDirectory()) walk(f); else files.push(f); } };
  walk(path.join(repoRoot, 'src'));
  const texts = files.map((f) => [f, readFileSync(f, 'utf8').replace(f.endsWith('.scm') ? /;.*$/gm : /$^/, '').replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')]);
  for (const t of drawn) {
    const names = t.target.includes('.') ? [t.target, t.target.split('.')[0]] : [t.target];
    for (const name of names) {
      const re = new RegExp(`(?<![A-Za-z0-9_$])${name.replace(/[$.]/g, '\\$&')}(?![A-Za-z0-9_$])`);
      for (const [f, text] of texts) if (re.test(text)) found.push(`${t.target} (${name}): ${path.relative(repoRoot, f)}`);
    }
  }
  return found;
}
