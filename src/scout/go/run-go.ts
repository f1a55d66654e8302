/**
 * The go command as the checker runs it, in a child process of its own process group (killed at the deadline,
 * raising CheckTimeout, or when the request is aborted), offline and deterministic:
 * - `GOPROXY=off GOTOOLCHAIN=local GOWORK=off GOFLAGS=-buildvcs=false`: nothing is downloaded (a module not
 *   on disk makes its importers fail to load: they are skipped, see listPackages), no other toolchain, no
 *   workspace file outside the module decides, no VCS stamping; English messages;
 * - the build cache is the user's (`GOCACHE`, else go's default under `$XDG_CACHE_HOME` or `$HOME`), so a
 *   warm cache makes a check fast; when go has none, one in the system's temp directory;
 * - `go build -gcflags=-e -o /dev/null`: every error of each package (the compiler stops after 10 without
 *   `-e`), nothing written anywhere (`/dev/null` is a special case of `-o`: no binary, no link output);
 * - `-overlay <json>`: the edited file is read from a copy in a temp directory instead of the user's tree.
 */
import os from 'node:os';
import path from 'node:path';
import { boundedRun, type ChildBudget, versionOnce } from '../verify/bounded-child.js';
import { Refusal } from '../verify/checker-template.js';
import { scoutTempDir } from '../verify/temp-dir.js';

export const INSTALL_GO = 'go is not on PATH: install Go (`apt-get install golang-go`, or https://go.dev/dl) so that `go` runs, and ask again';

/** `go version` (`1.19.8`), asked once per process; `unavailable` without go. */
export const goVersion = versionOnce('go', ['version'], (out) => /\bgo(\d+\.\d+(?:\.\d+)?\S*)/.exec(out)?.[1] ?? 'unavailable');

/** Where overlays (and, without a user cache, the build cache) live: verify/temp-dir.ts. */
export { scoutTempDir };

export function goEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, GOPROXY: 'off', GOTOOLCHAIN: 'local', GOWORK: 'off', GOFLAGS: '-buildvcs=false', GO111MODULE: 'on', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' };
  if (!env.GOCACHE && !env.XDG_CACHE_HOME && !env.HOME) env.GOCACHE = path.join(scoutTempDir(), 'go-build');
  return env;
}

/** A package of the module as `go list -e` sees it: its import path, directory, and why it cannot be built (null: it can). */
export interface GoPackage {
  importPath: string;
  dir: string;
  goFiles: string[];
  broken: string | null;
}

const FIELD = '\x1f';
const RECORD = '\x1e';
/** Fields and records separated by control characters a path or an error never holds (written as Go template escapes). */
const FORMAT = ['{{.ImportPath}}', '{{.Dir}}', '{{join .GoFiles " "}}', '{{if .Error}}{{.Error}}{{else}}{{range .DepsErrors}}{{.}}; {{end}}{{end}}'].join('{{"\\x1f"}}') + '{{"\\x1e"}}';

/**
 * The module's packages (`go list -e ./...` in its directory): those that load, and those that do not (a
 * dependency not on disk, an import cycle), which go build cannot compile and the checker skips.
 */
export async function listPackages(dir: string, budget: ChildBudget): Promise<GoPackage[]> {
  const out = await boundedRun('go', ['list', '-e', '-f', FORMAT, './...'], { cwd: dir, detached: true, env: goEnv() }, budget, unavailable);
  const packages = out.stdout
    .split(RECORD)
    .map((r) => r.trim())
    .filter((r) => r !== '')
    .map((r) => {
      const [importPath = '', pkgDir = '', files = '', broken = ''] = r.split(FIELD);
      return { importPath, dir: pkgDir, goFiles: files.split(' ').filter((f) => f !== ''), broken: broken.trim() === '' ? null : broken.replace(/\s+/g, ' ').replace(/;\s*$/, '').slice(0, 300) };
    });
  if (out.code !== 0 && packages.length === 0) {
    const first = (out.stderr.split('\n').find((l) => l.trim() !== '') ?? `exit code ${out.code}`).slice(0, 200);
    throw new Refusal(`go list failed on the module (${first}); make \`go list ./...\` run in it and ask again`);
  }
  return packages;
}

/** `go build` of `packages` (import paths) in the module's directory, with the overlay file when given; its combined output. */
export async function goBuild(dir: string, packages: readonly string[], overlay: string | null, budget: ChildBudget): Promise<{ code: number | null; output: string }> {
  const args = ['build', '-gcflags=-e', '-o', os.devNull, ...(overlay ? ['-overlay', overlay] : []), ...packages];
  const out = await boundedRun('go', args, { cwd: dir, detached: true, env: goEnv() }, budget, unavailable);
  return { code: out.code, output: `${out.stderr}\n${out.stdout}` };
}

function unavailable(error: NodeJS.ErrnoException): Error {
  return error.code === 'ENOENT' ? new Refusal(INSTALL_GO) : error;
}
