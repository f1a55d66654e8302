#!/usr/bin/env node
/** The `scout` command line. Owns the process: argument parsing, output, exit codes. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isScoutError, ScoutError } from '../core/errors.js';
import { SERVER_INFO } from '../mcp/server-info.js';
import { dirtyFilesAsync } from '../workspace/git.js';
import { resolveRepoRoot } from '../workspace/root.js';
import type { AskFlags } from './ask-command.js';
import type { SearchFlags } from './search-command.js';

// Commands are imported when they run: `scout mcp` must answer tools/list within
// milliseconds of spawn, so nothing heavy (SQLite, tree-sitter, TypeScript) loads up front.

const USAGE = `scout — local code intelligence for AI coding agents

Usage:
  scout index  [--repo DIR] [--json] [--force]   build or update the index of a repository
  scout status [--repo DIR] [--json]             freshness, counts, skipped files, vectors, database size
  scout search "<query>" [--repo DIR] [--mode M] [--limit N] [--exhaustive] [--cursor C] [filters] [--json]
  scout search --queries-file F [...]          one query per line, one JSON object per line, one process
  scout symbol NAME [--role R] [--kind K] [--include-context] [--limit N] [--json]
  scout ask "<question>" [--repo DIR] [--tags a,b] [--budget N] [--scorer heuristic|llm|mock] [--json] [--all] [--trace FILE.html]
  scout demo [--json] [--trace FILE.html]        ask "what breaks if I add a variant to LLMKind?" on the bundled example
  scout gen-training N [--repo DIR] [--out FILE]  explorations over N generated questions as fine-tuning JSONL
  scout facts  FILE [--json]                     print the facts extracted from one file (debugging)
  scout context  [--repo DIR] [--json]           repo, branch, last commit, index freshness, project type, entry points
  scout summary  [--repo DIR] [--max-modules N] [--exclude PATTERN] [--json]   top modules, languages, stats
  scout validate SYMBOL|FILE:LINE [--json]       complexity, near-duplicates, callers, suggestions
  scout callers  SYMBOL|FILE:LINE [--depth N] [--callees] [--module PREFIX] [--limit N] [--offset N] [--json]
  scout duplicates [SYMBOL] [--min-similarity X] [--min-lines N] [--path-prefix P] [--limit N] [--json]
  scout mcp [--repo DIR] [--http PORT]           MCP server over stdio (or Streamable HTTP on 127.0.0.1); alias: scout --mcp
  scout watch [--repo DIR] [--stop]              start (or stop) a background watcher that makes queries' freshness check cheap;
                                                 no other command leaves a process running

Options:
  --repo DIR   repository root (default: the git top level of the current directory)
  --store URL  a team index on PostgreSQL (or SCOUT_STORE): \`index\` publishes the HEAD commit's index there
               (--keep N snapshots per repository, default 10); other commands answer from the snapshot of the
               nearest published ancestor commit, with local changes indexed on top (--repo-name NAME overrides
               the name taken from the origin remote); \`search --repos a,b\` searches the newest published
               index of each named repository, fused by rank
  --json       print one JSON object on stdout
  --force      re-read and re-parse every file

Search:
  --mode exact|semantic|hybrid|definition|similar   (default hybrid)
  --limit N (1-100, default 10)   --exhaustive   --cursor C   --min-score X   --stage discover|refine
  --literal | --regex             match the query as a literal string / regular expression in file contents
  --rank auto|files|chunks        auto: prose and long queries (a pasted bug report) rank files, identifiers rank chunks
  --demote-tests true|false       file ranking: tests, examples and docs after the code they use (default true)
Filters (repeatable or comma-separated):
  --path-prefix P  --path-contains S  --path-not-contains S  --path-glob G  --kind K  --extension .ts
  --exported true|false  --decorator S  --has-docstring true|false  --context FILE (rank these files first)
Symbol lookup:
  --role definition|export|import|usage   --kind K   --include-context
  -h, --help   show this help
  -V, --version  print the version (also: scout version)

Exit codes: 0 success, 1 error (the message says how to fix it), 2 bad usage.`;

/** The shared store's URL from --store or SCOUT_STORE, or null (loads only the URL check, not the driver). */
async function sharedStoreUrl(option: string | undefined): Promise<string | null> {
  if (option === undefined && !process.env.SCOUT_STORE) return null;
  const { storeUrlFrom } = await import('../index/postgres/pg-connection.js');
  return storeUrlFrom(option);
}

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
        mode: { type: 'string' },
        limit: { type: 'string' },
        exhaustive: { type: 'boolean' },
        cursor: { type: 'string' },
        'min-score': { type: 'string' },
        stage: { type: 'string' },
        rank: { type: 'string' },
        'demote-tests': { type: 'string' },
        literal: { type: 'boolean' },
        regex: { type: 'boolean' },
        'path-prefix': { type: 'string' },
        'path-contains': { type: 'string', multiple: true },
        'path-not-contains': { type: 'string', multiple: true },
        'path-glob': { type: 'string' },
        kind: { type: 'string', multiple: true },
        extension: { type: 'string', multiple: true },
        exported: { type: 'string' },
        decorator: { type: 'string' },
        'has-docstring': { type: 'string' },
        context: { type: 'string', multiple: true },
        role: { type: 'string', multiple: true },
        'include-context': { type: 'boolean' },
        'queries-file': { type: 'string' },
        tags: { type: 'string', multiple: true },
        budget: { type: 'string' },
        scorer: { type: 'string' },
        trace: { type: 'string' },
        all: { type: 'boolean' },
        out: { type: 'string' },
        mcp: { type: 'boolean' },
        http: { type: 'string' },
        'max-modules': { type: 'string' },
        exclude: { type: 'string', multiple: true },
        depth: { type: 'string' },
        callees: { type: 'boolean' },
        module: { type: 'string' },
        'min-similarity': { type: 'string' },
        'min-lines': { type: 'string' },
        symbol: { type: 'string' },
        offset: { type: 'string' },
        stop: { type: 'boolean', default: false },
        store: { type: 'string' },
        keep: { type: 'string' },
        'repo-name': { type: 'string' },
        repos: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
        version: { type: 'boolean', short: 'V', default: false },
      },
    });
  } catch (error) {
    process.stderr.write(`scout: ${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command = values.mcp ? 'mcp' : undefined, ...rest] = positionals;
  if (values.version || command === 'version') {
    process.stdout.write(`scout ${SERVER_INFO.version} (node ${process.versions.node})\n`);
    return 0;
  }
  if (values.help || !command) {
    process.stdout.write(`${USAGE}\n`);
    return command || values.help ? 0 : 2;
  }
  const root = () => (values.repo ? resolveRepoRoot(values.repo) : resolveRepoRoot(process.cwd(), { explicit: false }));
  // With a shared store, every command but `index` (which publishes) and `demo` reads the team's snapshot.
  const shared = values.store !== undefined || Boolean(process.env.SCOUT_STORE);
  // The MCP server pulls on its first tool call instead (see ScoutWorkspace.load), so it answers `initialize` at once.
  const beforeOpen = shared
    ? async (): Promise<string | null> => {
        const { attachIfShared } = await import('./shared-store.js');
        const line = await attachIfShared(root(), values);
        if (line) process.stderr.write(`scout: ${line}\n`);
        return line;
      }
    : undefined;
  // A search across published repositories (--repos) reads their snapshots only, not this checkout's.
  if (beforeOpen && !['index', 'demo', 'facts', 'mcp'].includes(command) && values.repos === undefined) await beforeOpen();
  switch (command) {
    case 'mcp': {
      if (values.http !== undefined) {
        const port = Number(values.http);
        if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ScoutError('USAGE', `--http takes a port number (0-65535), got "${values.http}"`);
        const { runHttpServer } = await import('../mcp/server.js');
        await runHttpServer(root(), port, { beforeOpen, storeUrl: await sharedStoreUrl(values.store) });
      } else {
        const { runStdioServer } = await import('../mcp/stdio-main.js');
        await runStdioServer(root(), { beforeOpen, storeUrl: await sharedStoreUrl(values.store) });
      }
      return new Promise<number>(() => {}); // serve until the client goes away
    }
    case 'index': {
      const { formatIndexSummary, runIndexCommand } = await import('./index-command.js');
      const result = await runIndexCommand(root(), { json: values.json, force: values.force });
      const { publishIfShared } = await import('./shared-store.js');
      const shared = await publishIfShared(root(), values);
      process.stdout.write(values.json ? `${JSON.stringify(shared ? { ...result, shared: shared.result } : result)}\n` : `${formatIndexSummary(result)}${shared ? `\n${shared.line}` : ''}\n`);
      return 0;
    }
    case 'status': {
      // git status (60-90 ms at 1.5M lines) starts first and runs while the command's modules load.
      const repo = root();
      const gitDirty = dirtyFilesAsync(repo);
      const { formatStatus, runStatusCommand } = await import('./status-command.js');
      const report = await runStatusCommand(repo, gitDirty);
      // With a store: what it holds for this repository, after the local index's status.
      const { formatStoreListing, storeListingIfShared } = shared ? await import('./shared-store.js') : { formatStoreListing: null, storeListingIfShared: null };
      const listing = storeListingIfShared ? await storeListingIfShared(repo, values) : null;
      if (values.json) process.stdout.write(`${JSON.stringify(listing ? { ...report, store: listing } : report)}\n`);
      else process.stdout.write(`${formatStatus(report)}${listing && formatStoreListing ? `\n${formatStoreListing(listing)}` : ''}\n`);
      return 0;
    }
    case 'search': {
      // One query on a built index: its freshness check starts on another thread now, while the search modules load.
      const sweep = !values['queries-file'] && values.repos === undefined && rest.length > 0 ? (await import('../index/sweep-off-thread.js')).sweepIndexOf(root()) : null;
      const { formatSearch, readQueriesFile, runSearchCommand } = await import('./search-command.js');
      const flags = values as SearchFlags & { 'queries-file'?: string };
      const queriesFile = flags['queries-file'];
      if (!queriesFile && rest.length === 0) throw new ScoutError('USAGE', 'scout search needs a query: scout search "where are tokens validated"');
      if (values.repos !== undefined) {
        // Across published repositories: the shared store's snapshots, not this checkout.
        const { formatAcross, runAcrossRepositories } = await import('./search-command.js');
        const across = await runAcrossRepositories(root(), rest.join(' '), values as SearchFlags & { store?: string; repos?: string });
        process.stdout.write(values.json ? `${JSON.stringify(across)}\n` : `${formatAcross(across)}\n`);
        return 0;
      }
      const queries = queriesFile ? readQueriesFile(queriesFile) : [rest.join(' ')];
      await runSearchCommand(root(), queries, flags, (answer) => {
        if (values.json || queriesFile) process.stdout.write(`${JSON.stringify(answer)}\n`);
        else process.stdout.write(`${'error' in answer ? answer.error : formatSearch(answer)}\n`);
      }, sweep);
      return 0;
    }
    case 'symbol': {
      const { formatSymbol, runSymbolCommand } = await import('./search-command.js');
      const name = rest[0];
      if (!name) throw new ScoutError('USAGE', 'scout symbol needs a name: scout symbol UserService --role usage');
      const answer = await runSymbolCommand(root(), name, values as SearchFlags);
      process.stdout.write(values.json ? `${JSON.stringify(answer)}\n` : `${formatSymbol(answer)}\n`);
      return 0;
    }
    case 'ask':
    case 'demo': {
      const { DEMO_QUESTION, prepareDemoRepository, formatAnswer, runAsk } = await import('./ask-command.js');
      const question = command === 'demo' ? DEMO_QUESTION : rest.join(' ');
      const demo = command === 'demo' ? prepareDemoRepository() : null;
      const repo = demo ? demo.root : root();
      const progress = !values.json && process.stderr.isTTY ? (m: string) => process.stderr.write(`\r\x1b[2K${m.slice(0, 100)}`) : undefined;
      const answer = await runAsk(repo, question, values as AskFlags, progress);
      if (progress) process.stderr.write('\r\x1b[2K');
      if (demo?.note && values.json) answer.meta.notes.push(demo.note);
      if (demo && !values.json) process.stdout.write(`${demo.note ? `(${demo.note})\n` : ''}$ scout ask "${question}" --repo ${repo}\n\n`);
      process.stdout.write(values.json ? `${JSON.stringify(answer)}\n` : `${formatAnswer(answer)}\n`);
      return 0;
    }
    case 'gen-training': {
      const { runGenTraining } = await import('./gen-training-command.js');
      const result = await runGenTraining(root(), rest[0], values.out, (line) => process.stdout.write(`${line}\n`));
      if (values.out) process.stderr.write(`wrote ${result.records} record(s) from ${result.questions} question(s) to ${values.out}\n`);
      return 0;
    }
    case 'facts': {
      const [{ extractFacts }, { formatFacts }, { languageOf, supportedExtensions }] = await Promise.all([import('../parse/extract.js'), import('../parse/format-facts.js'), import('../workspace/language.js')]);
      const file = rest[0];
      if (!file) throw new ScoutError('USAGE', 'scout facts needs a file: scout facts src/app.ts');
      const language = languageOf(file);
      if (!language) throw new ScoutError('USAGE', `no supported language for ${file}; supported extensions: ${supportedExtensions().join(' ')}`);
      // Only files of the repository (the file itself, not a link inside it that leads out).
      const { confineReal } = await import('../workspace/confine.js');
      let absolute: string;
      try {
        absolute = confineReal(root(), path.resolve(file));
      } catch {
        throw new ScoutError('PATH_OUTSIDE_ROOT', `${file} is outside the repository (or a link that leads out of it); run scout facts from inside the repository, or pass --repo DIR with the repository that holds the file`);
      }
      const facts = await extractFacts(language, readFileSync(absolute, 'utf8'));
      process.stdout.write(values.json ? `${JSON.stringify(facts)}\n` : formatFacts(facts));
      return 0;
    }
    case 'context': {
      const { formatContext, runContextCommand } = await import('./context-command.js');
      const result = runContextCommand(root());
      process.stdout.write(values.json ? `${JSON.stringify(result)}\n` : `${formatContext(result)}\n`);
      return 0;
    }
    case 'summary': {
      const { formatSummary, runSummaryCommand } = await import('./context-command.js');
      const result = await runSummaryCommand(root(), values);
      process.stdout.write(values.json ? `${JSON.stringify(result)}\n` : `${formatSummary(result)}\n`);
      return 0;
    }
    case 'validate': {
      const target = rest.join(' ');
      if (!target) throw new ScoutError('USAGE', 'scout validate needs a symbol or file:line: scout validate parseConfig, scout validate src/config.ts:42');
      const { formatValidate, runValidateCommand } = await import('./analysis-commands.js');
      const result = await runValidateCommand(root(), target);
      process.stdout.write(values.json ? `${JSON.stringify(result)}\n` : `${formatValidate(result)}\n`);
      return 0;
    }
    case 'callers': {
      const target = rest.join(' ');
      if (!target) throw new ScoutError('USAGE', 'scout callers needs a symbol or file:line: scout callers parseConfig --depth 2');
      const { formatCallers, runCallersCommand } = await import('./analysis-commands.js');
      const result = await runCallersCommand(root(), target, values);
      process.stdout.write(values.json ? `${JSON.stringify(result)}\n` : `${formatCallers(result)}\n`);
      return 0;
    }
    case 'duplicates': {
      const { formatDuplicates, runDuplicatesCommand } = await import('./duplicates-command.js');
      const flags = { ...values, ...(rest[0] !== undefined ? { symbol: rest.join(' ') } : {}) };
      const result = await runDuplicatesCommand(root(), flags);
      process.stdout.write(values.json ? `${JSON.stringify(result)}\n` : `${formatDuplicates(result)}\n`);
      return 0;
    }
    case 'watch': {
      const { runWatchCommand } = await import('./watch-command.js');
      process.stdout.write(`${await runWatchCommand(root(), { stop: values.stop, json: values.json })}\n`);
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
