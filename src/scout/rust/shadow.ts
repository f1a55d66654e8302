/**
 * The shadow crate cargo checks instead of the user's tree: a directory outside the repository, in the
 * user's cache (`$XDG_CACHE_HOME/semantic-scout/cargo/<key>/src`, beside its persistent `target/`),
 * mirroring the crate (or workspace) with hard links (copies across devices). It stays at the same path
 * between questions and processes, so cargo's fingerprints and incremental state carry over: the second
 * check only recompiles the edited crate.
 *
 * The user's files are never written: the edited file replaces its link with a new file (the link is removed
 * first: writing through a hard link would write the user's file), and `Cargo.lock` and `Cargo.toml` are
 * copies (cargo may rewrite a lock file). A file that held edited text is written again as a fresh copy on the
 * next sync, with a new mtime: cargo decides what to rebuild by mtime, and a restored link would carry the
 * original's older one and look up to date. Which files hold edited text is recorded in `dirty.json` before
 * they are written, so a process that dies midway leaves nothing stale.
 *
 * The unmodified crate's errors are kept beside it (`baseline.json`, keyed by the crate's stamp and the
 * toolchain), so a fresh process does not check the baseline again.
 *
 * The Haskell checker uses the same shadow (`ghc/<key>/src`, with its interface directories beside it).
 *
 * One process at a time uses a shadow (a `lock` file with its pid); another one that finds it taken works in
 * a temporary shadow beside it (a cold check), removed afterwards.
 */
import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, existsSync, linkSync, lstatSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isInside } from '../../workspace/confine.js';
import type { CrateFile } from './crate.js';

/** `$XDG_CACHE_HOME/semantic-scout` (else `~/.cache/semantic-scout`). */
export function defaultCacheDir(): string {
  return path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'semantic-scout');
}

const COPIED = /(?:^|\/)Cargo\.(?:lock|toml)$/;

/** What differs between the tools that use a shadow (the Haskell checker's GHC too). */
export interface ShadowKind {
  /** The cache subdirectory (`cargo`, `ghc`). */
  tool: string;
  /** Files mirrored as copies, never links (files the tool may rewrite). */
  copied: RegExp;
  /** What the notes call the mirrored tree (`crate`, `project`). */
  noun: string;
}

