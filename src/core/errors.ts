/** The one error type for local failures; `code` is stable, `message` says how to fix it. */
export type ScoutErrorCode =
  | 'REPO_NOT_FOUND'
  | 'REPO_NOT_DIRECTORY'
  | 'REPO_UNREADABLE'
  | 'CONFIG_INVALID'
  | 'PATH_OUTSIDE_ROOT'
  | 'INDEX_LOCKED'
  | 'INDEX_READ_ONLY'
  | 'INDEX_MISSING'
  | 'PARSE_FAILED'
  | 'PARSE_BUDGET_EXCEEDED'
  | 'NODE_TOO_OLD'
  | 'STORE_UNAVAILABLE'
  | 'SNAPSHOT_MISSING'
  | 'USAGE';

export class ScoutError extends Error {
  readonly code: ScoutErrorCode;
  constructor(code: ScoutErrorCode, message: string) {
    super(message);
    this.name = 'ScoutError';
    this.code = code;
  }
}

export function isScoutError(error: unknown): error is ScoutError {
  return error instanceof ScoutError;
}
