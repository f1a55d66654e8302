/**
 * Gathers per-file evidence from the index for file ranking (file-ranking.ts ranks it):
 * whole-file term scores from per-term full-text lookups grouped by file, definitions
 * named by the query, verbatim strings as phrase matches, and mentioned paths.
 */
import { codeTokens } from '../core/code-tokens.js';
import type { IndexDb } from '../index/db.js';
import { chunkCountsPerFile } from '../index/read/chunks.js';
import { filesDefining } from '../index/read/definitions.js';
import { filePaths } from '../index/read/files.js';
import { filesWithPhrase, tokenChunkCountsPerFile } from '../index/read/fulltext.js';
import type { CompiledFilters } from './filters.js';
import { idf, isExamplePath, isTestPath, saturate, type FileEvidence, type WeightedToken } from './file-ranking.js';
import type { IssueTerms } from './issue-text.js';
import type { Candidate } from './ranking.js';

const MAX_LITERALS = 12;
const MAX_DEFINITION_NAMES = 40;

export interface EvidenceInput {
  tokens: WeightedToken[];
  terms: IssueTerms;
  /** Ranked chunks (BM25 or fused), best first. */
  chunks: Array<{ candidate: Candidate; score: number }>;
}

export interface GatheredEvidence {
  files: FileEvidence[];
  /** Chunks per file path among the ranked chunks, best first. */
  chunksByFile: Map<string, Array<{ candidate: Candidate; score: number }>>;
  /** Verbatim strings of the query found in the code. */
  literalHits: string[];
}

export function gatherFileEvidence(db: IndexDb, compiled: CompiledFilters, input: EvidenceInput): GatheredEvidence {
  const byPath = new Map<string, FileEvidence>();
  const entry = (p: string): FileEvidence => {
    let e = byPath.get(p);
    if (!e) {
      e = { path: p, chunk: 0, chunk2: 0, whole: 0, definitions: 0, literals: 0, pathMention: 0, isTest: isTestPath(p), isExample: isExamplePath(p) };
      byPath.set(p, e);
    }
    return e;
  };
  const chunksByFile = new Map<string, Array<{ candidate: Candidate; score: number }>>();
  for (const r of input.chunks) {
    const list = chunksByFile.get(r.candidate.path) ?? [];
    list.push(r);
    chunksByFile.set(r.candidate.path, list);
  }
  for (const [p, list] of chunksByFile) {
    const e = entry(p);
    e.chunk = list[0]?.score ?? 0;
    e.chunk2 = list[1]?.score ?? 0;
  }

  // Whole-file evidence: for each token, the matching chunks per file; BM25 over files from those counts.
  const lengths = chunkCountsPerFile(db);
  const fileCount = Math.max(1, lengths.size);
  let totalChunks = 0;
  for (const n of lengths.values()) totalChunks += n;
  const average = totalChunks / fileCount;
  const perToken = tokenChunkCountsPerFile(db, compiled);
  const wholeById = new Map<number, number>();
  for (const { token, weight } of input.tokens) {
    const rows = perToken(token);
    if (rows.length === 0) continue;
    const w = weight * idf(rows.length, fileCount);
    for (const r of rows) wholeById.set(r.id, (wholeById.get(r.id) ?? 0) + w * saturate(r.n, lengths.get(r.id) ?? average, average));
  }
  if (wholeById.size > 0) {
    const pathOf = filePaths(db);
    for (const [id, score] of wholeById) {
      const p = pathOf.get(id);
      if (p !== undefined) entry(p).whole += score;
    }
  }

  // Definitions the query names: a name defined in many files says less about each.
  const names = [...new Set(input.terms.identifiers.map((n) => n.split('.').pop() ?? n))].filter((n) => n.length >= 3).slice(0, MAX_DEFINITION_NAMES);
  if (names.length > 0) {
    const defs = filesDefining(db, names);
    const filesPerName = new Map<string, number>();
    for (const d of defs) filesPerName.set(d.name, (filesPerName.get(d.name) ?? 0) + 1);
    for (const d of defs) {
      if (!byPath.has(d.path)) continue; // only files the filters and the text already admit
      entry(d.path).definitions += 1 / (filesPerName.get(d.name) ?? 1);
    }
  }

  // Verbatim strings (error messages, quoted text): a phrase match in the code is strong evidence.
  const literalHits: string[] = [];
  const phrase = filesWithPhrase(db, compiled);
  for (const text of input.terms.errors.slice(0, MAX_LITERALS)) {
    const tokens = codeTokens(text);
    if (tokens.length < 2) continue;
    const paths = phrase(tokens.slice(0, 32).join(' '));
    if (paths.length === 0) continue;
    literalHits.push(text);
    for (const p of paths) entry(p).literals += 1 / paths.length;
  }

  // Paths the text mentions (trace frames, file names): suffix matches on repository paths.
  if (input.terms.paths.length > 0) {
    const all = [...byPath.keys()];
    for (const mentioned of input.terms.paths) {
      const m = mentioned.replace(/^\.?\//, '');
      const hits = all.filter((p) => p === m || p.endsWith(`/${m}`) || m.endsWith(`/${p}`));
      for (const p of hits) entry(p).pathMention += 1 / hits.length;
    }
  }
  return { files: [...byPath.values()], chunksByFile, literalHits };
}
