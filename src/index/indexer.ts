/**
 * Incremental indexing. Only added, changed (content hash) and deleted files are
 * touched. Everything one run writes is one SQLite transaction, so a run that is
 * killed leaves the previous index exactly as it was.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, type ScoutConfig } from '../core/config.js';
import { headCommit } from '../workspace/git.js';
import { languageOf } from '../workspace/language.js';
import { walkRepository, type WalkedFile } from '../workspace/walk.js';
import type { ParseJob, ParseOutcome } from './parse-job.js';
import { FACT_TOTALS_KEY, formatFactTotals, moveTotals, readFactTotals } from './fact-totals.js';
import { CHUNK_CHANGES_KEY, nextChunkChanges } from './chunk-changes.js';
import { INDEX_GENERATION_KEY } from './read/meta.js';
import { chooseWorkerCount, runParseJobs } from './parse-pool.js';
import type { IndexStore, StoredFile } from './store.js';
import { recordWalkInputs, WALK_INPUTS_KEY } from './walk-inputs.js';
import type { StoredWalk } from './walk-reuse.js';

export interface IndexProgress {
  done: number;
  total: number;
  path: string;
}

export interface IndexOptions {
  config?: ScoutConfig;
  /** Re-read and re-parse every file, even when size, mtime and content are unchanged. */
  force?: boolean;
  onProgress?: (progress: IndexProgress) => void;
  /**
   * indexRepository: list again only the directories whose mtime changed since the last walk (see
   * walk-reuse.ts); the caller has checked the walk inputs. Walks everything when the walk meets a new ignore file.
   */
  reuse?: StoredWalk;
}

/**
 * Where the time of one run went, in milliseconds. readHash, parse and extract are summed over
 * the threads that ran them (with worker threads they overlap each other and the writes);
 * the rest is main-thread time. `parseWall` is the wall time from the first job sent to the
 * last result written, `total` the whole run.
 */
export interface IndexStages {
  walk: number;
  readHash: number;
  parse: number;
  extract: number;
  /** SQLite row inserts and deletes, FTS excluded. */
  write: number;
  fts: number;
  indexBuild: number;
  commit: number;
  parseWall: number;
  total: number;
}

export interface IndexStats {
  filesSeen: number;
  filesParsed: number;
  filesUnchanged: number;
  filesDeleted: number;
  filesSkipped: number;
  linesParsed: number;
  parseFailures: number;
  workers: number;
  durationMs: number;
  commit: string | null;
  /** The index generation this run wrote (see INDEX_GENERATION_KEY in read/meta.ts). */
  generation: number;
  stages: IndexStages;
}

/**
 * A write touching at most this many files lists the chunks it changed (CHUNK_CHANGES_KEY), so that the
 * vectors follow by redoing those chunks only; a larger write leaves the vectors to a full sync.
 */
const CHUNK_CHANGES_MAX_FILES = 256;

/** Building into an empty index with at least this many files rebuilds secondary indexes in bulk. */
const BULK_THRESHOLD = 50;

/** Walk the whole repository and bring the index up to date with it. */
export async function indexRepository(root: string, store: IndexStore, options: IndexOptions = {}): Promise<IndexStats> {
  const started = performance.now();
  const config = options.config ?? loadConfig(root);
  let walk = walkRepository(root, config, options.reuse);
  if (options.reuse && !options.reuse.covers(walk.ignoreFiles)) walk = walkRepository(root, config);
  const walkMs = performance.now() - started;
  // Stats decide which files are read; only those need their stored row (all columns of 10k files: 50 ms).
  const stats = new Map((options.reuse?.fileStats ?? store.listFileStats()).map(([p, size, mtimeMs, language]) => [p, { size, mtimeMs, language }]));
  const seen = new Set(walk.files.map((f) => f.path));
  const deleted = [...stats.keys()].filter((p) => !seen.has(p));
  const candidates = walk.files.filter((f) => options.force || needsRead(f, stats.get(f.path)));
  const stored = new Map<string, StoredFile>();
  if (!options.force) {
    for (const f of candidates) {
      const row = stats.has(f.path) ? store.getFile(f.path) : undefined;
      if (row) stored.set(f.path, row);
    }
  }
  const unchangedByStat = walk.files.length - candidates.length;

  // A forced pass over a built index rewrites every file: clear them all at once and write as into an empty index.
  const rebuild = Boolean(options.force) && stats.size > 0 && candidates.length >= BULK_THRESHOLD;
  const bulk = (stats.size === 0 || rebuild) && candidates.length >= BULK_THRESHOLD;
  const { filesGated: _gated, ...written } = await writeChanges(
    root,
    store,
    config,
    candidates,
    deleted,
    stored, // forced: empty, no previous hash, so every file is parsed again
    options.onProgress,
    () => {
      if (bulk) store.restoreSecondaryIndexes();
      store.replaceSkipped(walk.skipped);
      store.replaceDirectories(walk.directories);
      store.setMeta(WALK_INPUTS_KEY, recordWalkInputs(root, config, walk));
    },
    bulk
      ? () => {
          store.suspendSecondaryIndexes();
          if (rebuild) store.clearFacts();
        }
      : undefined,
  );
  return {
    ...written,
    filesSeen: walk.files.length,
    filesUnchanged: written.filesUnchanged + unchangedByStat,
    filesSkipped: store.listSkipped().length, // the walker's and the content checks'
    durationMs: Math.round(performance.now() - started),
    stages: finishStages(written.stages, walkMs, started),
  };
}

