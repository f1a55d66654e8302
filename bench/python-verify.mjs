// Python verification time on pytest's src/ (bench/corpus/rnd-pytest, ~39k lines, 80 files): the pyright
// checker asked "what breaks if I add a variant to X?" for five targets.
//   checker: the PythonChecker alone (dist/), each runner: cold = a new checker per question (what one
//            `scout ask` process pays), warm = one checker, the five questions in a row, then again.
//   cli:     `scout ask ... --json` per question (one process each), meta.verified_by.ms and the wall time.
//   mcp:     one `scout mcp` server, the five questions in a row through the `scout` tool, then again
//            (worded differently: the server's answer cache must not answer the second round).
// Prepare: node -e "import('./bench/whatbreaks-random/corpora.mjs').then(m=>m.prepare('pytest'))"; npm run build;
//          node dist/cli/main.js index --repo bench/corpus/rnd-pytest
// Run:     node bench/python-verify.mjs [checker] [cli] [mcp]   (all three by default); prints JSON lines
//          and a summary; bench/results/python-verify.md is written by hand from them.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { benchDir, cli } from './corpus.mjs';

const repo = path.join(benchDir, 'corpus', 'rnd-pytest');
const modes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['checker', 'cli', 'mcp'];
const runners = (process.env.RUNNERS ?? 'cli,server').split(',');

/** The five targets: the question's name, the declaring file, and a needle on the declaration's line. */
const TARGETS = [
  ['LongStrIdStrategy', 'src/_pytest/python.py', 'LongStrIdStrategy = Literal'],
  ['_ConsoleOutputStyle', 'src/_pytest/terminal.py', '_ConsoleOutputStyle = Literal['],
  ['ExitCode', 'src/_pytest/config/__init__.py', 'class ExitCode('],
  ['CallInfo.when', 'src/_pytest/runner.py', '    when: Literal["collect", "setup", "call", "teardown"]'],
  ['TracebackStyle', 'src/_pytest/_code/code.py', 'TracebackStyle = Literal['],
];
const declaration = ([name, file, needle]) => {
  const line = readFileSync(path.join(repo, file), 'utf8').split('\n').findIndex((l) => l.startsWith(needle)) + 1;
  if (line === 0) throw new Error(`${needle} not found in ${file}`);
  return { name, file, line };
};
const question = (name) => `What breaks if I add a variant to ${name}?`;
const load = () => os.loadavg()[0].toFixed(1);
const emit = (row) => process.stdout.write(`${JSON.stringify({ ...row, load: load() })}\n`);

// The verify step gets all the time it needs here: the figures are the time, not a timeout.
mkdirSync(path.join(repo, '.scout'), { recursive: true });
writeFileSync(path.join(repo, '.scout', 'config.json'), JSON.stringify({ scout: { verifyTimeoutMs: 300_000 } }));

async function checkerMode() {
  const { PythonChecker } = await import('../dist/scout/verify/python-checker.js');
  const ask = async (checker, target) => {
    const started = performance.now();
    const outcome = await checker.addVariant({ root: repo, declaration: declaration(target), deadline: performance.now() + 300_000 });
    const ms = Math.round(performance.now() - started);
    if (outcome.status !== 'checked') throw new Error(`${target[0]}: ${outcome.reason}`);
    return { ms, errors: outcome.check.errors.map((e) => `${e.file}:${e.line} ${e.code}`), checked: outcome.check.checkedFiles };
  };
  for (const runner of runners) {
    for (const target of TARGETS) {
      const checker = new PythonChecker({ runner });
      const r = await ask(checker, target);
      checker.dispose();
      emit({ mode: 'checker', runner, phase: 'cold', target: target[0], ms: r.ms, errors: r.errors.length, checked: r.checked, sites: r.errors });
    }
    const checker = new PythonChecker({ runner });
    for (const round of [1, 2]) {
      for (const [i, target] of TARGETS.entries()) {
        const r = await ask(checker, target);
        emit({ mode: 'checker', runner, phase: round === 1 && i === 0 ? 'first' : `warm${round}`, target: target[0], ms: r.ms, errors: r.errors.length, checked: r.checked });
      }
    }
    checker.dispose();
  }
}

function cliMode() {
  for (const [name] of TARGETS) {
    const started = performance.now();
    const out = execFileSync(process.execPath, [cli, 'ask', question(name), '--repo', repo, '--json'], { encoding: 'utf8', maxBuffer: 64 << 20 });
    const ms = Math.round(performance.now() - started);
    const v = JSON.parse(out).meta.verified_by;
    emit({ mode: 'cli', target: name, wall: ms, verify_ms: v?.ms ?? null, errors: v?.errors ?? null, checked: v?.checked_files ?? null });
  }
}

async function mcpMode() {
  const transport = new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp', '--repo', repo], stderr: 'ignore' });
  const client = new Client({ name: 'python-verify-bench', version: '1' });
  await client.connect(transport);
  for (const round of [1, 2]) {
    for (const [i, [name]] of TARGETS.entries()) {
      const started = performance.now();
      const result = await client.callTool({ name: 'scout', arguments: { query: round === 1 ? question(name) : `what breaks if I add a variant to \`${name}\`?` } }, undefined, { timeout: 600_000 });
      const wall = Math.round(performance.now() - started);
      if (result.isError) throw new Error(`${name}: ${result.content[0].text}`);
      const v = result.structuredContent.meta.verified_by;
      emit({ mode: 'mcp', round, target: name, first: round === 1 && i === 0, wall, verify_ms: v?.ms ?? null, errors: v?.errors ?? null, checked: v?.checked_files ?? null });
    }
  }
  await client.close();
}

if (modes.includes('checker')) await checkerMode();
if (modes.includes('cli')) cliMode();
if (modes.includes('mcp')) await mcpMode();
process.exit(0);
