// Prints one instance for the hand-check: the commit's subject, the declaration, and each truth place with the
// parent's lines and the lines the commit added there. `node show.mjs ID [ID...]`
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mirrorOf } from './corpora.mjs';
const inst = JSON.parse(readFileSync(new URL('./instances.json', import.meta.url), 'utf8'));
const git = (repo, ...a) => { try { return execFileSync('git', ['--git-dir', mirrorOf(repo), ...a], { encoding: 'utf8', maxBuffer: 1 << 28 }); } catch { return ''; } };
for (const id of process.argv.slice(2)) {
  const i = inst.find((x) => x.id === id || x.id.startsWith(id));
  if (!i) { console.log(`no ${id}`); continue; }
  console.log(`=== ${i.id} (${i.split}) ${i.kind} ${i.type} + ${i.added.map((a) => `${a.name}=${JSON.stringify(a.value)}`).join(', ')}`);
  console.log(git(i.repo, 'log', '-1', '--format=%h %s', i.commit).trim());
  console.log(`members: ${i.members.map((m) => m.name).join(' ')}`);
  console.log(`declaration ${i.declaration.file}:${i.declaration.line}-${i.declaration.endLine}; dropped ${JSON.stringify(i.dropped)}`);
  console.log(git(i.repo, 'show', '--stat=200', '--format=', i.commit).trim());
  for (const p of i.places) {
    const old = git(i.repo, 'show', `${i.parent}:${p.file}`).split('\n');
    console.log(`--- ${p.file}:${p.startLine}-${p.endLine}${p.test ? ' test' : ''}${p.doc ? ' doc' : ''}${p.enumerates ? ' enumerates' : ''}`);
    for (let l = p.startLine; l <= Math.min(p.endLine, p.startLine + Number(process.env.SHOW_LINES ?? 5)); l++) console.log(`   ${l}: ${(old[l - 1] ?? '').slice(0, 140)}`);
    const diff = git(i.repo, 'show', '-U0', '--format=', i.commit, '--', p.file).split('\n');
    let on = false;
    const out = [];
    for (const d of diff) {
      const m = /^@@ -(\d+)(?:,(\d+))?/.exec(d);
      if (m) { const s = +m[1], n = m[2] === undefined ? 1 : +m[2]; on = s <= p.endLine + 1 && s + Math.max(n, 1) - 1 >= p.startLine - 1; continue; }
      if (on && d.startsWith('+') && !d.startsWith('+++')) out.push(d);
    }
    for (const d of out.slice(0, Number(process.env.SHOW_ADDED ?? 6))) console.log(`   ${d.slice(0, 140)}`);
    if (out.length > Number(process.env.SHOW_ADDED ?? 6)) console.log(`   … ${out.length - Number(process.env.SHOW_ADDED ?? 6)} more added lines`);
  }
}
