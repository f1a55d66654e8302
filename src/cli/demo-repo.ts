/**
 * Where `scout demo` runs: the bundled example (`examples/llm-router`, shipped in the package).
 * From a checkout it is used in place. From an installed package (under `node_modules`, possibly
 * read-only) it is first copied to a per-user cache directory, so the index (`<repo>/.scout/`) is
 * never written into the installed package and the language server sees an ordinary project
 * (files under `node_modules` are library files to it, slow to load and missing from symbol search).
 */
import { accessSync, constants, cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ScoutError } from '../core/errors.js';

export interface DemoRepository {
  root: string;
  /** Set when the example was copied (or an earlier copy reused): says from where to where. */
  note: string | null;
}

/** The package root: two levels above dist/cli/ (or src/cli/ under the test runner). */
export function packageRoot(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
}

export function prepareDemoRepository(pkgRoot = packageRoot(), cacheRoot = defaultCacheRoot()): DemoRepository {
  const bundled = path.join(pkgRoot, 'examples', 'llm-router');
  if (!existsSync(path.join(bundled, 'src'))) {
    throw new ScoutError(
      'REPO_NOT_FOUND',
      `the bundled example is missing: expected it at ${bundled}; reinstall semantic-scout, or run scout ask "what breaks if I add a variant to \`LLMKind\`?" --repo DIR on a copy of examples/llm-router`,
    );
  }
  if (!isInstalled(pkgRoot) && writable(bundled)) return { root: bundled, note: null };
  const target = path.join(cacheRoot, `demo-${packageVersion(pkgRoot)}`, 'llm-router');
  if (!existsSync(path.join(target, 'src'))) {
    // Copy beside the target, then rename: two demos started at once never see half a copy.
    const staging = `${target}.${process.pid}.tmp`;
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(path.dirname(target), { recursive: true });
    cpSync(bundled, staging, { recursive: true, filter: (src) => path.basename(src) !== '.scout' });
    try {
      renameSync(staging, target);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(path.join(target, 'src'))) throw error;
    }
  }
  return { root: target, note: `the bundled example ${bundled} is used from a copy at ${target} (the index lives in its .scout/)` };
}

/** An installed package lies under a `node_modules` directory. */
function isInstalled(pkgRoot: string): boolean {
  return pkgRoot.split(path.sep).includes('node_modules');
}

function writable(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

function packageVersion(pkgRoot: string): string {
  try {
    const version = (JSON.parse(readFileSync(path.join(pkgRoot, 'package.json'), 'utf8')) as { version?: unknown }).version;
    return typeof version === 'string' && /^[\w.+-]+$/.test(version) ? version : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** `$XDG_CACHE_HOME/semantic-scout` (else `~/.cache/semantic-scout`), or the temp directory when that cannot be created. */
function defaultCacheRoot(): string {
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  const dir = path.join(base, 'semantic-scout');
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    return dir;
  } catch {
    return path.join(os.tmpdir(), `semantic-scout-${process.getuid?.() ?? 'user'}`);
  }
}
