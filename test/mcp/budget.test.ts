/** Budgets, cursors and the read-write lock: the pure parts of the server. */
import { describe, expect, it } from 'vitest';
import { estimateTokens, fitList, groupByFile } from '../../src/mcp/budget.js';
import { decodeCursor, encodeCursor } from '../../src/mcp/cursor.js';
import { ReadWriteLock } from '../../src/mcp/rw-lock.js';

interface Item {
  file: string;
  line: number;
  snippet?: string;
}

const shape = { light: ({ snippet: _s, ...rest }: Item) => rest, file: (i: Item) => i.file, line: (i: Item) => i.line };
const items: Item[] = Array.from({ length: 40 }, (_, i) => ({ file: `src/f${i % 4}.ts`, line: i + 1, snippet: 'const x = someLongFunctionName(argumentOne, argumentTwo);'.repeat(2) }));
const wrap = (f: { items: Item[]; by_file?: unknown }) => ({ header: 'h', items: f.items, by_file: f.by_file });

describe('fitList', () => {
  it('keeps everything when it fits', () => {
    const fitted = fitList(items, shape, 100_000, wrap);
    expect(fitted.shrink).toBe('none');
    expect(fitted.items).toBe(items);
  });

  it('drops snippets first, then groups by file, then pages; each step fits the budget', () => {
    const full = estimateTokens(wrap({ items }));
    const light = estimateTokens(wrap({ items: items.map(shape.light) }));
    const grouped = estimateTokens(wrap({ items: [], by_file: groupByFile(items, shape) }));
    expect(light).toBeLessThan(full);
    expect(grouped).toBeLessThan(light);
    const a = fitList(items, shape, light, wrap);
    expect(a.shrink).toBe('dropped_snippets');
    expect(a.items.every((i) => i.snippet === undefined)).toBe(true);
    const b = fitList(items, shape, grouped, wrap);
    expect(b.shrink).toBe('grouped_by_file');
    expect(b.by_file?.reduce((n, g) => n + g.count, 0)).toBe(40);
    const c = fitList(items, shape, grouped - 10, wrap);
    expect(c.shrink).toBe('paged');
    expect(c.shown + c.remaining).toBe(40);
    expect(c.shown).toBeGreaterThan(0);
    expect(estimateTokens(wrap(c))).toBeLessThanOrEqual(grouped - 10);
    expect(estimateTokens(wrap({ items: items.slice(0, c.shown + 1).map(shape.light) }))).toBeGreaterThan(grouped - 10);
  });
});

describe('cursors', () => {
  it('round-trip and reject damage with a fix', () => {
    expect(decodeCursor(encodeCursor({ offset: 12, inner: 'abc' }))).toEqual({ offset: 12, inner: 'abc' });
    expect(decodeCursor(undefined)).toEqual({ offset: 0 });
    expect(() => decodeCursor('%%%')).toThrow(/next_cursor/);
    expect(() => decodeCursor(Buffer.from('{"offset":-1}').toString('base64url'))).toThrow(/invalid cursor/);
  });
});

describe('ReadWriteLock', () => {
  it('a writer waits for running readers and blocks new ones until done', async () => {
    const lock = new ReadWriteLock();
    const events: string[] = [];
    let releaseReader!: () => void;
    const reader = lock.read(async () => {
      events.push('read1 start');
      await new Promise<void>((r) => (releaseReader = r));
      events.push('read1 end');
    });
    await Promise.resolve();
    const writer = lock.write(async () => {
      events.push('write');
    });
    const lateReader = lock.read(async () => {
      events.push('read2');
    });
    await new Promise((r) => setTimeout(r, 5));
    expect(events).toEqual(['read1 start']);
    releaseReader();
    await Promise.all([reader, writer, lateReader]);
    expect(events).toEqual(['read1 start', 'read1 end', 'write', 'read2']);
  });

  it('a failing writer releases the lock', async () => {
    const lock = new ReadWriteLock();
    await expect(lock.write(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(lock.writing).toBe(false);
    expect(await lock.read(async () => 7)).toBe(7);
  });
});
