// The Rust side of the random whatbreaks benchmark: the eligible enums of a crate, the crate's manifest made
// checkable offline, and the oracle (cargo check on a copy of the corpus).
//
// Eligible (rustTargets): every `enum` item in the corpus's Rust files (pub or not), found in a tree-sitter
// parse (the grammar scout ships), outside `#[cfg(test)]` modules; names declared twice in a corpus are
// ambiguous. The edit: a unit variant `__ScoutNew` before the enum body's closing brace (a comma first when the
// last variant has none), no line added.
//
// The oracle (RsOracle): `cargo check --offline --message-format=json` on a copy of the corpus with its own
// CARGO_TARGET_DIR; the baseline is checked once; each target's file is edited in the copy, the crate checked
// again and the file restored. Errors new as a multiset of (file, line, code) are the breaking sites; errors on
// the inserted variant itself (a lint the crate denies, such as missing_docs) are about the edit and left out.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../corpus.mjs';

const NEW = '__ScoutNew';

async function rustParser() {
  const { loadLanguage } = await import(path.join(repoRoot, 'dist', 'parse', 'loader.js'));
  return (await loadLanguage('rust')).parser;
}

function rustFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const f = path.join(d, e.name);
      if (e.isDirectory()) { if (!e.name.startsWith('.') && e.name !== 'target') walk(f); } else if (e.name.endsWith('.rs')) out.push(f);
    }
  };
  walk(dir);
  return out;
}

