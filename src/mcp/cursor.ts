/**
 * Continuation cursors: opaque to the agent, a small base64url JSON inside. A cursor
 * remembers where the next page starts; the tool recomputes (or re-reads its cached)
 * answer and continues from there. A damaged cursor is a clear error, not page one.
 */
import { ScoutError } from '../core/errors.js';

export interface CursorState {
  /** Offset into the tool's full list of items. */
  offset: number;
  /** Tool-specific continuation (e.g. the search engine's own cursor). */
  inner?: string;
}

export function encodeCursor(state: CursorState): string {
  return Buffer.from(JSON.stringify(state)).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): CursorState {
  if (cursor === undefined || cursor === '') return { offset: 0 };
  try {
    const state = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<CursorState>;
    if (typeof state.offset === 'number' && Number.isInteger(state.offset) && state.offset >= 0 && (state.inner === undefined || typeof state.inner === 'string')) {
      return state.inner === undefined ? { offset: state.offset } : { offset: state.offset, inner: state.inner };
    }
  } catch {
    // fall through to the error below
  }
  throw new ScoutError('USAGE', 'invalid cursor: pass the next_cursor value of the previous answer unchanged, or omit cursor for the first page');
}
