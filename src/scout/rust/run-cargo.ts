/**
 * One `cargo check --offline --message-format=json` over the shadow crate, in a child process of its own
 * process group (cargo starts rustc and build scripts: the whole group is killed at the deadline, raising
 * CheckTimeout, or when the request is aborted). Returns rustc's error-level messages with their primary
 * span; when cargo fails before rustc reports anything (dependencies not downloaded, a broken workspace, no
 * cargo at all) it throws CargoUnavailable, whose reason says how to fix it.
 */
import { spawn } from 'node:child_process';
import { boundedChild, versionOnce } from '../verify/bounded-child.js';
import { Refusal } from '../verify/checker-template.js';

/** cargo cannot check this crate here; `reason` says why and how to fix it. */
export class CargoUnavailable extends Refusal {
  constructor(reason: string) {
    super(reason);
    this.name = 'CargoUnavailable';
  }
}

export const INSTALL_CARGO = 'cargo is not on PATH: install Rust (https://rustup.rs, or `apt-get install cargo rustc`) so that `cargo` runs, and ask again';

/** `cargo --version` (`cargo 1.95.0 (f2d3ce0bd 2026-03-21)` -> `1.95.0`), asked once per process; `unavailable` without cargo. */
export const cargoVersion = versionOnce('cargo', ['--version'], (out) => /cargo (\S+)/.exec(out)?.[1] ?? out.trim());

export interface RsSpan {
  /** As rustc prints it: relative to the directory cargo ran in, or absolute. */
  file: string;
  /** 1-based line; 1-based column in characters (Unicode scalar values). */
  line: number;
  column: number;
}

export interface RsDiagnostic {
  code: string;
  message: string;
  /** The primary span in the crate, or the call site of the macro expansion it came from; null when it has none. */
  span: RsSpan | null;
}

interface JsonSpan {
  file_name: string;
  line_start: number;
  column_start: number;
  is_primary: boolean;
  expansion?: { span: JsonSpan } | null;
}
interface JsonMessage {
  reason: string;
  message?: { level: string; message: string; code?: { code: string } | null; spans: JsonSpan[] };
}

export interface CargoRun {
  /** The directory cargo runs in (the shadow's crate or workspace root). */
  dir: string;
  /** The same directory as the user knows it (repository-relative), for advice. */
  shownDir: string;
  targetDir: string;
  workspace: boolean;
  deadline: number;
  started: number;
  signal?: AbortSignal;
}

/** A span rustc printed for a file of the crate: itself, else the macro call site it expanded from. */
function crateSpan(span: JsonSpan | undefined): RsSpan | null {
  for (let s: JsonSpan | undefined = span, depth = 0; s && depth < 8; s = s.expansion?.span, depth++) {
    if (!s.file_name.startsWith('/rustc/') && !s.file_name.startsWith('<')) return { file: s.file_name, line: s.line_start, column: s.column_start };
  }
  return null;
}

/** Why cargo failed before rustc said anything, as advice. */
export function cargoFailure(stderr: string, dir: string): string {
  const lines = stderr.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !/^(?:Blocking|Updating|Locking|Checking|Compiling|Finished|warning:)/.test(l));
  const first = (lines.find((l) => l.startsWith('error')) ?? lines[0] ?? 'no output').slice(0, 200);
  const text = stderr.replace(/\s+/g, ' ');
  if (/offline|no matching package|failed to (?:download|load source|get)|attempting to make an HTTP request|can't checkout from|registry index|failed to select a version/i.test(text)) {
    return `cargo cannot check the crate offline: its dependencies are not downloaded (${first}); run \`cargo fetch\` in ${dir} once, with network access, and ask again`;
  }
  if (/workspace/i.test(text)) return `cargo cannot load the crate's workspace (${first}); make \`cargo check\` work in ${dir} and ask again`;
  if (/lock file version|edition.*(?:is unstable|not supported|requires)|requires rustc/i.test(text)) return `the installed cargo is too old for this crate (${first}); update Rust (\`rustup update\`) and ask again`;
  return `cargo check failed before compiling (${first}); make \`cargo check --offline\` work in ${dir} and ask again`;
}

export function runCargo(run: CargoRun): Promise<RsDiagnostic[]> {
  if (run.signal?.aborted) return Promise.reject(run.signal.reason instanceof Error ? run.signal.reason : new Error('aborted'));
  const args = ['check', '--offline', '--message-format=json', ...(run.workspace ? ['--workspace'] : [])];
  const child = spawn('cargo', args, {
    cwd: run.dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: { ...process.env, CARGO_TARGET_DIR: run.targetDir, CARGO_TERM_COLOR: 'never', CARGO_TERM_PROGRESS_WHEN: 'never' },
  });
  const diagnostics: RsDiagnostic[] = [];
  let partial = '';
  let sawCompiler = false;
  const err: Buffer[] = [];
  const onLine = (line: string): void => {
    if (!line.startsWith('{')) return;
    let m: JsonMessage;
    try {
      m = JSON.parse(line) as JsonMessage;
    } catch {
      return;
    }
    if (m.reason !== 'compiler-message' || !m.message) return;
    sawCompiler = true;
    if (m.message.level !== 'error') return;
    const spans = m.message.spans;
    diagnostics.push({ code: m.message.code?.code ?? 'error', message: m.message.message, span: crateSpan(spans.find((s) => s.is_primary) ?? spans[0]) });
  };
  child.stdout.on('data', (b: Buffer) => {
    const chunks = (partial + b.toString('utf8')).split('\n');
    partial = chunks.pop() ?? '';
    for (const l of chunks) onLine(l);
  });
  child.stderr.on('data', (b: Buffer) => err.push(b));
  return boundedChild(
    child,
    run,
    (error) => (error.code === 'ENOENT' ? new CargoUnavailable(INSTALL_CARGO) : error),
    (code) => {
      if (partial) onLine(partial);
      if (code === 0 || diagnostics.length > 0) return diagnostics;
      if (sawCompiler) throw new Error(`cargo check exited with code ${code} without an error message`);
      throw new CargoUnavailable(cargoFailure(Buffer.concat(err).toString('utf8'), run.shownDir));
    },
  );
}
