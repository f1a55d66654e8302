// Builds a hostile repository: files that cost an indexer a lot (or hang it) next to normal code.
//   import { buildHostileRepo, HOSTILE_FULL, HOSTILE_SMALL } from './hostile-repo.mjs';
//   const manifest = buildHostileRepo(dir, HOSTILE_SMALL);
// Returns a manifest: every hostile path with the skip reason a careful indexer should report, and
// every normal file with one definition name it must still find. Deterministic (seeded bytes).
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The repository of issue 13: a 50 MB one-line bundle, 200 binary .ts files, 100,000 brackets deep. */
export const HOSTILE_FULL = {
  bundleBytes: 50 * 1024 * 1024, // one-line minified .js far above the size cap
  minifiedBytes: 900 * 1024, // one-line minified .js just under the 1 MB size cap
  minifiedFiles: 4,
  binaryFiles: 200, // half with NUL bytes, half NUL-free (invalid UTF-8 only)
  binaryBytes: 128 * 1024,
  nestingDepth: 100_000,
  chainDepth: 20_000, // `1 +` terms on separate lines: no brackets, no long line, a tree 20,000 deep
  normalFiles: 40,
};

/** The same shapes, small enough for a test. */
export const HOSTILE_SMALL = {
  bundleBytes: 3 * 1024 * 1024,
  minifiedBytes: 300 * 1024,
  minifiedFiles: 1,
  binaryFiles: 20,
  binaryBytes: 16 * 1024,
  nestingDepth: 100_000,
  chainDepth: 0, // not created: only the parse budget stops it, which costs the budget (test/cli/hostile.test.ts covers that apart)
  normalFiles: 4,
};

/** xorshift32: the same bytes on every run. */
function randomBytes(length, seed, { noNul = false } = {}) {
  const out = Buffer.alloc(length);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    // NUL-free binaries: bytes 0x80-0xff only, which is never valid UTF-8 at this density.
    out[i] = noNul ? 0x80 | (x & 0x7f) : x & 0xff;
  }
  return out;
}

/** One line of minified JavaScript, `bytes` long. */
function minifiedJs(bytes, name) {
  const unit = 'function a(b,c){return b+c*2-(b>>1)}var d=[1,2,3].map(function(e){return a(e,e)});';
  const head = `!function(){var ${name}=0;`;
  const tail = '}();';
  const body = unit.repeat(Math.max(0, Math.floor((bytes - head.length - tail.length) / unit.length)));
  return `${head}${body}${tail}`;
}

function normalTs(i) {
  return [
    `/** Normal module ${i}. */`,
    `export interface Shape${i} { id: number; label: string }`,
    `export function normalFunction${i}(shape: Shape${i}): string {`,
    `  return shape.label.repeat(shape.id);`,
    `}`,
    `export class NormalClass${i} {`,
    `  run(): number { return ${i}; }`,
    `}`,
    '',
  ].join('\n');
}

function normalPy(i) {
  return [`def normal_py_${i}(x):`, `    """Normal Python ${i}."""`, `    return x + ${i}`, '', `class NormalPy${i}:`, `    pass`, ''].join('\n');
}

/**
 * Build the hostile repository in `dir` (created if missing). Options as in HOSTILE_FULL.
 * Returns { skipped: [{path, reason}], normal: [{path, definition}], notCreated: [why] }.
 */
