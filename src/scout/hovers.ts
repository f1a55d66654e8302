/**
 * The language server's hover for links a model scorer will read (the node context's "trimmed
 * hover"): the declared type of the name at the site, which the snippet alone often lacks. Only
 * for scorers that ask for it (the heuristic reads roles and code, not hovers), and bounded per
 * exploration: one request per link.
 */
import type { LspService } from '../lsp/lsp-service.js';
import type { ScoutLink } from './link.js';

/** Hover requests per exploration, at most. */
export const MAX_HOVERS = 60;
/** Characters of hover kept per link (signature first; the docs after it are cut). */
const HOVER_CHARS = 300;

export async function addHovers(lsp: LspService, links: readonly ScoutLink[], budget: { left: number }, signal?: AbortSignal): Promise<void> {
  for (const link of links) {
    if (budget.left <= 0) return;
    if (link.hover !== null || link.location.column === undefined) continue;
    signal?.throwIfAborted();
    budget.left--;
    const hover = await lsp.hover({ file: link.location.file, line: link.location.line, column: link.location.column });
    if (hover.source !== 'lsp' || !hover.value?.text) continue;
    const text = hover.value.text.trim();
    link.hover = text.length > HOVER_CHARS ? `${text.slice(0, HOVER_CHARS - 1)}…` : text;
  }
}
