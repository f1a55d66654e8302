/** Session lifecycle against a fake server: restart and retry, crash loop, timeouts with cancellation, shutdown. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLspError } from '../../src/lsp/errors.js';
import { LspService } from '../../src/lsp/lsp-service.js';
import { IndexFallback } from '../../src/scout/index-fallback.js';
import { LspOperations } from '../../src/lsp/operations.js';
import { PathMapper } from '../../src/lsp/paths.js';
import { resolveServer } from '../../src/lsp/servers.js';
import { LspSession } from '../../src/lsp/session.js';
import { FAKE_SERVER, indexedRepo, isRunning, positionOf, waitGone, type IndexedRepo } from './helpers.js';

let fixture: IndexedRepo;
let root: string;
let stateDir: string;
const services: LspService[] = [];
const sessions: LspSession[] = [];
let stateCount = 0;

interface FakeState {
  starts: number;
  crashes: number;
  cancelled: string[];
  requests: string[];
}

function fake(...args: string[]): { state: () => FakeState; args: string[] } {
  const file = path.join(stateDir, `state-${(stateCount += 1)}.json`);
  return {
    args: [FAKE_SERVER, ...args, '--state', file],
    state: () => JSON.parse(readFileSync(file, 'utf8')) as FakeState,
  };
}

function serviceWith(args: string[], session: Record<string, unknown> = {}): LspService {
  const service = new LspService({
    root,
    fallback: new IndexFallback(fixture.store.database, root),
    servers: { typescript: { command: process.execPath, args } },
    session: { probe: () => null, readyTimeoutMs: 2_000, ...session },
  });
  services.push(service);
  return service;
}

beforeAll(async () => {
  fixture = await indexedRepo('lsp/ts-app');
  root = fixture.repo.root;
  stateDir = mkdtempSync(path.join(os.tmpdir(), 'scout-fake-lsp-'));
});

afterAll(async () => {
  const pids = [...services.flatMap((s) => s.sessions().flatMap((x) => x.pids)), ...sessions.flatMap((s) => s.pids)];
  await Promise.all([...services.map((s) => s.shutdown()), ...sessions.map((s) => s.shutdown())]);
  fixture.close();
  rmSync(stateDir, { recursive: true, force: true });
  expect(pids.length).toBeGreaterThan(0);
  expect(await waitGone(pids)).toEqual([]);
});

describe('restart policy', () => {
  it('restarts a server that crashed on a request and retries it once', async () => {
    const server = fake('--crash-on', 'textDocument/references', '--crash-times', '1');
    const service = serviceWith(server.args);
    const position = positionOf(root, 'src/kinds.ts', 'OpenAI =');
    const result = await service.references(position);
    expect(result.status).toBe('ok');
    expect(result.source).toBe('lsp');
    expect(result.value).toEqual([expect.objectContaining({ file: 'src/kinds.ts', line: position.line, column: position.column, source: 'lsp' })]);
    const status = service.session('typescript')!.status();
    expect(status).toMatchObject({ state: 'ready', crashes: 1, restarts: 1 });
    expect(server.state()).toMatchObject({ starts: 2, crashes: 1 });
  });

  it('restarts a server that died while idle', async () => {
    const server = fake();
    const service = serviceWith(server.args);
    const position = positionOf(root, 'src/kinds.ts', 'OpenAI =');
    expect((await service.definition(position)).status).toBe('ok');
    const session = service.session('typescript')!;
    const first = session.pid!;
    process.kill(first, 'SIGKILL');
    expect(await waitGone([first])).toEqual([]);
    const again = await service.definition(position);
    expect(again.status).toBe('ok');
    expect(again.source).toBe('lsp');
    expect(session.pid).not.toBe(first);
    expect(session.status().crashes).toBe(1);
  });

  it('gives up after repeated crashes: the session is unavailable and answers come from the index with a note', async () => {
    const server = fake('--crash-on', 'textDocument/references');
    const service = serviceWith(server.args);
    const position = positionOf(root, 'src/kinds.ts', 'OpenAI =');

    const first = await service.references(position);
    expect(first.source).toBe('index');
    expect(first.notes[0]).toMatch(/references error \(.*crashed twice on textDocument\/references.*answered from the index/);
    expect(first.value.some((s) => s.role === 'case_pattern')).toBe(true);

    const second = await service.references(position);
    expect(second.source).toBe('index');
    expect(second.notes[0]).toMatch(/crashed 3 times within 60 s; gave up/);
    const session = service.session('typescript')!;
    expect(session.available).toBe(false);
    expect(session.state).toBe('unavailable');

    const third = await service.hover(positionOf(root, 'src/router.ts', 'endpointFor'));
    expect(third.source).toBe('index');
    expect(third.notes[0]).toMatch(/gave up.*answered from the index/);
    expect(server.state().starts).toBe(3);
    expect(session.pids.filter(isRunning)).toEqual([]);
  });
});

describe('start-up failures and readiness', () => {
  it('a server that crashes while initializing is retried once, then given up on after 3 crashes', async () => {
    const server = fake('--crash-on', 'initialize');
    const service = serviceWith(server.args);
    const position = positionOf(root, 'src/kinds.ts', 'OpenAI =');
    const first = await service.definition(position);
    expect(first.source).toBe('index');
    expect(first.notes[0]).toMatch(/crashed twice on initialize/);
    const second = await service.definition(position);
    expect(second.notes[0]).toMatch(/gave up/);
    expect(service.session('typescript')!.available).toBe(false);
    expect(server.state().starts).toBe(3);
    expect(first.value.map((s) => s.role)).toEqual(['definition']);
  });

  it('a project whose configuration covers none of the indexed files is not waited for: not loaded, at once, with why', async () => {
    const server = fake();
    const service = serviceWith(server.args, { readyTimeoutMs: 20_000, probe: () => ({ unreachable: "pyright's project (include: pydantic_core) covers none of the indexed files" }) });
    const started = Date.now();
    const result = await service.workspaceSymbol('LLMKind', { languages: ['typescript'] });
    expect(Date.now() - started).toBeLessThan(5_000);
    const session = service.session('typescript')!;
    expect(session.loaded).toBe(false);
    expect(session.loadNote).toMatch(/covers none of the indexed files: empty or short answers are completed from the index/);
    expect(result.source).toBe('index');
  });

  it('gives up waiting for the project after the ready timeout, says so, and does not trust an empty answer', async () => {
    const server = fake();
    const service = serviceWith(server.args, { readyTimeoutMs: 600, probe: () => ({ symbol: 'NeverDefinedAnywhere' }) });
    const started = Date.now();
    const result = await service.workspaceSymbol('LLMKind', { languages: ['typescript'] });
    expect(Date.now() - started).toBeLessThan(3_000);
    const session = service.session('typescript')!;
    expect(session.loaded).toBe(false);
    expect(session.loadNote).toMatch(/had not finished loading the project after 1 s \(workspace symbol "NeverDefinedAnywhere" not found yet\)/);
    // The fake server answers [] : from a server still loading, that is not trusted.
    expect(result.source).toBe('index');
    expect(result.notes[0]).toMatch(/answered workspace\/symbol with nothing before it had finished loading/);
    expect(result.value.map((s) => s.name)).toContain('LLMKind');
  });
});

describe('timeouts and capabilities', () => {
  it('a request that hangs times out within its timeout, is cancelled, and falls back', async () => {
    const server = fake('--hang-on', 'textDocument/hover');
    const service = serviceWith(server.args, { requestTimeoutMs: 500 });
    await service.session('typescript')!.capabilities(); // started and ready
    const started = Date.now();
    const result = await service.hover(positionOf(root, 'src/router.ts', 'endpointFor'));
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(1_500);
    expect(result.source).toBe('index');
    expect(result.notes[0]).toMatch(/hover timeout \(.*took longer than 500 ms and was cancelled/);
    expect(result.value?.text).toContain('endpointFor');
    // The server got $/cancelRequest.
    const deadline = Date.now() + 2_000;
    while (!server.state().cancelled.includes('textDocument/hover') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    expect(server.state().cancelled).toContain('textDocument/hover');
    // The session is still healthy.
    expect((await service.definition(positionOf(root, 'src/kinds.ts', 'OpenAI ='))).source).toBe('lsp');
  });

  it('the session itself rejects a hung request with a timeout error', async () => {
    const server = fake('--hang-on', 'workspace/symbol');
    const session = new LspSession({ ...resolveServer('typescript', { typescript: { command: process.execPath, args: server.args } })! }, root, {
      requestTimeoutMs: 300,
      readyTimeoutMs: 1_000,
    });
    sessions.push(session);
    const started = Date.now();
    const error = await session.request('workspace/symbol', { query: 'x' }).catch((e: unknown) => e);
    expect(isLspError(error) && error.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_000 + 300 + 1_000);
  });

  it('a missing capability is "unsupported", not a throw; the service falls back to the index', async () => {
    const server = fake();
    const service = serviceWith(server.args);
    const session = service.session('typescript')!;
    const ops = new LspOperations(session, new PathMapper(root));
    const position = positionOf(root, 'src/chain.ts', 'function c', { offset: 9 });
    const direct = await ops.prepareCallHierarchy(position);
    expect(direct).toMatchObject({ status: 'unsupported', source: 'lsp', value: [] });
    expect(direct.notes[0]).toMatch(/does not support textDocument\/prepareCallHierarchy/);
    const routed = await service.prepareCallHierarchy(position);
    expect(routed.source).toBe('index');
    expect(routed.value[0]?.name).toBe('c');
  });

  it('shuts down cleanly and refuses requests afterwards', async () => {
    const server = fake();
    const session = new LspSession(resolveServer('typescript', { typescript: { command: process.execPath, args: server.args } })!, root, { probe: () => null });
    sessions.push(session);
    await session.capabilities();
    const pid = session.pid!;
    expect(isRunning(pid)).toBe(true);
    await session.shutdown();
    expect(await waitGone([pid], 1_000)).toEqual([]);
    expect(session.state).toBe('stopped');
    const error = await session.request('workspace/symbol', { query: 'x' }).catch((e: unknown) => e);
    expect(isLspError(error) && error.kind).toBe('unavailable');
  });
});
