// The warm-latency half of issue 4's targets ("<= 5 s warm, language server started"), measured
// the way agents run Scout: one long-lived `scout mcp` server per corpus, the graded questions of
// the last grading run (cache/last-run.json) asked one after the other through the `scout` tool.
// The first question per corpus is cold (the server starts the language server); the rest are warm.
//   node bench/whatbreaks/warm-mcp.mjs        (after node bench/whatbreaks/grade.mjs)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { benchDir, cli, percentile } from '../corpus.mjs';

const run = JSON.parse(readFileSync(path.join(benchDir, 'whatbreaks', 'cache', 'last-run.json'), 'utf8'));
const rows = [];
for (const corpus of Object.values(run)) {
  const targets = corpus.rows.map((r) => r.target);
  if (targets.length === 0) continue;
  const transport = new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp', '--repo', corpus.dir], stderr: 'ignore' });
  const client = new Client({ name: 'warm-bench', version: '1' });
  await client.connect(transport);
  for (const [i, target] of targets.entries()) {
    const started = performance.now();
    const result = await client.callTool({ name: 'scout', arguments: { query: `what breaks if I add a variant to \`${target}\`?` } }, undefined, { timeout: 300_000 });
    const ms = performance.now() - started;
    if (result.isError) throw new Error(`${corpus.name} ${target}: ${result.content[0].text}`);
    rows.push({ corpus: corpus.name, target, cold: i === 0, ms, nodes: result.structuredContent.meta.nodes_visited });
    process.stderr.write(`[warm] ${corpus.name} ${target}: ${Math.round(ms)} ms${i === 0 ? ' (cold)' : ''}\n`);
  }
  await client.close();
}
const warm = rows.filter((r) => !r.cold).map((r) => r.ms);
const cold = rows.filter((r) => r.cold).map((r) => r.ms);
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
const md = [
  '# whatbreaks through the MCP server: warm and cold latency',
  '',
  `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: \`node bench/whatbreaks/warm-mcp.mjs\`, one \`scout mcp\` server per corpus, the ${rows.length} graded questions of bench/results/whatbreaks.md asked through the \`scout\` tool. Targets (issue 4): <= 5 s warm, <= 20 s cold.`,
  '',
  `Warm (language server running): median ${s(percentile(warm, 50))}, max ${s(Math.max(...warm))}, ${warm.filter((m) => m <= 5000).length}/${warm.length} within 5 s. Cold (first question of a server, including the index check and the language server's project load): median ${s(percentile(cold, 50))}, max ${s(Math.max(...cold))}, ${cold.filter((m) => m <= 20000).length}/${cold.length} within 20 s.`,
  '',
  '| corpus | target | time | nodes |',
  '| --- | --- | --- | --- |',
  ...rows.map((r) => `| ${r.corpus} | \`${r.target}\` | ${s(r.ms)}${r.cold ? ' (cold)' : ''} | ${r.nodes} |`),
  '',
];
writeFileSync(path.join(benchDir, 'results', 'whatbreaks-warm.md'), md.join('\n'));
process.stdout.write(md.join('\n'));
process.exit(0);
