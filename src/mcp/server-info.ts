/** Who the server says it is, shared by the SDK server and the early stdio answers. */
export const SERVER_INFO = { name: 'semantic-scout', version: '0.1.0' } as const;

export const INSTRUCTIONS =
  'Scout answers questions about this repository from a local index and its language server. Start with get_context; use scout for impact questions (what breaks, what must change), search and symbol_lookup to find code, validate_symbol and call_graph before changing a function. Answers state index freshness; the index refreshes itself. Every tool takes max_tokens (default 2000): a longer answer drops snippets, groups by file or pages, and next_cursor fetches the rest.';

/** Written by scripts/write-early-answers.mjs at build time, next to the compiled server. */
export const EARLY_ANSWERS_FILE = 'early-answers.json';
