/**
 * One pyright run over a shadow copy: `node pyright/index.js --outputjson -p DIR files...` in a child
 * process, killed at the deadline (CheckTimeout) or when the request is aborted. Returns the error-severity
 * diagnostics of the files asked about.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { CheckTimeout } from '../verify/checker.js';

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

export function runPyright(options: RunOptions): Promise<PyDiagnostic[]> {
  return new Promise<PyDiagnostic[]>((resolve, reject) => {
    options.signal?.throwIfAborted();
    const child = spawn(process.execPath, [path.join(pyrightDir(), 'index.js'), '--outputjson', '-p', options.dir, ...options.files], {
      cwd: options.dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    let settled = false;
    const finish = (fn: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      fn();
    };
    const timer = setTimeout(
      () => {
        child.kill('SIGKILL');
        finish(() => reject(new CheckTimeout(Math.round(performance.now() - options.started))));
      },
      Math.max(0, options.deadline - performance.now()),
    );
    const onAbort = (): void => {
      child.kill('SIGKILL');
      finish(() => reject(options.signal?.reason instanceof Error ? options.signal.reason : new Error('aborted')));
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => finish(() => reject(error)));
    child.on('close', (code) => {
      finish(() => {
        const stdout = Buffer.concat(out).toString('utf8');
        let parsed: PyrightJson;
        try {
          parsed = JSON.parse(stdout) as PyrightJson;
        } catch {
          const why = (Buffer.concat(err).toString('utf8') || stdout).trim().split('\n')[0]?.slice(0, 160) ?? '';
          reject(new Error(`pyright exited with code ${code}${why ? `: ${why}` : ''}`));
          return;
        }
        if (code !== 0 && code !== 1) {
          reject(new Error(`pyright exited with code ${code}`));
          return;
        }
        resolve(
          (parsed.generalDiagnostics ?? [])
            .filter((d) => d.severity === 'error' && d.range)
            .map((d) => ({ file: d.file, line: d.range?.start.line ?? 0, character: d.range?.start.character ?? 0, rule: d.rule ?? '', message: d.message })),
        );
      });
    });
  });
}
