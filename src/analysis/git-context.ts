/**
 * Git facts for a first look at a repository: name, branch, remote, last commit.
 * Asks the `git` binary (a few short processes) because branch names, remotes and
 * commit messages need git's own parsing of config, packs and refs. Never throws:
 * without git, or outside a repository, the fields are null and `note` says why.
 */
import { realpathSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export interface LastCommit {
  /** Abbreviated sha, as `git log --format=%h` prints it. */
  hash: string;
  /** First line of the message. */
  message: string;
  author: string;
  /** Author date, YYYY-MM-DD. */
  date: string;
}

export interface GitContext {
  /** From the remote's last path segment, else the work tree's (or root's) directory name. */
  repo_name: string;
  /** Current branch; null when HEAD is detached (see `detached`) or there is no git. */
  branch: string | null;
  detached: boolean;
  /** The fetch URL of `origin` (else the first remote) as `host/owner/repo`, credentials removed. */
  remote: string | null;
  /** Null outside git and on a branch without commits. */
  last_commit: LastCommit | null;
  /** Why something is missing (no git, not a repository, no commits yet); absent when all is well. */
  note?: string;
}

/** Every git call is local and small; a hung git (lock, network filesystem) must not hang the tool. */
const GIT_TIMEOUT_MS = 3000;

export interface GitContextOptions {
  /** The git executable (tests point it at a missing binary). */
  gitBinary?: string;
}

export function getGitContext(root: string, options: GitContextOptions = {}): GitContext {
  const binary = options.gitBinary ?? 'git';
  const run = (...args: string[]): string =>
    execFileSync(binary, args, {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: GIT_TIMEOUT_MS,
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0' },
    }).trim();
  const tryRun = (...args: string[]): string | null => {
    try {
      return run(...args);
    } catch {
      return null;
    }
  };

  let topLevel: string;
  try {
    topLevel = run('rev-parse', '--show-toplevel');
  } catch (error) {
    return {
      repo_name: path.basename(path.resolve(root)),
      branch: null,
      detached: false,
      remote: null,
      last_commit: null,
      note: `${whyNoGit(error, binary)}: no branch, remote or commit facts`,
    };
  }

  const remotes = (tryRun('remote') ?? '').split('\n').filter(Boolean);
  const remoteName = remotes.includes('origin') ? 'origin' : remotes[0];
  const rawUrl = remoteName ? tryRun('remote', 'get-url', remoteName) : null;
  const remote = rawUrl ? normalizeRemoteUrl(rawUrl) : null;

  // symbolic-ref fails exactly when HEAD is detached; it still names an unborn branch.
  const branch = tryRun('symbolic-ref', '--short', '-q', 'HEAD') || null;
  const lastCommit = parseLastCommit(tryRun('log', '-1', '--date=short', '--format=%h%x00%s%x00%an%x00%ad'));

  const context: GitContext = {
    // A subdirectory given as the root (a package in a monorepo) is named after itself.
    repo_name: realPath(root) !== realPath(topLevel) ? path.basename(path.resolve(root)) : ((remote ? repoNameFromRemote(remote) : null) ?? path.basename(topLevel)),
    branch,
    detached: branch === null,
    remote,
    last_commit: lastCommit,
  };
  if (!lastCommit) context.note = 'no commits yet';
  else if (branch === null) context.note = `HEAD is detached at ${lastCommit.hash}`;
  return context;
}

/** "not a git repository" is the usual case; anything else (e.g. git's safe.directory refusal) is quoted. */
function whyNoGit(error: unknown, binary: string): string {
  const failure = error as NodeJS.ErrnoException & { stderr?: string };
  if (failure.code === 'ENOENT') return `git not found (${binary})`;
  if (failure.code === 'ETIMEDOUT') return `git did not answer within ${GIT_TIMEOUT_MS} ms`;
  const message = String(failure.stderr ?? '').split('\n')[0]?.replace(/^fatal:\s*/, '').trim() ?? '';
  if (!message || /not a git repository/i.test(message)) return 'not a git repository';
  return `git failed: ${message}`;
}

function parseLastCommit(out: string | null): LastCommit | null {
  if (!out) return null;
  const [hash, message, author, date] = out.split('\0');
  if (!hash) return null;
  return { hash, message: message ?? '', author: author ?? '', date: date ?? '' };
}

/**
 * `https://user:token@github.com/owner/repo.git`, `git@github.com:owner/repo.git` and
 * `ssh://git@host:22/owner/repo` all become `host/owner/repo`. User names, passwords,
 * tokens, ports, queries and fragments are dropped: a remote URL can hold a credential,
 * and this text goes into agent transcripts. Local paths are returned as given.
 */
export function normalizeRemoteUrl(url: string): string {
  const trimmed = url.trim();
  let host: string;
  let repoPath: string;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\/(.*)$/i.exec(trimmed);
  if (scheme) {
    const rest = (scheme[2] ?? '').replace(/[?#].*$/, '');
    if ((scheme[1] ?? '').toLowerCase() === 'file') return rest;
    const slash = rest.indexOf('/');
    const authority = slash < 0 ? rest : rest.slice(0, slash);
    repoPath = slash < 0 ? '' : rest.slice(slash + 1);
    // The last '@' ends the user info (a password may itself contain '@' when unencoded).
    host = authority.slice(authority.lastIndexOf('@') + 1).replace(/:\d*$/, '');
  } else {
    // scp-like syntax: [user@]host:path. A path without ':' before any '/' is local.
    const scp = /^(?:[^@/]+@)?([^:/]+):(.*)$/.exec(trimmed);
    if (!scp) return trimmed;
    host = scp[1] ?? '';
    repoPath = scp[2] ?? '';
  }
  repoPath = repoPath.replace(/^\/+|\/+$/g, '').replace(/\.git$/, '');
  return repoPath ? `${host}/${repoPath}` : host;
}

function repoNameFromRemote(remote: string): string | null {
  const last = remote.split('/').filter(Boolean).pop();
  return last ? last.replace(/\.git$/, '') : null;
}

function realPath(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}
