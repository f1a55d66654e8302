// What the compiler oracles of the random whatbreaks benchmark share (rs-oracle.mjs: cargo, hs-oracle.mjs: GHC):
// the corpus's source files, the tree-sitter parser scout ships, names declared twice marked ambiguous, and the
// oracle itself: a copy of the corpus, checked once unmodified (the baseline); for each target its file is
// edited in the copy, the corpus checked again and the file restored. Diagnostics new as a multiset of (file,
// line, code) are the breaking sites; those on the inserted text itself are about the edit and left out.
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../corpus.mjs';

/** The files below `dir` ending in `ext`, sorted; hidden directories and `skipDir` (build output) left out. */
export function sourceFiles(dir, ext, skipDir) {
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const f = path.join(d, e.name);
      if (e.isDirectory()) { if (!e.name.startsWith('.') && e.name !== skipDir) walk(f); } else if (e.name.endsWith(ext)) out.push(f);
    }
  };
  walk(dir);
  return out;
}

/** The tree-sitter parser scout ships for `language` (from the built dist/). */
export async function treeSitterParser(language) {
  const { loadLanguage } = await import(path.join(repoRoot, 'dist', 'parse', 'loader.js'));
  return (await loadLanguage(language)).parser;
}

/** Mark the targets whose name is declared more than once in the corpus. */
export function markAmbiguous(targets) {
  const counts = new Map();
  for (const t of targets) counts.set(t.target, (counts.get(t.target) ?? 0) + 1);
  for (const t of targets) t.ambiguous = counts.get(t.target) > 1;
  return targets;
}

/**
 * The diagnostics of the edited copy that are breaks: not on the inserted text itself, and not already in the
 * baseline (a multiset keyed by file, line and code: an error that was there stays there once).
 */
export function newErrorSites(diags, baseline, onEdit) {
  const left = new Map();
  const key = (d) => `${d.file}|${d.line}|${d.code}`;
  for (const d of baseline) left.set(key(d), (left.get(key(d)) ?? 0) + 1);
  const errorSites = [];
  for (const d of diags) {
    if (onEdit(d)) continue;
    const n = left.get(key(d)) ?? 0;
    if (n > 0) { left.set(key(d), n - 1); continue; }
    errorSites.push({ ...d, unit: undefined });
  }
  return errorSites;
}

/**
 * A copy of the corpus in the temp directory (`scout-rnd-<tool>-<name>-<pid>`, what `skip` matches left out).
 * A subclass checks it (`check()`: diagnostics { file, line, column, code, message }, 1-based, characters) and
 * sets `baseline` once it is set up.
 */
export class CopyOracle {
  constructor(tool, name, dir, skip) {
    this.copy = path.join(os.tmpdir(), `scout-rnd-${tool}-${name}-${process.pid}`);
    rmSync(this.copy, { recursive: true, force: true });
    cpSync(dir, this.copy, { recursive: true, filter: (s) => !skip.test(s) });
    /** Removed with the copy (the tool's output). */
    this.beside = [];
  }

  run(t) {
    const t0 = performance.now();
    const file = path.join(this.copy, t.file);
    const text = readFileSync(file, 'utf8');
    const [e] = t.edits;
    writeFileSync(file, text.slice(0, e.pos) + e.insert + text.slice(e.pos));
    let diags;
    try { diags = this.check(); } finally { writeFileSync(file, text); }
    // The inserted text's own line and columns (1-based, characters; the edit is ASCII).
    const before = text.slice(0, e.pos);
    const editLine = before.split('\n').length;
    const editCol = [...before.slice(before.lastIndexOf('\n') + 1)].length + 1;
    const onEdit = (d) => d.file === t.file && d.line === editLine && d.column >= editCol && d.column < editCol + e.insert.length;
    const errorSites = newErrorSites(diags, this.baseline, onEdit);
    return { target: t.target, file: t.file, line: t.line, kind: t.kind, variants: t.variants, edit: e.insert.trim(), ms: Math.round(performance.now() - t0), errorSites };
  }

  dispose() {
    rmSync(this.copy, { recursive: true, force: true });
    for (const d of this.beside) rmSync(d, { recursive: true, force: true });
  }
}
