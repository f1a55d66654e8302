// MCP server benchmark: spawn-to-tools/list (with the early answers, without them, and bare
// `node -e 0` as the floor), per-tool latency through a real stdio client on a ~100k-line
// repository (effect, bench/corpus.mjs) next to one CLI process per call (the baseline an
// agent without the server pays), server RSS (language servers excluded, reported apart),
// and the size of the tool definitions. Figures go to bench/results/mcp.md.
//   node bench/mcp-bench.mjs [--runs N]
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { benchDir, cli, percentile, prepareEffect100k, repoRoot, scoutIndex } from './corpus.mjs';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 10;
const repo = prepareEffect100k();
scoutIndex(repo);
const ms = (x) => Math.round(x);

/** Spawn `scout mcp`, send initialize + tools/list over raw JSON-RPC, time the tools/list reply. */
function spawnToToolsList(env = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [cli, 'mcp', '--repo', repo], { stdio: ['pipe', 'pipe', 'ignore'], env: { ...process.env, ...env } });
    const send = (m) => child.stdin.write(`${JSON.stringify(m)}\n`);
    let buffer = '';
    child.stdout.on('data', (d) => {
      buffer += d;
      let i;
      while ((i = buffer.indexOf('\n')) >= 0) {
        const msg = JSON.parse(buffer.slice(0, i));
        buffer = buffer.slice(i + 1);
        if (msg.id === 1) {
          send({ jsonrpc: '2.0', method: 'notifications/initialized' });
          send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
        } else if (msg.id === 2) {
          const elapsed = performance.now() - started;
          child.kill();
          resolve({ elapsed, tools: msg.result.tools });
        }
      }
    });
    child.on('error', reject);
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } });
  });
}

function nodeFloor() {
  const started = performance.now();
  spawnSync(process.execPath, ['-e', '0']);
  return performance.now() - started;
}

const early = [];
const late = [];
const floor = [];
for (let i = 0; i < runs; i++) {
  early.push((await spawnToToolsList()).elapsed);
  late.push((await spawnToToolsList({ SCOUT_MCP_EARLY_ANSWERS: '0' })).elapsed);
  floor.push(nodeFloor());
}
const { tools } = await spawnToToolsList();
const modelFacing = tools.reduce((n, t) => n + t.name.length + t.description.length + JSON.stringify(t.inputSchema).length, 0);
const outputSchemas = tools.reduce((n, t) => n + JSON.stringify(t.outputSchema).length, 0);

// --- per-tool latency through one long-lived server -------------------------------------------
const transport = new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp', '--repo', repo], stderr: 'ignore' });
const client = new Client({ name: 'bench', version: '1' });
await client.connect(transport);
const serverPid = transport.pid;

function rssOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}
function descendants(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {}
  }
  const out = [];
  const walk = (p) => (children.get(p) ?? []).forEach((c) => (out.push(c), walk(c)));
  walk(pid);
  return out;
}

async function timed(name, args) {
  const started = performance.now();
  const result = await client.callTool({ name, arguments: args }, undefined, { timeout: 180_000 });
  const elapsed = performance.now() - started;
  if (result.isError) throw new Error(`${name} failed: ${result.content[0].text}`);
  return { elapsed, result };
}

const calls = [
  ['get_context', {}],
  ['get_repo_summary', {}],
  ['index_status', {}],
  ['search', { query: 'retry with exponential backoff schedule' }],
  ['search', { query: 'flatMap', mode: 'exact' }],
  ['symbol_lookup', { name: 'RoundingMode' }],
  ['validate_symbol', { file: 'src/Equal.ts', line: 36 }],
  ['call_graph', { file: 'src/Cron.ts', line: 396, depth: 3 }],
  ...(tools.some((t) => t.name === 'find_duplicates') ? [['find_duplicates', {}]] : []),
];
const latency = [];
// The first call of the session waits for the background warm-up (index check, language server start).
const first = await timed('get_context', {});
for (const [name, args] of calls) {
  const first = await timed(name, args);
  const warm = [];
  for (let i = 0; i < runs; i++) warm.push((await timed(name, args)).elapsed);
  const tokens = Math.ceil(JSON.stringify(first.result.structuredContent).length / 3.5);
  latency.push({ name: `${name} ${JSON.stringify(args)}`, first: first.elapsed, p50: percentile(warm, 50), p95: percentile(warm, 95), tokens });
}
const scoutQuestion = 'what breaks if I add a variant to `RoundingMode`?';
const scoutCold = await timed('scout', { query: scoutQuestion, budget: 20 });
const scoutWarm = [];
for (let i = 0; i < 3; i++) scoutWarm.push((await timed('scout', { query: scoutQuestion, budget: 19 - i })).elapsed);
// A different question on the warm server: nothing of the first exploration is reused but the language server.
const otherQuestion = 'what calls `decode` in `src/Duration.ts` and what breaks if I change its signature?';
const scoutOther = await timed('scout', { query: otherQuestion });
const scoutTokens = Math.ceil(JSON.stringify(scoutCold.result.structuredContent).length / 3.5);
const server = rssOf(serverPid);
const lspPids = descendants(serverPid);
const lspRss = lspPids.reduce((n, p) => n + rssOf(p).rss, 0);
await client.close();