const CARGO: ShadowKind = { tool: 'cargo', copied: COPIED, noun: 'crate' };

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class CargoShadow {
  /** The mirrored crate or workspace root. */
  readonly dir: string;
  /** CARGO_TARGET_DIR, kept between questions. */
  readonly targetDir: string;
  readonly notes: string[] = [];
  /** The shadow's own directory in the cache (beside `dir`, for what the tool keeps between questions). */
  readonly home: string;
  /** Whether this is a temporary shadow (another process holds the persistent one): removed by dispose(). */
  readonly temporary: boolean;
  private readonly lockFile: string | null;

  /**
   * `key`: what the shadow mirrors (the crate's real path); `cacheDir` must lie outside `root` (else the
   * system's temp directory is used).
   */
  constructor(root: string, key: string, cacheDir: string = defaultCacheDir(), private readonly kind: ShadowKind = CARGO) {
    let base = path.resolve(cacheDir);
    if (isInside(path.resolve(root), base)) base = path.join(os.tmpdir(), `semantic-scout-${process.getuid?.() ?? 'user'}`);
    this.home = path.join(base, kind.tool, createHash('sha1').update(key).digest('hex').slice(0, 16));
    mkdirSync(this.home, { recursive: true });
    this.targetDir = path.join(this.home, 'target');
    const lock = path.join(this.home, 'lock');
    if (this.takeLock(lock)) {
      this.lockFile = lock;
      this.temporary = false;
      this.dir = path.join(this.home, 'src');
    } else {
      this.lockFile = null;
      this.temporary = true;
      this.dir = mkdtempSync(path.join(this.home, 'busy-'));
      this.notes.push(`another scout process was checking this ${kind.noun}: this check ran in a temporary copy (cold)`);
    }
    mkdirSync(this.dir, { recursive: true });
  }

  private takeLock(lock: string): boolean {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = openSync(lock, 'wx');
        writeSync(fd, String(process.pid));
        closeSync(fd);
        return true;
      } catch {
        const pid = Number(readFileSync(lock, 'utf8').trim());
        if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) return false;
        if (pid === process.pid) return false; // another check of this process holds it
        rmSync(lock, { force: true }); // left by a process that died
      }
    }
    return false;
  }

  /** Mirror `files` (the edited one, if any, as a new file holding `edited.text`) and drop what is no longer there. */
  sync(files: readonly CrateFile[], edited: { rel: string; text: string } | null): void {
    const dirtyFile = path.join(this.dir, '..', this.temporary ? `${path.basename(this.dir)}.dirty.json` : 'dirty.json');
    let dirty = new Set<string>();
    try {
      dirty = new Set(JSON.parse(readFileSync(dirtyFile, 'utf8')) as string[]);
    } catch {
      // none yet
    }
    if (edited) {
      dirty.add(edited.rel);
      writeFileSync(dirtyFile, JSON.stringify([...dirty]));
    }
    const keep = new Set<string>();
    const made = new Set<string>();
    let copied = false;
    for (const f of files) {
      keep.add(f.rel);
      const to = path.join(this.dir, f.rel);
      const parent = path.dirname(to);
      if (!made.has(parent)) {
        mkdirSync(parent, { recursive: true });
        made.add(parent);
      }
      if (edited && f.rel === edited.rel) {
        rmSync(to, { force: true });
        writeFileSync(to, edited.text);
        continue;
      }
      const fresh = dirty.has(f.rel) || this.kind.copied.test(f.rel);
      let current;
      try {
        current = lstatSync(to);
      } catch {
        current = null;
      }
      if (!fresh && current && current.ino === f.ino) continue;
      if (!dirty.has(f.rel) && current && current.isFile() && current.size === f.size && current.mtimeMs >= f.mtimeMs) continue;
      rmSync(to, { force: true });
      if (fresh) copyFileSync(f.source, to);
      else {
        try {
          linkSync(f.source, to);
        } catch {
          copyFileSync(f.source, to);
          copied = true;
        }
      }
    }
    if (copied && !this.notes.some((n) => n.startsWith('the shadow'))) this.notes.push(`the shadow ${this.kind.noun} holds copies (the cache directory is on another device than the repository)`);
    this.prune(this.dir, '', keep);
    const stillDirty = edited ? [edited.rel] : [];
    writeFileSync(dirtyFile, JSON.stringify(stillDirty));
  }

  private prune(dir: string, rel: string, keep: ReadonlySet<string>): void {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) {
        this.prune(abs, r, keep);
        if (readdirSync(abs).length === 0) rmSync(abs, { recursive: true, force: true });
      } else if (!keep.has(r)) unlinkSync(abs);
    }
  }

  /**
   * The unmodified crate's errors saved by an earlier check (another process too), or null; `key` names the
   * crate's state (the stamp of its Rust and Cargo files) and the toolchain.
   */
  savedBaseline<T>(key: string): T[] | null {
    try {
      const saved = JSON.parse(readFileSync(path.join(this.home, 'baseline.json'), 'utf8')) as { key: string; errors: T[] };
      return saved.key === key ? saved.errors : null;
    } catch {
      return null;
    }
  }

  saveBaseline<T>(key: string, errors: readonly T[]): void {
    try {
      writeFileSync(path.join(this.home, 'baseline.json'), JSON.stringify({ key, errors }));
    } catch {
      // a cache: the next process checks the baseline again
    }
  }

  /** Release the lock (the persistent shadow stays for the next question); a temporary shadow is removed. */
  dispose(): void {
    if (this.temporary) {
      rmSync(this.dir, { recursive: true, force: true });
      rmSync(`${this.dir}.dirty.json`, { force: true });
    }
    if (this.lockFile && existsSync(this.lockFile)) rmSync(this.lockFile, { force: true });
  }
}
