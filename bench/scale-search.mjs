#!/usr/bin/env node
// Warm search at monorepo scale: one `scout mcp` server over stdio per mode, the 20 queries of bench/scale.mjs
// (10 identifiers, 10 phrases; limit 10), one unmeasured round, then ROUNDS measured rounds; wall time per call at
// the client (JSON-RPC, freshness check, vectors and rendering included), and the server's CPU time per query (user +
// system from /proc: on a shared machine wall time includes waiting for a core). The repository must be indexed already.
// SCOUT_BENCH_CLI=path/to/cli/main.js measures another build (bench/corpus.mjs).
//   npm run build && node bench/scale-search.mjs --repo DIR [--rounds 3] [--modes hybrid,exact,semantic]
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { cli, percentile } from './corpus.mjs';
import { QUERIES } from './scale-queries.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const repo = arg('--repo', null);
if (!repo) throw new Error('usage: node bench/scale-search.mjs --repo DIR [--rounds N] [--modes hybrid,exact,semantic]');
const ROUNDS = Number(arg('--rounds', '3'));
const MODES = arg('--modes', 'hybrid,exact,semantic').split(',');

export { QUERIES };

const median = (xs) => percentile(xs, 50);

/** CPU time (user + system) of a process so far, in ms (/proc, 10 ms ticks): robust where wall time is not (a shared machine). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
const round = (x) => Math.round(x * 10) / 10;

async function measure(mode) {
  const transport = new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp', '--repo', repo], stderr: 'ignore' });
  const client = new Client({ name: 'scale-search-bench', version: '1' });
  await client.connect(transport);
  try {
    const call = async (query) => {
      const started = performance.now();
      const args = { query, limit: 10, ...(mode === 'hybrid' ? {} : { mode }) };
      const r = await client.callTool({ name: 'search', arguments: args }, undefined, { timeout: 120_000 });
      if (r.isError) throw new Error(`search ${query}: ${JSON.stringify(r.content).slice(0, 500)}`);
      return { wall: performance.now() - started, top: r.structuredContent?.results?.[0] };
    };
    const first = await call(QUERIES[0]);
    for (const q of QUERIES) await call(q);
    const times = [];
    const perQuery = new Map();
    const cpuBefore = cpuMs(transport.pid);
    for (let r = 0; r < ROUNDS; r++) {
      for (const q of QUERIES) {
        const { wall, top } = await call(q);
        times.push(wall);
        const entry = perQuery.get(q) ?? { walls: [], top };
        entry.walls.push(wall);
        perQuery.set(q, entry);
      }
    }
    const cpuPerQuery = (cpuMs(transport.pid) - cpuBefore) / times.length;
    // The server's peak memory (VmHWM): what holding the index, the vectors and the caches costs it.
    let peakMb = null;
    try { peakMb = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${transport.pid}/status`, 'utf8'))?.[1]) / 1024; } catch { /* no /proc */ }
    const per = [...perQuery].map(([q, e]) => ({ query: q, median: round(median(e.walls)), top: e.top ? `${e.top.file}:${e.top.line}` : null }));
    return { mode, first: round(first.wall), p50: round(median(times)), p90: round(percentile(times, 90)), max: round(Math.max(...times)), cpuPerQuery: round(cpuPerQuery), peakMb: peakMb === null ? null : Math.round(peakMb), samples: times.length, per };
  } finally {
    await client.close();
  }
}

const out = [];
for (const mode of MODES) {
  const m = await measure(mode);
  out.push(m);
  console.error(`${mode}: p50 ${m.p50} ms, p90 ${m.p90} ms, max ${m.max} ms, first ${m.first} ms, server CPU ${m.cpuPerQuery} ms/query, server peak ${m.peakMb ?? '?'} MB (${m.samples} samples)`);
}
console.log(JSON.stringify(out, null, 1));
