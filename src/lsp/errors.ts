/** Failures of a language-server request, by kind, so callers can fall back instead of crashing. */

export type LspErrorKind =
  /** The request took longer than its timeout; it was cancelled ($/cancelRequest). */
  | 'timeout'
  /** The server process died (or its connection closed) before answering. */
  | 'crashed'
  /** No server: not installed, failed to start, given up after repeated crashes, or shut down. */
  | 'unavailable'
  /** The server answered with an error. */
  | 'error';

export class LspError extends Error {
  readonly kind: LspErrorKind;
  constructor(kind: LspErrorKind, message: string) {
    super(message);
    this.name = 'LspError';
    this.kind = kind;
  }
}

export function isLspError(error: unknown): error is LspError {
  return error instanceof LspError;
}

/** Any thrown value as an LspError ('error' unless it already is one). */
export function asLspError(error: unknown): LspError {
  if (error instanceof LspError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new LspError('error', message);
}