/** Whether a node carries `#[cfg(test)]` (the attribute items right before it). */
function cfgTest(node) {
  for (let p = node.previousNamedSibling; p && (p.type === 'attribute_item' || p.type.endsWith('comment')); p = p.previousNamedSibling) {
    if (p.type === 'attribute_item' && /^#\[\s*cfg\s*\(\s*test\s*\)\s*\]$/.test(p.text)) return true;
  }
  return false;
}

/** Every enum of the corpus: { target, file, line, kind, family, variants, exported, edits: [{ pos, insert }] }. */
export async function rustTargets(dir) {
  const parser = await rustParser();
  const targets = [];
  for (const abs of rustFiles(dir)) {
    const file = path.relative(dir, abs).split(path.sep).join('/');
    const text = readFileSync(abs, 'utf8');
    const tree = parser.parse(text);
    const visit = (node) => {
      if ((node.type === 'mod_item' || node.type === 'function_item') && cfgTest(node)) return;
      if (node.type === 'enum_item') {
        const body = node.childForFieldName('body');
        const close = body?.lastChild;
        if (body && close?.type === '}' && !body.hasError) {
          let last = close.previousSibling;
          while (last && last.type.endsWith('comment')) last = last.previousSibling;
          const comma = last && last.type !== ',' && last.type !== '{';
          const attrs = [];
          for (let p = node.previousNamedSibling; p && (p.type === 'attribute_item' || p.type.endsWith('comment')); p = p.previousNamedSibling) if (p.type === 'attribute_item') attrs.push(p.text);
          targets.push({
            target: node.childForFieldName('name').text,
            file,
            line: node.childForFieldName('name').startPosition.row + 1,
            kind: attrs.some((a) => /^#\[\s*non_exhaustive\s*\]$/.test(a)) ? 'enum (#[non_exhaustive])' : 'enum',
            family: 'enum',
            variants: body.namedChildren.filter((c) => c.type === 'enum_variant').map((c) => c.childForFieldName('name').text),
            exported: node.namedChildren.some((c) => c.type === 'visibility_modifier' && c.text === 'pub'),
            edits: [{ pos: close.startIndex, insert: `${comma ? ', ' : ' '}${NEW} ` }],
          });
        }
      }
      for (const c of node.namedChildren) visit(c);
    };
    visit(tree.rootNode);
    tree.delete();
  }
  const counts = new Map();
  for (const t of targets) counts.set(t.target, (counts.get(t.target) ?? 0) + 1);
  for (const t of targets) t.ambiguous = counts.get(t.target) > 1;
  return targets;
}

/**
 * A manifest cargo can resolve offline with no registry: optional dependencies (off by default here) and
 * dev-dependencies removed, with the feature entries that name them; `[[bench]]`/`[[test]]`/`[[example]]` tables
 * and workspace inheritance dropped. A required dependency left means the crate cannot be a corpus (throws).
 */
export function offlineManifest(text) {
  const out = [];
  let section = '';
  let skipTable = false;
  const optional = new Set();
  for (const line of text.split('\n')) {
    const header = /^\s*\[\[?([^\]]+)\]\]?\s*(?:#.*)?$/.exec(line);
    if (header) {
      section = header[1].trim();
      skipTable = /^\[\[/.test(line.trim()) && /^(bench|test|example)$/.test(section) || /dev-dependencies$/.test(section);
      if (!skipTable) out.push(line);
      continue;
    }
    if (skipTable) continue;
    if (/^\s*workspace\s*=/.test(line) && section === 'package') continue;
    if (/^\s*[\w-]+\.workspace\s*=\s*true/.test(line)) continue;
    if (/(^|\.)dependencies$/.test(section) && line.trim() && !line.trim().startsWith('#')) {
      const dep = /^\s*([\w-]+)\s*=/.exec(line)?.[1];
      if (dep && /optional\s*=\s*true/.test(line)) { optional.add(dep); continue; }
      if (dep) throw new Error(`required dependency ${dep}: not a corpus that checks offline`);
    }
    out.push(line);
  }
  // Feature lists: drop entries that name a removed dependency (`dep:x`, `x/feat`, `x?/feat`, `x`).
  const text2 = out.join('\n');
  return text2.replace(/^(\s*[\w-]+\s*=\s*)\[([^\]]*)\]/gm, (m, head, list) => {
    const items = list.split(',').map((s) => s.trim()).filter(Boolean).filter((s) => {
      const name = s.replace(/^"|"$/g, '').replace(/^dep:/, '').replace(/\??\/.*$/, '');
      return !optional.has(name);
    });
    return `${head}[${items.join(', ')}]`;
  });
}

export function cargoVersion() {
  return execFileSync('cargo', ['--version'], { encoding: 'utf8' }).trim();
}

export class RsOracle {
  constructor(name, dir) {
    this.copy = path.join(os.tmpdir(), `scout-rnd-cargo-${name}-${process.pid}`);
    rmSync(this.copy, { recursive: true, force: true });
    cpSync(dir, this.copy, { recursive: true, filter: (s) => !/[\\/](\.git|\.scout|target)$/.test(s) });
    this.target = path.join(this.copy, '..', `${path.basename(this.copy)}-target`);
    // The crate: the directory of the Cargo.toml nearest to the corpus root.
    const find = (d) => { if (readdirSync(d).includes('Cargo.toml')) return d; for (const e of readdirSync(d, { withFileTypes: true })) if (e.isDirectory() && !e.name.startsWith('.')) { const f = find(path.join(d, e.name)); if (f) return f; } return null; };
    this.crate = find(this.copy);
    this.baseline = this.check();
  }

  check() {
    const r = spawnSync('cargo', ['check', '--offline', '--message-format=json'], { cwd: this.crate, encoding: 'utf8', maxBuffer: 256 << 20, env: { ...process.env, CARGO_TARGET_DIR: this.target, CARGO_TERM_COLOR: 'never' } });
    const out = [];
    let compiled = false;
    for (const line of r.stdout.split('\n')) {
      if (!line.startsWith('{')) continue;
      const m = JSON.parse(line);
      if (m.reason === 'build-finished') compiled = true;
      if (m.reason !== 'compiler-message' || m.message.level !== 'error') continue;
      const s = m.message.spans.find((x) => x.is_primary) ?? m.message.spans[0];
      if (!s) continue;
      const file = path.relative(this.copy, path.resolve(this.crate, s.file_name)).split(path.sep).join('/');
      out.push({ file, line: s.line_start, column: s.column_start, code: m.message.code?.code ?? 'error', message: m.message.message.replace(/\s+/g, ' ').slice(0, 300) });
    }
    if (!compiled) throw new Error(`cargo check did not run: ${r.stderr.split('\n').find((l) => l.startsWith('error')) ?? r.stderr.slice(0, 200)}`);
    return out;
  }

  run(t) {
    const t0 = performance.now();
    const file = path.join(this.copy, t.file);
    const text = readFileSync(file, 'utf8');
    const [e] = t.edits;
    writeFileSync(file, text.slice(0, e.pos) + e.insert + text.slice(e.pos));
    let diags;
    try { diags = this.check(); } finally { writeFileSync(file, text); }
    // The inserted variant's own line and columns (1-based, characters; the edit is ASCII).
    const before = text.slice(0, e.pos);
    const editLine = before.split('\n').length;
    const editCol = [...before.slice(before.lastIndexOf('\n') + 1)].length + 1;
    const onEdit = (d) => d.file === t.file && d.line === editLine && d.column >= editCol && d.column < editCol + e.insert.length;
    const left = new Map();
    const key = (d) => `${d.file}|${d.line}|${d.code}`;
    for (const d of this.baseline) left.set(key(d), (left.get(key(d)) ?? 0) + 1);
    const errorSites = [];
    for (const d of diags) {
      if (onEdit(d)) continue;
      const n = left.get(key(d)) ?? 0;
      if (n > 0) { left.set(key(d), n - 1); continue; }
      errorSites.push({ ...d, unit: undefined });
    }
    return { target: t.target, file: t.file, line: t.line, kind: t.kind, variants: t.variants, edit: e.insert.trim(), ms: Math.round(performance.now() - t0), errorSites };
  }

  dispose() { rmSync(this.copy, { recursive: true, force: true }); rmSync(this.target, { recursive: true, force: true }); }
}
