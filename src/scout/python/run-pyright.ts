/**
 * One pyright run over a shadow copy: `node pyright/index.js --outputjson -p DIR files...` in a child
 * process, killed at the deadline (CheckTimeout) or when the request is aborted (verify/bounded-child.ts).
 * Returns the error-severity diagnostics of the files asked about.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { boundedRun } from '../verify/bounded-child.js';

const require = createRequire(import.meta.url);

function pyrightDir(): string {
  return path.dirname(require.resolve('pyright/package.json'));
}

export function pyrightVersion(): string {
  try {
    return (JSON.parse(readFileSync(path.join(pyrightDir(), 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

export interface PyDiagnostic {
  /** Absolute path as pyright prints it. */
  file: string;
  /** 0-based. */
  line: number;
  character: number;
  rule: string;
  message: string;
}

interface PyrightJson {
  generalDiagnostics?: { file: string; severity: string; message: string; rule?: string; range?: { start: { line: number; character: number } } }[];
}

export interface RunOptions {
  /** The shadow directory (project root for pyright). */
  dir: string;
  /** Absolute files to check. */
  files: string[];
  deadline: number;
  signal?: AbortSignal;
  started: number;
}

export async function runPyright(options: RunOptions): Promise<PyDiagnostic[]> {
  const { code, stdout, stderr } = await boundedRun(process.execPath, [path.join(pyrightDir(), 'index.js'), '--outputjson', '-p', options.dir, ...options.files], { cwd: options.dir, env: { ...process.env, NODE_OPTIONS: '' } }, options, (error) => error);
  let parsed: PyrightJson;
  try {
    parsed = JSON.parse(stdout) as PyrightJson;
  } catch {
    const why = (stderr || stdout).trim().split('\n')[0]?.slice(0, 160) ?? '';
    throw new Error(`pyright exited with code ${code}${why ? `: ${why}` : ''}`);
  }
  if (code !== 0 && code !== 1) throw new Error(`pyright exited with code ${code}`);
  return (parsed.generalDiagnostics ?? [])
    .filter((d) => d.severity === 'error' && d.range)
    .map((d) => ({ file: d.file, line: d.range?.start.line ?? 0, character: d.range?.start.character ?? 0, rule: d.rule ?? '', message: d.message }));
}
