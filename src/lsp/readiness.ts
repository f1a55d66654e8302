/**
 * Readiness: has the server loaded the project, so an empty answer can be trusted?
 * Open a probe document (tsserver builds its project from open files), ask workspace/symbol
 * for a name known to exist until it is found (pyright answers [] until it has scanned the
 * workspace), then wait until work-done progress has been quiet for a moment. All of it
 * bounded by a timeout, after which the session says the project may not be loaded.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { LspClient } from './client.js';
import type { OpenDocuments } from './documents.js';
import { isLspError } from './errors.js';

export interface ReadinessProbe {
  /** Absolute path of a file to open first, or null. */
  file: string | null;
  /** A name defined in the repository: workspace/symbol must find it once the project is loaded. */
  symbol: string | null;
  /** Names from other folders: finding any one will do (the server's project may leave the first one's folder out). */
  alternatives?: string[];
  /** Why no name can prove the project loaded (its configuration covers none of the indexed files): no wait at all. */
  unreachable?: string;
}

export interface ReadinessOptions {
  timeoutMs: number;
  requestTimeoutMs: number;
  /** Progress must have been quiet this long (default 300 ms). */
  settleMs?: number;
}

export interface ReadinessResult {
  /** True when the probe symbol was found (or, without one, progress went quiet) before the timeout. */
  loaded: boolean;
  /** True when loading was confirmed by finding the probe symbol, not just by quiet progress. */
  verified: boolean;
  waitedMs: number;
  note: string | null;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitUntilReady(
  client: LspClient,
  documents: OpenDocuments,
  probe: ReadinessProbe,
  options: ReadinessOptions,
): Promise<ReadinessResult> {
  const started = Date.now();
  if (probe.unreachable) return { loaded: false, verified: false, waitedMs: 0, note: `${probe.unreachable}: empty or short answers are completed from the index` };
  const deadline = started + options.timeoutMs;
  const settleMs = options.settleMs ?? 300;
  const remaining = (): number => deadline - Date.now();
  if (probe.file) {
    try {
      documents.ensureOpen(client, probe.file);
    } catch {
      // An unreadable probe file only weakens the check.
    }
  }
  let verified = false;
  const caps = client.capabilities;
  if (probe.symbol && (caps.workspaceSymbolProvider || client.registeredMethods.has('workspace/symbol'))) {
    let pause = 150;
    const names = [probe.symbol, ...(probe.alternatives ?? [])];
    search: while (remaining() > 0 && client.alive) {
      for (const name of names) {
        try {
          const found = await client.request<Array<{ name: string }> | null>(
            'workspace/symbol',
            { query: name },
            Math.max(1, Math.min(options.requestTimeoutMs, remaining())),
          );
          if (found && found.some((s) => s.name === name || s.name.startsWith(`${name}(`))) {
            verified = true;
            break search;
          }
        } catch (error) {
          if (isLspError(error) && error.kind === 'crashed') break search;
          // "No Project" and the like: not loaded yet.
        }
      }
      await sleep(Math.min(pause, Math.max(0, remaining())));
      pause = Math.min(pause * 2, 1_000);
    }
  }
  let quiet = false;
  const quietFrom = Date.now();
  while (client.alive) {
    const now = Date.now();
    if (client.activeProgress === 0 && now - Math.max(client.lastProgressAt, quietFrom) >= settleMs) {
      quiet = true;
      break;
    }
    if (now >= deadline) break;
    await sleep(Math.min(50, Math.max(1, deadline - now)));
  }
  const waitedMs = Date.now() - started;
  const loaded = client.alive && quiet && (verified || !probe.symbol);
  let note: string | null = null;
  if (!client.alive) note = 'the language server exited while loading the project';
  else if (!loaded) {
    note = `the language server had not finished loading the project after ${Math.round(options.timeoutMs / 1000)} s` +
      (probe.symbol && !verified ? ` (workspace symbol "${probe.symbol}" not found yet)` : '') +
      ': empty or short answers may be incomplete';
  }
  return { loaded, verified, waitedMs, note };
}

const SKIP_DIRECTORIES = new Set(['node_modules', 'dist', 'build', 'out', 'target', 'vendor', 'coverage', '__pycache__', 'venv']);

/** The first source file with one of `extensions` under `root` (breadth first, skipping hidden and build directories), or null. */
export function findProbeFile(root: string, extensions: string[], maxEntries = 5_000): string | null {
  const wanted = new Set(extensions.map((e) => e.toLowerCase()));
  const queue = [root];
  let seen = 0;
  while (queue.length > 0 && seen < maxEntries) {
    const dir = queue.shift() as string;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      seen += 1;
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIP_DIRECTORIES.has(entry.name)) queue.push(full);
      } else if (entry.isFile() && !entry.name.endsWith('.d.ts') && wanted.has(path.extname(entry.name).toLowerCase())) {
        return full;
      }
    }
  }
  return null;
}
