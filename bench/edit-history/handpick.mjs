// The 20 instances of the hand-check: a seeded draw (hash order of the ids). `node handpick.mjs [N]` prints them.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
const inst = JSON.parse(readFileSync(new URL('./instances.json', import.meta.url), 'utf8'));
const n = Number(process.argv[2] ?? 20);
const h = (s) => createHash('sha256').update(`hand-check-v1:${s}`).digest('hex');
const picked = [...inst].sort((a, b) => h(a.commit).localeCompare(h(b.commit))).slice(0, n);
for (const i of picked) console.log(`${i.id}\t${i.kind}\t${i.type}+${i.added.map((a) => a.name).join(',')}\t${i.declaration.file}:${i.declaration.line}\tplaces=${i.places.length}`);