// --- baseline: one CLI process per call -------------------------------------------------------
function cliTime(args) {
  const started = performance.now();
  const r = spawnSync(process.execPath, [cli, ...args, '--repo', repo, '--json'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`scout ${args.join(' ')}: ${r.stderr}`);
  return performance.now() - started;
}
const cliSearch = [];
const cliValidate = [];
for (let i = 0; i < Math.min(runs, 5); i++) {
  cliSearch.push(cliTime(['search', 'retry with exponential backoff schedule']));
  cliValidate.push(cliTime(['validate', 'src/Equal.ts:36']));
}
const cliAsk = cliTime(['ask', scoutQuestion]);

const rev = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).stdout.trim();
const lines = [
  '# MCP server benchmark',
  '',
  `Run: \`node bench/mcp-bench.mjs --runs ${runs}\` at ${rev}, ${new Date().toISOString().slice(0, 10)}; repository: effect@3.16.0 src (~100k lines, bench/corpus.mjs); 2-core VM.`,
  '',
  '## Spawn to tools/list (target ≤ 300 ms)',
  '',
  '| | p50 ms | p95 ms |',
  '|---|---|---|',
  `| \`scout mcp\` (early answers from the build-time listing) | ${ms(percentile(early, 50))} | ${ms(percentile(early, 95))} |`,
  `| baseline: same server, SDK answers (SCOUT_MCP_EARLY_ANSWERS=0) | ${ms(percentile(late, 50))} | ${ms(percentile(late, 95))} |`,
  `| floor: \`node -e 0\` | ${ms(percentile(floor, 50))} | ${ms(percentile(floor, 95))} |`,
  '',
  `Tool definitions: ${tools.length} tools; what the model reads (name + description + input schema) ${modelFacing} characters; output schemas ${outputSchemas} characters more (used by clients to validate structuredContent).`,
  '',
  `## Per-tool latency, one long-lived server (${runs} warm calls each)`,
  '',
  `First call of the session (waits for the background index check and warm-up): ${ms(first.elapsed)} ms.`,
  '',
  '| tool call | first ms | warm p50 ms | warm p95 ms | answer tokens (est.) |',
  '|---|---|---|---|---|',
  ...latency.map((l) => `| \`${l.name}\` | ${ms(l.first)} | ${ms(l.p50)} | ${ms(l.p95)} | ${l.tokens} |`),
  `| \`scout\` "${scoutQuestion}" | ${ms(scoutCold.elapsed)} (language server already warming) | ${ms(percentile(scoutWarm, 50))} | ${ms(Math.max(...scoutWarm))} | ${scoutTokens} |`,
  `| \`scout\` "${otherQuestion}" (warm server, new question) | ${ms(scoutOther.elapsed)} | | | ${Math.ceil(JSON.stringify(scoutOther.result.structuredContent).length / 3.5)} |`,
  '',
  'Warm scout rows re-ask with budgets 19, 18, 17 (no cached answer; the language server and the rating cache are warm).',
  '',
  'Baseline, one CLI process per call (what an agent pays without the server):',
  '',
  `- \`scout search\`: p50 ${ms(percentile(cliSearch, 50))} ms; \`scout validate\`: p50 ${ms(percentile(cliValidate, 50))} ms; \`scout ask\` (starts its own language server): ${ms(cliAsk)} ms.`,
  '',
  '## Memory (target ≤ 300 MB, language servers excluded)',
  '',
  `Server RSS at the end ${ms(server.rss)} MB, peak ${ms(server.hwm)} MB. Language servers (${lspPids.length} processes): ${ms(lspRss)} MB RSS.`,
  '',
];
writeFileSync(path.join(benchDir, 'results', 'mcp.md'), `${lines.join('\n')}`);
process.stdout.write(`${lines.join('\n')}\n`);
process.exit(0);
