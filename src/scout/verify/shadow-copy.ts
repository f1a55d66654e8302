/**
 * The shadow copy a compiler checks instead of the user's tree: a directory outside the repository mirroring
 * the files it may read (listed by verify/shadow-tree.ts) with hard links (copies when the shadow is on
 * another device), the edited file a new file. The user's files are never written: a file is replaced by
 * removing its link first (writing through a hard link would write the user's file), and the files a tool may
 * rewrite are copies. What differs between languages is a `ShadowKind` (the tool, what is copied, what the
 * notes call the tree) and where the shadow lives:
 *
 * - `CachedShadow` (cargo, ghc): in the user's cache (`$XDG_CACHE_HOME/semantic-scout/<tool>/<key>/src`, the
 *   tool's persistent output beside it). It stays at the same path between questions and processes, so a
 *   compiler's incremental state carries over. A file that held edited text is written again as a fresh copy
 *   on the next sync, with a new mtime: compilers decide what to rebuild by mtime, and a restored link would
 *   carry the original's older one and look up to date. Which files hold edited text is recorded in
 *   `dirty.json` before they are written, so a process that dies midway leaves nothing stale. The checker's
 *   baseline is kept beside it (`baseline.json`). One process at a time uses it (a `lock` file with its pid);
 *   another one that finds it taken works in a temporary shadow beside it (a cold check), removed afterwards,
 *   with a work directory of its own.
 * - `TemporaryShadow` (pyright): a fresh temporary directory, kept by its owner as long as it likes (a warm
 *   language server) and removed by dispose(); it follows the repository's changes file by file.
 */
import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, existsSync, linkSync, lstatSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, realpathSync, rmSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isInside } from '../../workspace/confine.js';
import type { TreeChanges, TreeFile } from './shadow-tree.js';

/** `$XDG_CACHE_HOME/semantic-scout` (else `~/.cache/semantic-scout`). */
export function defaultCacheDir(): string {
  return path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'semantic-scout');
}

/** What differs between the tools that use a shadow. */
export interface ShadowKind {
  /** The tool: the cache subdirectory (`cargo`, `ghc`), or the temporary directory's prefix (`scout-pyright-`). */
  tool: string;
  /** Files mirrored as copies, never links (files the tool may rewrite: `Cargo.lock`). */
  copied?: RegExp;
  /** What the notes call the mirrored tree (`crate`, `project`). */
  noun: string;
}

/** A file to mirror: its path in the shadow and the file it mirrors. */
export type MirroredFile = Pick<TreeFile, 'rel' | 'source'>;

/** What the two kinds of shadow share: placing links, copies and edited files. */
abstract class ShadowCopy {
  readonly notes: string[] = [];
  /** Directories made since the last prune. */
  protected made = new Set<string>();

  constructor(
    /** The mirrored tree's root. */
    readonly dir: string,
    protected readonly kind: ShadowKind,
  ) {}

  abs(rel: string): string {
    return path.join(this.dir, rel);
  }

  private parentOf(rel: string): string {
    const to = this.abs(rel);
    const parent = path.dirname(to);
    if (!this.made.has(parent)) {
      mkdirSync(parent, { recursive: true });
      this.made.add(parent);
    }
    return to;
  }

  /** Put the edited text in place of a file's link (a new file: the original is never written). */
  replace(rel: string, text: string): void {
    const to = this.parentOf(rel);
    rmSync(to, { force: true });
    writeFileSync(to, text);
  }

  /** Link `source` at `rel`, or copy it (`copy`, or linking failed: then true). */
  protected mirror(rel: string, source: string, copy = false): boolean {
    const to = this.parentOf(rel);
    rmSync(to, { force: true });
    if (copy) {
      copyFileSync(source, to);
      return false;
    }
    try {
      linkSync(source, to);
      return false;
    } catch {
      copyFileSync(source, to);
      return true;
    }
  }

  abstract dispose(): void;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A shadow kept in the user's cache between questions and processes (see the top of this file). */
export class CachedShadow extends ShadowCopy {
  /** The shadow's own directory in the cache (beside `dir`, for what the tool keeps between questions). */
  readonly home: string;
  /** Where the checker keeps what belongs to this copy (its baseline, interfaces): `home`, or a directory of a temporary shadow's own. */
  readonly work: string;
  /** Whether this is a temporary shadow (another process holds the persistent one): removed by dispose(). */
  readonly temporary: boolean;
  private readonly lockFile: string | null;

