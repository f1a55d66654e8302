// The Rust side of the random whatbreaks benchmark: the eligible enums of a crate, the crate's manifest made
// checkable offline, and the oracle (cargo check on a copy of the corpus).
//
// Eligible (rustTargets): every `enum` item in the corpus's Rust files (pub or not), found in a tree-sitter
// parse (the grammar scout ships), outside `#[cfg(test)]` modules; names declared twice in a corpus are
// ambiguous. The edit: a unit variant `__ScoutNew` before the enum body's closing brace (a comma first when the
// last variant has none), no line added.
//
// The oracle (RsOracle, a CopyOracle: compiler-oracle.mjs): `cargo check --offline --message-format=json` on a
// copy of the corpus with its own CARGO_TARGET_DIR; the baseline is checked once; each target's file is edited in
// the copy, the crate checked again and the file restored. Errors new as a multiset of (file, line, code) are the
// breaking sites; errors on the inserted variant itself (a lint the crate denies, such as missing_docs) are about
// the edit and left out.
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CopyOracle, markAmbiguous, sourceFiles, treeSitterParser } from './compiler-oracle.mjs';

const NEW = '__ScoutNew';

/** Whether a node carries `#[cfg(test)]` (the attribute items right before it). */
function cfgTest(node) {
  for (let p = node.previousNamedSibling; p && (p.type === 'attribute_item' || p.type.endsWith('comment')); p = p.previousNamedSibling) {
    if (p.type === 'attribute_item' && /^#\[\s*cfg\s*\(\s*test\s*\)\s*\]$/.test(p.text)) return true;
  }
  return false;
}

/** Every enum of the corpus: { target, file, line, kind, family, variants, exported, edits: [{ pos, insert }] }. */
export async function rustTargets(dir) {
  const parser = await treeSitterParser('rust');
  const targets = [];
  for (const abs of sourceFiles(dir, '.rs', 'target')) {
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
  return markAmbiguous(targets);
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

export class RsOracle extends CopyOracle {
  constructor(name, dir) {
    super('cargo', name, dir, /[\\/](\.git|\.scout|target)$/);
    this.target = path.join(this.copy, '..', `${path.basename(this.copy)}-target`);
    this.beside.push(this.target);
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
}
