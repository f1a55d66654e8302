/** The throwaway cluster the team-index tests run on: starts, answers through `pg`, and leaves nothing behind. */
import { existsSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startTestPostgres, withPgClient } from './postgres.js';

describe('startTestPostgres', () => {
  it('serves pg over a Unix socket only, has contrib extensions, and stop() removes its folders', async () => {
    const cluster = await startTestPostgres();
    const socketDir = new URL(cluster.url).searchParams.get('host');
    try {
      expect(socketDir).toMatch(/^\//);
      expect(existsSync(socketDir!)).toBe(true);
      // A Pool, as the store will use it, not only a single Client.
      const pool = new pg.Pool({ connectionString: cluster.url });
      try {
        const { rows } = await pool.query<{ one: number }>('SELECT 1 AS one');
        expect(rows).toEqual([{ one: 1 }]);
      } finally {
        await pool.end();
      }
      await withPgClient(cluster.url, async (client) => {
        await client.query('CREATE EXTENSION cube');
        const { rows } = await client.query<{ user: string; tcp: string; encoding: string }>(
          "SELECT current_user AS user, current_setting('listen_addresses') AS tcp, pg_encoding_to_char(encoding) AS encoding FROM pg_database WHERE datname = current_database()",
        );
        expect(rows).toEqual([{ user: 'scout', tcp: '', encoding: 'UTF8' }]);
      });
    } finally {
      await cluster.stop();
    }
    expect(existsSync(socketDir!)).toBe(false);
  });
});