export function buildHostileRepo(dir, options = HOSTILE_FULL) {
  const o = { ...HOSTILE_FULL, ...options };
  const manifest = { skipped: [], normal: [], notCreated: [] };
  const write = (rel, content) => {
    const abs = path.join(dir, rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, content);
  };
  mkdirSync(dir, { recursive: true });

  // Normal code that must still be indexed.
  for (let i = 0; i < o.normalFiles; i++) {
    if (i % 4 === 3) {
      write(`src/py/normal_${i}.py`, normalPy(i));
      manifest.normal.push({ path: `src/py/normal_${i}.py`, definition: `normal_py_${i}` });
    } else {
      write(`src/normal-${i}.ts`, normalTs(i));
      manifest.normal.push({ path: `src/normal-${i}.ts`, definition: `normalFunction${i}` });
    }
  }

  // A huge one-line bundle (size cap) and minified files under the size cap (line-length cap).
  write('public/bundle.min.js', minifiedJs(o.bundleBytes, 'bundle'));
  manifest.skipped.push({ path: 'public/bundle.min.js', reason: 'too_large' });
  for (let i = 0; i < o.minifiedFiles; i++) {
    write(`lib/lib-${i}.min.js`, minifiedJs(o.minifiedBytes, `lib${i}`));
    manifest.skipped.push({ path: `lib/lib-${i}.min.js`, reason: 'minified' });
  }

  // Binary files named .ts: half with NUL bytes, half NUL-free (only invalid UTF-8 gives them away).
  for (let i = 0; i < o.binaryFiles; i++) {
    const noNul = i % 2 === 1;
    const rel = `assets/blob-${String(i).padStart(3, '0')}.ts`;
    write(rel, randomBytes(o.binaryBytes, 0x9e3779b9 ^ (i * 2654435761), { noNul }));
    manifest.skipped.push({ path: rel, reason: 'binary' });
  }

  // Nesting: brackets 100,000 deep in TypeScript, parentheses in Python, on many short lines
  // (so neither the size nor the line-length cap catches them).
  const depth = o.nestingDepth;
  const lines = (open, close, prefix, suffix) => {
    const opens = open.repeat(depth).replace(new RegExp(`(\\${open}{100})`, 'g'), '$1\n');
    const closes = close.repeat(depth).replace(new RegExp(`(\\${close}{100})`, 'g'), '$1\n');
    return `${prefix}${opens}1${closes}${suffix}\n`;
  };
  write('deep/nested.ts', lines('[', ']', 'export const deep = ', ';'));
  manifest.skipped.push({ path: 'deep/nested.ts', reason: 'nesting_too_deep' });
  write('deep/nested.py', lines('(', ')', 'deep = ', ''));
  manifest.skipped.push({ path: 'deep/nested.py', reason: 'nesting_too_deep' });

  // A deep tree without brackets: only the parse time budget stops it (the query over it grows with
  // depth squared: 20,000 terms take minutes in TypeScript).
  if (o.chainDepth > 0) {
    write('deep/chain.ts', `export const sum =\n${'1 +\n'.repeat(o.chainDepth)}1;\n`);
    manifest.skipped.push({ path: 'deep/chain.ts', reason: 'parse_budget_exceeded' });
  }

  // Symlink loops (directory and file), a dangling link, and a link out of the root.
  symlinkSync('.', path.join(dir, 'loop-root'));
  manifest.skipped.push({ path: 'loop-root', reason: 'symlink_loop' });
  mkdirSync(path.join(dir, 'links', 'a'), { recursive: true });
  symlinkSync('..', path.join(dir, 'links', 'a', 'up'));
  manifest.skipped.push({ path: 'links/a/up', reason: 'symlink_loop' });
  symlinkSync('self.ts', path.join(dir, 'links', 'self.ts'));
  manifest.skipped.push({ path: 'links/self.ts', reason: 'symlink_loop' });
  symlinkSync('ping.ts', path.join(dir, 'links', 'pong.ts'));
  symlinkSync('pong.ts', path.join(dir, 'links', 'ping.ts'));
  manifest.skipped.push({ path: 'links/ping.ts', reason: 'symlink_loop' }, { path: 'links/pong.ts', reason: 'symlink_loop' });
  symlinkSync('/etc', path.join(dir, 'links', 'etc'));
  manifest.skipped.push({ path: 'links/etc', reason: 'symlink_outside_root' });
  symlinkSync('/etc/hostname', path.join(dir, 'links', 'hostname.ts'));
  manifest.skipped.push({ path: 'links/hostname.ts', reason: 'symlink_outside_root' });

  // A FIFO (opening it for reading blocks until a writer comes: it must never be opened) and a
  // symlink to it.
  try {
    execFileSync('mkfifo', [path.join(dir, 'pipe.ts')]);
    manifest.skipped.push({ path: 'pipe.ts', reason: 'not_regular_file' });
    symlinkSync('../pipe.ts', path.join(dir, 'links', 'to-pipe.ts'));
    manifest.skipped.push({ path: 'links/to-pipe.ts', reason: 'not_regular_file' });
  } catch (error) {
    manifest.notCreated.push(`FIFO: ${error.message}`);
  }

  // An unreadable file (only when not running as root: root reads anything).
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    write('locked.ts', 'export const locked = 1;\n');
    chmodSync(path.join(dir, 'locked.ts'), 0o000);
    manifest.skipped.push({ path: 'locked.ts', reason: 'unreadable' });
  } else {
    manifest.notCreated.push('unreadable file: running as root, which reads any file');
  }

  // Odd file names: all valid code that must be indexed.
  const odd = [
    ['with space.ts', 'spaced'],
    ['new\nline.ts', 'newlined'],
    ['-leading-dash.ts', 'dashed'],
    ['--help.ts', 'helpish'],
    ['ünïcödé 名前.ts', 'unicoded'],
    ['quote"\'`$(x).ts', 'quoted'],
    ['back\\slash.ts', 'backslashed'],
    [`${'long'.repeat(60)}.ts`, 'longNamed'],
    ['tab\tname.py', 'tabbed'],
  ];
  for (const [name, def] of odd) {
    const rel = `odd/${name}`;
    write(rel, name.endsWith('.py') ? `def ${def}():\n    return 1\n` : `export function ${def}(): number { return 1; }\n`);
    manifest.normal.push({ path: rel, definition: def });
  }
  return manifest;
}
