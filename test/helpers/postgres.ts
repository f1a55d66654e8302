/**
 * A throwaway PostgreSQL cluster for integration tests: initdb into a temp folder, a postmaster that listens
 * only on a Unix socket in that folder (no TCP port to collide with another run or a system cluster), fsync
 * off, and `stop()` that kills it and removes everything. The team index is tested against real PostgreSQL,
 * never a mock (DESIGN.md: no mocked database).
 */
import { execFile, execFileSync } from 'node:child_process';
import { accessSync, chownSync, constants, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export interface TestPostgres {
  /** `postgresql://scout@localhost/postgres?host=<socket dir>&port=<n>`: what `new pg.Pool({ connectionString })` takes. */
  url: string;
  stop(): Promise<void>;
  /** Stop the server but keep its data (a fault: the store goes away mid-session)... */
  pause(): Promise<void>;
  /** ...and start it again on the same socket. */
  resume(): Promise<void>;
}

const INSTALL_HINT = 'apt-get install postgresql-15 (Debian/Ubuntu; or put initdb, pg_ctl and postgres on PATH)';

export async function startTestPostgres(): Promise<TestPostgres> {
  const bin = findBinDir();
  // initdb and pg_ctl refuse to run as root, and CI runs tests as root: the cluster then belongs to an
  // unprivileged user, and every folder it writes is handed to that user first.
  const owner = process.getuid?.() === 0 ? unprivilegedUser() : undefined;
  const base = mkdtempSync(path.join(tempParent(owner !== undefined), 'scout-pg-'));
  const data = path.join(base, 'data');
  const socketDir = path.join(base, 'sock');
  const log = path.join(base, 'postgres.log');
  mkdirSync(socketDir);
  if (owner) {
    for (const dir of [base, socketDir]) chownSync(dir, owner.uid, owner.gid);
  }
  const as = (exe: string, args: string[]) => asUser(owner?.name, path.join(bin, exe), args, base);
  // The port only names the socket file (.s.PGSQL.<port>); a free one keeps it distinct from any real server's.
  const port = await freePort();
  const serverOptions = `-c listen_addresses='' -k '${socketDir}' -p ${port} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  try {
    // C locale: UTF8 encoding works with it everywhere, whatever locales the machine has generated.
    await as('initdb', ['-D', data, '-A', 'trust', '-U', 'scout', '-E', 'UTF8', '--locale=C', '--no-sync']);
    // pg_ctl hands -o to a shell: '' reaches postgres as an empty listen_addresses (no TCP at all), and the quoted
    // socket folder survives a TMPDIR with spaces.
    await as('pg_ctl', ['start', '-w', '-t', '60', '-D', data, '-l', log, '-o', serverOptions]);
  } catch (error) {
    const message = `${(error as Error).message}\n${tail(log)}`;
    rmSync(base, { recursive: true, force: true });
    throw new Error(`test PostgreSQL did not start: ${message}`);
  }
  const url = `postgresql://scout@localhost/postgres?host=${encodeURIComponent(socketDir)}&port=${port}`;
  return {
    url,
    async pause() {
      await as('pg_ctl', ['stop', '-m', 'fast', '-w', '-D', data]);
    },
    async resume() {
      await as('pg_ctl', ['start', '-w', '-t', '60', '-D', data, '-l', log, '-o', serverOptions]);
    },
    async stop() {
      if (!existsSync(base)) return; // stopped already (a test that stops the server early)
      try {
        await as('pg_ctl', ['stop', '-m', 'immediate', '-w', '-D', data]);
      } finally {
        rmSync(base, { recursive: true, force: true });
      }
    },
  };
}

/** Runs `fn` with one connected client and always ends it, so a failing assertion leaves no open connection. */
export async function withPgClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A folder holding initdb, pg_ctl and postgres together (so their versions match): PATH first, then Debian's newest. */
function findBinDir(): string {
  const names = ['initdb', 'pg_ctl', 'postgres'];
  const has = (dir: string) => names.every((name) => isExecutable(path.join(dir, name)));
  const onPath = (process.env['PATH'] ?? '').split(path.delimiter).filter(Boolean);
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian)
    ? readdirSync(debian).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a))
    : [];
  const found = [...onPath, ...versions.map((v) => path.join(debian, v, 'bin'))].find(has);
  if (!found) throw new Error(`PostgreSQL server binaries (initdb, pg_ctl, postgres) not found on PATH or under ${debian}/*/bin: ${INSTALL_HINT}`);
  return found;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

interface User { name: string; uid: number; gid: number }

/** Debian's postgresql package creates the `postgres` system user; `nobody` exists everywhere else. */
function unprivilegedUser(): User {
  for (const name of ['postgres', 'nobody']) {
    try {
      const id = (flag: string) => Number(execFileSync('id', [flag, name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
      return { name, uid: id('-u'), gid: id('-g') };
    } catch {
      // no such user: try the next
    }
  }
  throw new Error('running as root and neither the postgres nor the nobody user exists to own the test cluster');
}

/**
 * The temp folder, unless another user must reach into it and cannot (a TMPDIR under /root): /tmp then.
 * Every ancestor must be searchable by others for the cluster's owner to get through.
 */
function tempParent(forOtherUser: boolean): string {
  const tmp = os.tmpdir();
  if (!forOtherUser) return tmp;
  for (let dir = tmp; ; dir = path.dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) return '/tmp';
    if (dir === path.dirname(dir)) return tmp;
  }
}

/** Runs a PostgreSQL program, as `user` when given (runuser, else su with a quoted command line). */
async function asUser(user: string | undefined, exe: string, args: string[], cwd: string): Promise<void> {
  // cwd is the cluster's own folder: the other user may not be allowed into the test's working directory.
  const options = { cwd, env: { ...process.env, LC_ALL: 'C' } };
  if (!user) {
    await run(exe, args, options);
    return;
  }
  const runuser = ['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser'].find(isExecutable);
  if (runuser) {
    await run(runuser, ['-u', user, '--', exe, ...args], options);
  } else {
    const line = [exe, ...args].map((a) => `'${a.replaceAll("'", `'\\''`)}'`).join(' ');
    await run('su', ['-s', '/bin/sh', user, '-c', line], options);
  }
}

/** A port nobody listens on right now (asked of the kernel, then released). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The end of the server log, for an error that says why the start failed. */
function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    return '';
  }
}
