// The corpora of the edit-history benchmark: public repositories whose history is mined for commits that add a
// member to an enum or union (see README.md). Nothing fetched is committed: the miner and the runner read a local
// bare mirror of each repository (set SCOUT_MIRRORS, default /work/.mirror/<owner>+<name>/repo, or clone it
// yourself: `git clone --bare https://github.com/<owner>/<name> <dir>/<owner>+<name>/repo`).
// Held out elsewhere, never used here: vuejs/core, psf/black, Rapptz/discord.py,
// python-telegram-bot/python-telegram-bot, encode/uvicorn.
import path from 'node:path';

const MIRRORS = process.env.SCOUT_MIRRORS ?? '/work/.mirror';

export const corpora = {
  // TypeScript
  typeorm: { repo: 'typeorm/typeorm', lang: 'ts' },
  hono: { repo: 'honojs/hono', lang: 'ts' },
  zod: { repo: 'colinhacks/zod', lang: 'ts' },
  xstate: { repo: 'statelyai/xstate', lang: 'ts' },
  trpc: { repo: 'trpc/trpc', lang: 'ts' },
  mermaid: { repo: 'mermaid-js/mermaid', lang: 'ts' },
  excalidraw: { repo: 'excalidraw/excalidraw', lang: 'ts' },
  'typescript-eslint': { repo: 'typescript-eslint/typescript-eslint', lang: 'ts' },
  lexical: { repo: 'facebook/lexical', lang: 'ts' },
  // Python
  click: { repo: 'pallets/click', lang: 'py' },
  pytest: { repo: 'pytest-dev/pytest', lang: 'py' },
  httpx: { repo: 'encode/httpx', lang: 'py' },
  attrs: { repo: 'python-attrs/attrs', lang: 'py' },
  rich: { repo: 'Textualize/rich', lang: 'py' },
  aiohttp: { repo: 'aio-libs/aiohttp', lang: 'py' },
  mitmproxy: { repo: 'mitmproxy/mitmproxy', lang: 'py' },
  pydantic: { repo: 'pydantic/pydantic', lang: 'py' },
  textual: { repo: 'Textualize/textual', lang: 'py' },
  strawberry: { repo: 'strawberry-graphql/strawberry', lang: 'py' },
  sqlalchemy: { repo: 'sqlalchemy/sqlalchemy', lang: 'py' },
};

/** The bare mirror (git dir) of a corpus. */
export function mirrorOf(name) {
  const c = corpora[name];
  return path.join(MIRRORS, c.repo.replace('/', '+'), 'repo');
}