function finishStages(stages: IndexStages, walkMs: number, started: number): IndexStages {
  const round = (ms: number): number => Math.round(ms * 10) / 10;
  const out = { ...stages, walk: walkMs, total: performance.now() - started };
  for (const key of Object.keys(out) as Array<keyof IndexStages>) out[key] = round(out[key]);
  return out;
}

/**
 * Update just the given repo-relative paths (added, modified or deleted) and the
 * given directory mtimes: the partial reindex behind ensureFresh.
 */
export async function updatePaths(
  root: string,
  store: IndexStore,
  paths: string[],
  directories: Map<string, number>,
  options: IndexOptions = {},
): Promise<IndexStats> {
  const started = performance.now();
  const config = options.config ?? loadConfig(root);
  const stored = new Map<string, StoredFile>();
  for (const rel of paths) {
    const file = store.getFile(rel);
    if (file) stored.set(rel, file);
  }
  const present: WalkedFile[] = [];
  const deleted: string[] = [];
  for (const rel of paths) {
    const language = languageOf(rel);
    const absolute = path.join(root, rel);
    let stat;
    try {
      stat = statSync(absolute);
    } catch {
      stat = null;
    }
    if (!stat || !stat.isFile() || !language || stat.size > config.index.maxFileBytes) {
      if (stored.has(rel)) deleted.push(rel);
      continue;
    }
    present.push({ path: rel, absolute, language, size: stat.size, mtimeMs: stat.mtimeMs });
  }
  const { filesGated, ...stats } = await writeChanges(root, store, config, present, deleted, stored, options.onProgress, () => {
    store.updateDirectories(directories);
  });
  return {
    ...stats,
    filesSeen: paths.length,
    filesSkipped: filesGated,
    durationMs: Math.round(performance.now() - started),
    stages: finishStages(stats.stages, 0, started),
  };
}

function needsRead(file: WalkedFile, previous: Pick<StoredFile, 'size' | 'mtimeMs' | 'language'> | undefined): boolean {
  if (!previous) return true;
  return previous.size !== file.size || previous.mtimeMs !== file.mtimeMs || previous.language !== file.language;
}

