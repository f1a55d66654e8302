/**
 * A connection pool to the shared PostgreSQL store, from a `postgres://` URL (or `SCOUT_STORE`) and the standard
 * `PG*` variables (PGPASSWORD, PGHOST, ...), which the `pg` library reads itself. The library is loaded only here
 * and only when a store is asked for: a local index never loads it.
 *
 * Credentials never leave this file: `describeStore` names a store by host and database only, and every error
 * the driver raises is rethrown as a ScoutError whose message has the URL's password and user removed.
 */
import type { Pool, PoolClient } from 'pg';
import { ScoutError } from '../../core/errors.js';

export interface PgStore {
  pool: Pool;
  /** `postgres://host:port/database`, no user, no password: safe for stamps, logs and errors. */
  description: string;
  /** A driver message with the credentials of this store's URL removed. */
  scrub(message: string): string;
}

/** The store URL named on the command line or in SCOUT_STORE; null for the embedded SQLite index. */
export function storeUrlFrom(option: string | undefined): string | null {
  const url = option ?? process.env.SCOUT_STORE ?? '';
  if (url === '' || url === 'sqlite') return null;
  if (!/^postgres(ql)?:\/\//.test(url)) {
    throw new ScoutError('USAGE', `--store takes a postgres:// URL (or SCOUT_STORE), got "${describeStore(url)}": for example postgres://scout_reader@db.internal/scout`);
  }
  return url;
}

/** The URL without user and password (also in the query string), for messages. */
export function describeStore(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    for (const key of [...parsed.searchParams.keys()]) if (/pass|user|key|secret|token/i.test(key)) parsed.searchParams.delete(key);
    return parsed.toString();
  } catch {
    return url.replace(/\/\/[^@/]*@/, '//').replace(/(pass\w*|password)=[^&]*/gi, '$1=***');
  }
}

/** Remove anything that looks like the URL's credentials from a driver message. */
function scrubbed(message: string, url: string): string {
  let out = message;
  try {
    const parsed = new URL(url);
    for (const secret of [parsed.password, decodeURIComponent(parsed.password)]) if (secret.length > 0) out = out.split(secret).join('***');
  } catch {
    // not a URL: nothing more to remove than the password variable below
  }
  const envPassword = process.env.PGPASSWORD;
  if (envPassword) out = out.split(envPassword).join('***');
  return out.split(url).join(describeStore(url));
}

export async function connectStore(url: string): Promise<PgStore> {
  const pg = (await import('pg')).default;
  // Counts and ids are bigint in the store and well below 2^53: read them as numbers.
  pg.types.setTypeParser(20, (value: string) => Number(value));
  const description = describeStore(url);
  const pool = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: 10_000, idleTimeoutMillis: 10_000, application_name: 'semantic-scout' });
  // An idle client whose server went away emits 'error' on the pool: without a listener that would end the process.
  pool.on('error', () => undefined);
  const store: PgStore = { pool, description, scrub: (message) => scrubbed(message, url) };
  await withClient(store, async (client) => {
    await client.query('SELECT 1');
  });
  return store;
}

/** Run `body` with one client of the pool; driver errors become a ScoutError without credentials. */
export async function withClient<T>(store: PgStore, body: (client: PoolClient) => Promise<T>): Promise<T> {
  let client: PoolClient;
  try {
    client = await store.pool.connect();
  } catch (error) {
    throw storeError(store, error, 'could not connect');
  }
  try {
    return await body(client);
  } catch (error) {
    // The server's errors and the connection's; a local SQLite error (a pull writing its file) is not the store's.
    const local = error instanceof ScoutError || String((error as { code?: unknown }).code ?? '').startsWith('ERR_SQLITE');
    throw local ? error : storeError(store, error, 'query failed');
  } finally {
    client.release();
  }
}

export function storeError(store: PgStore, error: unknown, what: string): ScoutError {
  const message = error instanceof Error ? error.message : String(error);
  const detail = store.scrub(message);
  return new ScoutError(
    'STORE_UNAVAILABLE',
    `PostgreSQL store ${store.description}: ${what} (${detail}); check that the server is running and reachable, and the role and database in the URL or the PG* variables`,
  );
}

export async function closeStore(store: PgStore): Promise<void> {
  await store.pool.end().catch(() => undefined);
}