  /**
   * `key`: what the shadow mirrors (the project's real path); `cacheDir` must lie outside `root` (else the
   * system's temp directory is used).
   */
  constructor(root: string, key: string, cacheDir: string = defaultCacheDir(), kind: ShadowKind) {
    let base = path.resolve(cacheDir);
    if (isInside(path.resolve(root), base)) base = path.join(os.tmpdir(), `semantic-scout-${process.getuid?.() ?? 'user'}`);
    const home = path.join(base, kind.tool, createHash('sha1').update(key).digest('hex').slice(0, 16));
    mkdirSync(home, { recursive: true });
    const lock = path.join(home, 'lock');
    const own = CachedShadow.takeLock(lock);
    super(own ? path.join(home, 'src') : mkdtempSync(path.join(home, 'busy-')), kind);
    this.home = home;
    this.lockFile = own ? lock : null;
    this.temporary = !own;
    this.work = own ? home : `${this.dir}-work`;
    if (!own) this.notes.push(`another scout process was checking this ${kind.noun}: this check ran in a temporary copy (cold)`);
    mkdirSync(this.dir, { recursive: true });
    mkdirSync(this.work, { recursive: true });
  }

  private static takeLock(lock: string): boolean {
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
  sync(files: readonly TreeFile[], edited: { rel: string; text: string } | null): void {
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
    let copied = false;
    for (const f of files) {
      keep.add(f.rel);
      if (edited && f.rel === edited.rel) {
        this.replace(f.rel, edited.text);
        continue;
      }
      const fresh = dirty.has(f.rel) || (this.kind.copied?.test(f.rel) ?? false);
      let current;
      try {
        current = lstatSync(this.abs(f.rel));
      } catch {
        current = null;
      }
      if (!fresh && current && current.ino === f.ino) continue;
      if (!dirty.has(f.rel) && current && current.isFile() && current.size === f.size && current.mtimeMs >= f.mtimeMs) continue;
      if (this.mirror(f.rel, f.source, fresh)) copied = true;
    }
    if (copied && !this.notes.some((n) => n.startsWith('the shadow'))) this.notes.push(`the shadow ${this.kind.noun} holds copies (the cache directory is on another device than the repository)`);
    this.prune(this.dir, '', keep);
    this.made = new Set();
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

  /** What the checker saved beside this copy (`baseline.json` in `work`), or null. */
  saved<T>(): T | null {
    try {
      return JSON.parse(readFileSync(path.join(this.work, 'baseline.json'), 'utf8')) as T;
    } catch {
      return null;
    }
  }

  save(value: unknown): void {
    try {
      writeFileSync(path.join(this.work, 'baseline.json'), JSON.stringify(value));
    } catch {
      // a cache: the next process checks the baseline again
    }
  }

  /** Release the lock (the persistent shadow stays for the next question); a temporary shadow is removed. */
  dispose(): void {
    if (this.temporary) {
      rmSync(this.dir, { recursive: true, force: true });
      rmSync(`${this.dir}.dirty.json`, { force: true });
      rmSync(this.work, { recursive: true, force: true });
    }
    if (this.lockFile && existsSync(this.lockFile)) rmSync(this.lockFile, { force: true });
  }
}

/** A shadow in a fresh temporary directory (which must lie outside the repository), removed by dispose(). */
export class TemporaryShadow extends ShadowCopy {
  constructor(kind: ShadowKind, tmpDir: string = os.tmpdir()) {
    super(realpathSync(mkdtempSync(path.join(tmpDir, kind.tool))), kind);
  }

  /** Link each file (copies where linking fails, or where the kind says so). */
  mirrorAll(files: readonly MirroredFile[]): void {
    for (const f of files) this.mirror(f.rel, f.source, this.kind.copied?.test(f.rel) ?? false);
  }

  /**
   * Follow the tree after its files changed (a shadow kept between questions): new files get a link,
   * removed ones lose theirs, and changed ones are linked again: a file saved by writing a new file and
   * renaming it over the old one (editors, git) has a new inode the old link does not see.
   */
  follow(changes: TreeChanges, sourceOf: (rel: string) => string): void {
    for (const rel of changes.removed) rmSync(this.abs(rel), { force: true });
    for (const rel of [...changes.changed, ...changes.added]) this.mirror(rel, sourceOf(rel), this.kind.copied?.test(rel) ?? false);
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
