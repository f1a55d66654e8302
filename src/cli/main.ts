#!/usr/bin/env node
/** The `scout` command line. Owns the process: argument parsing, output, exit codes. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isScoutError, ScoutError } from '../core/errors.js';
import { extractFacts } from '../parse/extract.js';
import { formatFacts } from '../parse/format-facts.js';
import { languageOf } from '../workspace/language.js';
import { resolveRepoRoot } from '../workspace/root.js';
import { formatIndexSummary, runIndexCommand } from './index-command.js';
import { formatStatus, runStatusCommand } from './status-command.js';

const USAGE = `scout — local code intelligence for AI coding agents

Usage:
  scout index  [--repo DIR] [--json] [--force]   build or update the index of a repository
  scout status [--repo DIR] [--json]             freshness, counts, skipped files, database size
  scout facts  FILE [--json]                     print the facts extracted from one file (debugging)

Options:
  --repo DIR   repository root (default: the git top level of the current directory)
  --json       print one JSON object on stdout
  --force      re-read every file, ignoring size and mtime
  -h, --help   show this help

Exit codes: 0 success, 1 error (the message says how to fix it), 2 bad usage.`;

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        repo: { type: 'string' },
        json: { type: 'boolean', default: false },
        force: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    process.stderr.write(`scout: ${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return command || values.help ? 0 : 2;
  }
  const root = () => (values.repo ? resolveRepoRoot(values.repo) : resolveRepoRoot(process.cwd(), { explicit: false }));
  switch (command) {
    case 'index': {
      const result = await runIndexCommand(root(), { json: values.json, force: values.force });
      process.stdout.write(values.json ? `${JSON.stringify(result)}\n` : `${formatIndexSummary(result)}\n`);
      return 0;
    }
    case 'status': {
      const report = runStatusCommand(root());
      process.stdout.write(values.json ? `${JSON.stringify(report)}\n` : `${formatStatus(report)}\n`);
      return 0;
    }
    case 'facts': {
      const file = rest[0];
      if (!file) throw new ScoutError('USAGE', 'scout facts needs a file: scout facts src/app.ts');
      const language = languageOf(file);
      if (!language) throw new ScoutError('USAGE', `no supported language for ${file}; supported extensions: .ts .tsx .js .py .go .rs .java .hs`);
      const facts = await extractFacts(language, readFileSync(path.resolve(file), 'utf8'));
      process.stdout.write(values.json ? `${JSON.stringify(facts)}\n` : formatFacts(facts));
      return 0;
    }
    default:
      process.stderr.write(`scout: unknown command "${command}"\n\n${USAGE}\n`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (isScoutError(error)) {
      process.stderr.write(`scout: ${error.message} [${error.code}]\n`);
      process.exitCode = error.code === 'USAGE' ? 2 : 1;
    } else {
      process.stderr.write(`scout: unexpected error: ${(error as Error).stack ?? String(error)}\n`);
      process.exitCode = 1;
    }
  },
);
