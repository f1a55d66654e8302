/** Reading network failures from fetch, for errors that say how to fix them. */

/** A system error code (ECONNREFUSED, ENOTFOUND, ...) anywhere in the cause chain of a fetch error. */
export function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
    const nested = (current as { errors?: unknown }).errors;
    if (Array.isArray(nested)) {
      for (const inner of nested) {
        const innerCode = errorCode(inner);
        if (innerCode) return innerCode;
      }
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
