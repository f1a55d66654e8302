/**
 * No background process unless asked: CLI queries leave nothing running; `scout watch` starts the one
 * watch daemon, `scout status` lists it, `scout watch --stop` ends it; a daemon whose index is deleted
 * exits at once and never recreates it. Real processes from the built dist/, real SQLite.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempRepo, type TempRepo } from '../helpers/temp-repo.js';

const CLI = path.resolve(__dirname, '..', '..', 'dist', 'cli', 'main.js');
// As a user runs it: not under the test runner (which used to turn the daemon off), no daemon switch.
const env = { ...process.env };
delete env.VITEST;
delete env.SCOUT_WATCH_DAEMON;
const scout = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env });

/** The same, without blocking: several queries run side by side. */
function scoutAsync(...args: string[]): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { env, stdio: 'ignore' });
    child.on('exit', (code) => resolve(code));
  });
}

/** Live processes whose command line mentions `text` (Linux /proc), other than this one. */
function processesMentioning(text: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
      if (cmdline.includes(text)) found.push(`${pid} ${cmdline}`);
    } catch {
      // exited meanwhile
    }
  }
  return found;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(what: string, ok: () => boolean, ms = 10_000): Promise<void> {
  for (const started = Date.now(); Date.now() - started < ms; await sleep(25)) if (ok()) return;
  throw new Error(`timed out waiting for ${what}`);
}

const repos: TempRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) {
    // A daemon a failed test left behind: end it (by pid, the one of this repository).
    for (const line of processesMentioning(repo.root)) process.kill(Number(line.split(' ')[0]), 'SIGKILL');
    repo.cleanup();
  }
});

function newRepo(): TempRepo {
  const repo = tempRepo({ fixture: 'typescript', git: true });
  repos.push(repo);
  return repo;
}

describe.skipIf(!existsSync('/proc/self') || !existsSync(CLI))('background processes', () => {
  it('100 CLI queries over 20 repositories leave no scout process running', async () => {
    const roots = Array.from({ length: 20 }, () => newRepo().root);
    const queries: string[][] = [];
    for (const root of roots) {
      queries.push(['index', '--repo', root], ['search', 'router', '--repo', root, '--json'], ['symbol', 'LLMKind', '--repo', root, '--json']);
      queries.push(['status', '--repo', root, '--json'], ['callers', 'pick', '--repo', root, '--json']);
    }
    expect(queries).toHaveLength(100);
    // Two at a time (the machine may have two cores); each repository's queries stay in order.
    const byRepo = roots.map((_, i) => queries.slice(i * 5, i * 5 + 5));
    const codes: Array<number | null> = [];
    const lane = async (lanes: string[][][]) => {
      for (const list of lanes) for (const q of list) codes.push(await scoutAsync(...q));
    };
    await Promise.all([lane(byRepo.filter((_, i) => i % 2 === 0)), lane(byRepo.filter((_, i) => i % 2 === 1))]);
    expect(codes.filter((c) => c !== 0)).toEqual([]);
    await sleep(500); // a detached child would have been spawned well before its parent exited
    const left = roots.flatMap((root) => processesMentioning(root));
    expect(left).toEqual([]);
  }, 240_000);

  it('scout watch starts one daemon, status lists it, watch --stop ends it', async () => {
    const { root } = newRepo();
    const before = JSON.parse(scout('status', '--repo', root, '--json').stdout);
    expect(before.watchDaemon).toBeNull();

    const started = scout('watch', '--repo', root, '--json');
    expect(started.status).toBe(0);
    const { pid, started: fresh } = JSON.parse(started.stdout) as { pid: number; started: boolean };
    expect(fresh).toBe(true);
    expect(processesMentioning(root).map((l) => Number(l.split(' ')[0]))).toEqual([pid]);

    const again = scout('watch', '--repo', root);
    expect(again.stdout).toMatch(new RegExp(`already running: the watch daemon of .* \\(pid ${pid}\\)`));
    expect(processesMentioning(root)).toHaveLength(1);

    expect(JSON.parse(scout('status', '--repo', root, '--json').stdout).watchDaemon).toEqual({ pid });
    expect(scout('status', '--repo', root).stdout).toMatch(new RegExp(`watcher\\s+watch daemon running \\(pid ${pid}\\)`));

    // A query answers from the daemon's state and starts nothing more.
    expect(scout('symbol', 'LLMKind', '--repo', root, '--json').status).toBe(0);
    expect(processesMentioning(root)).toHaveLength(1);

    const stopped = scout('watch', '--stop', '--repo', root);
    expect(stopped.stdout).toMatch(new RegExp(`stopped the watch daemon of .* \\(pid ${pid}\\)`));
    expect(processesMentioning(root)).toEqual([]);
    expect(scout('status', '--repo', root).stdout).toMatch(/watcher\s+none/);
    expect(scout('watch', '--stop', '--repo', root).stdout).toMatch(/no watch daemon running/);
  }, 60_000);

  it('a daemon whose .scout is deleted exits at once and never recreates it', async () => {
    const { root } = newRepo();
    expect(scout('watch', '--repo', root).status).toBe(0);
    const scoutDir = path.join(root, '.scout');
    expect(processesMentioning(root)).toHaveLength(1);

    rmSync(scoutDir, { recursive: true }); // throws on ENOTEMPTY: the daemon must not write meanwhile
    await until('the daemon exit', () => processesMentioning(root).length === 0, 3_000);
    await sleep(2_500); // longer than the daemon's housekeeping period: nothing comes back
    expect(existsSync(scoutDir)).toBe(false);
  }, 30_000);
});
