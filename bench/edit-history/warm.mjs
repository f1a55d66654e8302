// Warm answer time through one long-lived `scout mcp` server: "add a variant" questions about different types
// asked of a repository in turn (a question asked again would come from the answer cache), the server's first
// question (cold start) left out of the median.
//   node bench/edit-history/warm.mjs DIR Type [Type ...]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.resolve(here, '../../dist/cli/main.js');
const [dir, ...types] = process.argv.slice(2);
const transport = new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp', '--repo', dir], stderr: 'ignore' });
const client = new Client({ name: 'warm-bench', version: '1' });
await client.connect(transport);
const times = [];
for (const [i, type] of types.entries()) {
  const t0 = performance.now();
  const r = await client.callTool({ name: 'scout', arguments: { query: `what breaks if I add a variant to \`${type}\`?` } }, undefined, { timeout: 300_000 });
  const ms = Math.round(performance.now() - t0);
  const s = r.structuredContent;
  console.log(`${i === 0 ? 'first question' : 'warm'} ${type}: ${ms} ms, ${s?.pointers?.length ?? 0} pointers on the page of ${s?.meta?.pointers_total ?? '?'}, ${s?.meta?.enumeration?.sites ?? 0} enumeration sites${r.isError ? ' (error)' : ''}`);
  if (i > 0) times.push(ms);
}
times.sort((a, b) => a - b);
console.log(`warm median ${times[Math.floor(times.length / 2)]} ms over ${times.length} questions (the server's first question left out)`);
await client.close();