async function writeChanges(
  root: string,
  store: IndexStore,
  config: ScoutConfig,
  files: WalkedFile[],
  deleted: string[],
  stored: Map<string, StoredFile>,
  onProgress: IndexOptions['onProgress'],
  finish: () => void,
  begin?: () => void,
): Promise<Omit<IndexStats, 'filesSeen' | 'filesSkipped' | 'durationMs'> & { filesGated: number }> {
  const limits = {
    maxLineLength: config.index.maxLineLength,
    maxNestingDepth: config.index.maxNestingDepth,
    parseBudgetMs: config.index.parseBudgetMs,
  };
  // Largest files first: a worker stuck with one huge file at the end would idle the other core.
  const jobs: ParseJob[] = files.map((f, id) => ({
    id, // index into `files`, so outcomes map back whatever order they finish in
    path: f.path,
    absolute: f.absolute,
    language: f.language,
    // A file skipped for its content is checked again when read (the limits may have changed).
    previousHash: stored.get(f.path)?.language === f.language && !stored.get(f.path)?.skipReason ? (stored.get(f.path)?.hash ?? null) : null,
    limits,
  }));
  const sizes = files.map((f) => f.size);
  jobs.sort((a, b) => (sizes[b.id] ?? 0) - (sizes[a.id] ?? 0));
  let filesParsed = 0;
  let filesUnchanged = 0;
  let linesParsed = 0;
  let parseFailures = 0;
  let filesGated = 0;
  let done = 0;
  const vanished: string[] = [];
  const stages: IndexStages = { walk: 0, readHash: 0, parse: 0, extract: 0, write: 0, fts: 0, indexBuild: 0, commit: 0, parseWall: 0, total: 0 };
  const ftsBefore = store.timings.ftsMs;
  const indexBuildBefore = store.timings.indexBuildMs;

  store.beginWrite();
  try {
    const writeStarted = performance.now();
    // Read inside the write transaction: no other writer can change these files' chunks in between.
    const touched = [...files.map((f) => f.path), ...deleted];
    const small = touched.length <= CHUNK_CHANGES_MAX_FILES;
    const chunksBefore = small ? store.chunkIdsOfFiles(touched) : null;
    const previousGeneration = Number(store.getMeta(INDEX_GENERATION_KEY) ?? '0') || 0;
    const totalsBefore = small ? readFactTotals(store.getMeta(FACT_TOTALS_KEY), previousGeneration) : null;
    const touchedBefore = totalsBefore ? store.countFacts(touched) : null;
    begin?.();
    stages.write += performance.now() - writeStarted;
    const onOutcome = (outcome: ParseOutcome): void => {
      const file = files[outcome.id];
      if (!file) return;
      const outcomeStarted = performance.now();
      if (outcome.timing) {
        stages.readHash += outcome.timing.readMs;
        stages.parse += outcome.timing.parseMs;
        stages.extract += outcome.timing.extractMs;
      }
      done++;
      if (outcome.kind === 'vanished') {
        // Deleted between the walk and the read: drop it like any deleted file.
        vanished.push(file.path);
      } else if (outcome.kind === 'unchanged') {
        filesUnchanged++;
        store.touchFile(file.path, file.size, file.mtimeMs);
      } else {
        const record = { path: file.path, language: file.language, hash: outcome.hash, size: file.size, mtimeMs: file.mtimeMs, lines: outcome.lines, invalidUtf8: outcome.invalidUtf8 };
        if (outcome.kind === 'skipped') {
          // Kept as a file without facts, so freshness checks see it and status lists the reason.
          filesGated++;
          store.writeFile({ ...record, parseError: null, skip: { reason: outcome.reason, detail: outcome.detail } }, null);
        } else {
          filesParsed++;
          linesParsed += outcome.lines;
          if (outcome.parseError) parseFailures++;
          store.writeFile({ ...record, parseError: outcome.parseError }, outcome.facts);
        }
      }
      stages.write += performance.now() - outcomeStarted;
      onProgress?.({ done, total: files.length, path: file.path });
    };
    const parseStarted = performance.now();
    const { workersUsed } = await runParseJobs(jobs, chooseWorkerCount(config.index.workers, jobs.length), onOutcome);
    stages.parseWall = performance.now() - parseStarted;
    const finishStarted = performance.now();
    for (const p of [...deleted, ...vanished]) store.deleteFile(p);
    finish();
    const commit = headCommit(root);
    store.setMeta('indexed_commit', commit ?? '');
    store.setMeta('indexed_at', new Date().toISOString());
    const generation = previousGeneration + 1;
    store.setMeta(INDEX_GENERATION_KEY, String(generation));
    const chunkIds = chunksBefore ? [...new Set([...chunksBefore, ...store.chunkIdsOfFiles(touched)])] : null;
    store.setMeta(CHUNK_CHANGES_KEY, nextChunkChanges(store.getMeta(CHUNK_CHANGES_KEY), generation, chunkIds));
    const totals = totalsBefore && touchedBefore ? moveTotals(totalsBefore, touchedBefore, store.countFacts(touched)) : store.countFacts();
    store.setMeta(FACT_TOTALS_KEY, formatFactTotals(generation, totals));
    stages.write += performance.now() - finishStarted;
    const commitStarted = performance.now();
    store.commit();
    stages.commit = performance.now() - commitStarted;
    stages.fts = store.timings.ftsMs - ftsBefore;
    stages.indexBuild = store.timings.indexBuildMs - indexBuildBefore;
    // FTS inserts and the index rebuild happen inside the write calls: report them apart.
    stages.write -= stages.fts + stages.indexBuild;
    return {
      filesParsed,
      filesUnchanged,
      filesDeleted: deleted.length + vanished.length,
      linesParsed,
      parseFailures,
      filesGated,
      workers: workersUsed,
      commit,
      generation,
      stages,
    };
  } catch (error) {
    store.rollback();
    throw error;
  }
}
