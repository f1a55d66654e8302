/**
 * Near-duplicate functions: clusters of functions whose normalised bodies (names and
 * literals abstracted, see shingles.ts) share most of their token shingles.
 *
 * Pipeline: load the text of every function-like definition from the index → shingle it →
 * MinHash signatures → fold exact copies together → LSH for candidate pairs (minhash.ts) →
 * verify each candidate with the exact Jaccard → union-find over the verified pairs.
 * Nothing is added to the index (the chunk texts are there already, and shingling them costs
 * about as much as reading them); the shingles are kept in memory per open database while
 * the index is unchanged, for the next question.
 */
import { ScoutError } from '../core/errors.js';
import type { Language } from '../core/types.js';
import type { IndexDb } from '../index/db.js';
import { functionTextOf, functionTexts, type FunctionTextRow } from '../index/read/chunks.js';
import { changeVersion } from '../index/read/meta.js';
import { chooseBanding, exactJaccard, lshCandidatePairs, minhashSignature, SIGNATURE_SIZE, sizesCompatible } from './minhash.js';
import { shinglesOf } from './shingles.js';

export interface DuplicateMember {
  symbol: string;
  qualified_name: string;
  kind: string;
  file: string;
  start_line: number;
  end_line: number;
  lines: number;
}

export interface DuplicateCluster {
  /** Minimum pairwise exact similarity among the members, 0..1, rounded down to 2 decimals. */
  similarity: number;
  members: DuplicateMember[];
}

export interface DuplicateMatch extends DuplicateMember {
  similarity: number;
}

export interface DuplicateOptions {
  /** Jaccard similarity of the normalised shingle sets a pair needs (default 0.8). */
  minSimilarity?: number;
  /** Ignore definitions shorter than this many lines (default 5): tiny functions all look alike. */
  minLines?: number;
  /** Definition kinds compared (default FUNCTION_KINDS). */
  kinds?: string[];
  pathPrefix?: string;
  pathNotContains?: string[];
}

export interface DuplicateReport {
  clusters: DuplicateCluster[];
  total_clusters: number;
  functions_compared: number;
  elapsed_ms: number;
  min_similarity: number;
}

/**
 * The kinds with a body of code of their own. Java constructors are indexed as `method`;
 * the `constructor` kind is Haskell's data constructor (no body); arrow functions and
 * function expressions bound to a name are indexed as `function`.
 */
export const FUNCTION_KINDS: readonly string[] = ['function', 'method'];
export const DEFAULT_MIN_SIMILARITY = 0.8;
export const DEFAULT_MIN_LINES = 5;
const DEFAULT_MATCH_LIMIT = 10;
/** Above this many distinct bodies, a cluster's similarity is its weakest verified link, not the weakest of all pairs. */
const MAX_ALL_PAIRS_CLUSTER = 200;

/** One function-like definition with its source text, as read from the index. */
export interface FunctionText {
  id: number;
  fileId: number;
  language: Language;
  member: DuplicateMember;
  /** The definition's own lines (the chunk without its signature/docstring header). */
  body: string;
}

/** A function ready for comparison (its text is no longer needed, and not kept). */
export interface ShingledFunction extends Omit<FunctionText, 'body'> {
  shingles: Uint32Array;
}

interface ResolvedOptions {
  minSimilarity: number;
  minLines: number;
  kinds: readonly string[];
  pathPrefix: string | undefined;
  pathNotContains: readonly string[];
}

function resolveOptions(options: DuplicateOptions): ResolvedOptions {
  const minSimilarity = options.minSimilarity ?? DEFAULT_MIN_SIMILARITY;
  if (!Number.isFinite(minSimilarity) || minSimilarity <= 0 || minSimilarity > 1) {
    throw new ScoutError('USAGE', `min_similarity must be a number above 0 and at most 1 (e.g. 0.8), got ${minSimilarity}`);
  }
  const minLines = options.minLines ?? DEFAULT_MIN_LINES;
  if (!Number.isInteger(minLines) || minLines < 1) {
    throw new ScoutError('USAGE', `min_lines must be a whole number >= 1 (e.g. 5), got ${minLines}`);
  }
  const prefix = options.pathPrefix?.replace(/^\.\//, '');
  return {
    minSimilarity,
    minLines,
    kinds: options.kinds && options.kinds.length > 0 ? options.kinds : FUNCTION_KINDS,
    pathPrefix: prefix ? prefix : undefined,
    pathNotContains: options.pathNotContains ?? [],
  };
}

/** A definition with its chunk's text, read as an array: no object per row (index/read/chunks.ts). */
type Row = FunctionTextRow;

/** The chunk text is `signature \n docstring \n body` (parse/chunks.ts); only the body is code to compare. */
function bodyOf(text: string, signature: string, docstring: string | null): string {
  let body = text;
  for (const header of [signature, docstring]) {
    if (header && body.startsWith(header) && body.charCodeAt(header.length) === 10) body = body.slice(header.length + 1);
  }
  return body;
}

function toFunctionText(row: Row): FunctionText {
  const [id, fileId, name, qualifiedName, kind, startLine, endLine, signature, docstring, path, language, text] = row;
  return {
    id,
    fileId,
    language,
    member: { symbol: name, qualified_name: qualifiedName, kind, file: path, start_line: startLine, end_line: endLine, lines: endLine - startLine + 1 },
    body: bodyOf(text, signature, docstring),
  };
}

/** Every definition the options select, with its text, in index order. */
export function loadFunctions(db: IndexDb, options: DuplicateOptions = {}): FunctionText[] {
  const o = resolveOptions(options);
  // Read in index order (no sort in SQL); members are sorted at the end.
  const rows = functionTexts(db, { kinds: o.kinds, minLines: o.minLines, pathPrefix: o.pathPrefix, pathNotContains: o.pathNotContains });
  return rows.map(toFunctionText);
}

export function shingleFunctions(functions: FunctionText[]): ShingledFunction[] {
  return functions.map((f) => ({ id: f.id, fileId: f.fileId, language: f.language, member: f.member, shingles: shinglesOf(f.body, f.language) }));
}

/**
 * Shingled functions per open database, reused while the index is unchanged: a server
 * answers validate_symbol for one definition after another, and reading and shingling
 * every function is most of the cost of each answer. The index has changed when its
 * change version moved (index/read/meta.ts changeVersion: the data version after a commit
 * through another connection, the change count after a write through this one). One entry
 * per database, for the last options used.
 */
const shingled = new WeakMap<IndexDb, { key: string; functions: ShingledFunction[] }>();

function cachedFunctions(db: IndexDb, options: DuplicateOptions): ShingledFunction[] {
  const o = resolveOptions(options);
  const { dataVersion, totalChanges } = changeVersion(db);
  const key = JSON.stringify([dataVersion, totalChanges, o.kinds, o.minLines, o.pathPrefix, o.pathNotContains]);
  const hit = shingled.get(db);
  if (hit?.key === key) return hit.functions;
  const functions = shingleFunctions(loadFunctions(db, options));
  shingled.set(db, { key, functions });
  return functions;
}

/** One definition inside the other (a closure in its enclosing function): not a duplicate, a part. */
function nested(a: Omit<FunctionText, 'body'>, b: Omit<FunctionText, 'body'>): boolean {
  if (a.fileId !== b.fileId) return false;
  const x = a.member;
  const y = b.member;
  return (x.start_line <= y.start_line && y.end_line <= x.end_line) || (y.start_line <= x.start_line && x.end_line <= y.end_line);
}

/** Rounded DOWN, so a printed 0.80 never hides a 0.7999. */
function round2(x: number): number {
  return Math.floor(x * 100 + 1e-9) / 100;
}

function sameSet(a: Uint32Array, b: Uint32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Group functions with identical shingle sets (verbatim or renamed copies), keyed by their
 * signature (equal sets have equal signatures; equality is then checked). The pair checks
 * run once per distinct body: a repository with 300 copies of one getter would otherwise
 * put 45,000 pairs into one LSH bucket.
 */
function foldExactCopies(functions: ShingledFunction[], signatures: Uint32Array, size: number): { distinct: number[]; groupOf: Int32Array } {
  const byKey = new Map<number, number[]>(); // signature hash → indexes into `distinct`
  const distinct: number[] = [];
  const groupOf = new Int32Array(functions.length);
  for (let i = 0; i < functions.length; i++) {
    const shingles = (functions[i] as ShingledFunction).shingles;
    let key = shingles.length;
    for (let p = i * size; p < (i + 1) * size; p++) key = Math.imul(key ^ (signatures[p] as number), 0x01000193);
    const candidates = byKey.get(key);
    const same = candidates?.find((d) => sameSet((functions[distinct[d] as number] as ShingledFunction).shingles, shingles));
    if (same !== undefined) {
      groupOf[i] = same;
      continue;
    }
    groupOf[i] = distinct.length;
    if (candidates) candidates.push(distinct.length);
    else byKey.set(key, [distinct.length]);
    distinct.push(i);
  }
  return { distinct, groupOf };
}

class UnionFind {
  private readonly parent: Int32Array;
  constructor(size: number) {
    this.parent = new Int32Array(size);
    for (let i = 0; i < size; i++) this.parent[i] = i;
  }
  find(x: number): number {
    let root = x;
    while (this.parent[root] !== root) root = this.parent[root] as number;
    while (this.parent[x] !== root) {
      const next = this.parent[x] as number;
      this.parent[x] = root;
      x = next;
    }
    return root;
  }
  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
}

function byLocation(a: DuplicateMember, b: DuplicateMember): number {
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.start_line - b.start_line;
}

/** Clusters of near-duplicates among shingled functions (the compute half of findDuplicateClusters). */
export function clusterFunctions(functions: ShingledFunction[], minSimilarity = DEFAULT_MIN_SIMILARITY): DuplicateCluster[] {
  const usable = functions.filter((f) => f.shingles.length > 0);
  const size = SIGNATURE_SIZE;
  const all = new Uint32Array(usable.length * size);
  usable.forEach((f, i) => minhashSignature(f.shingles, size, all, i * size));
  const { distinct, groupOf } = foldExactCopies(usable, all, size);
  const bodyAt = (d: number): ShingledFunction => usable[distinct[d] as number] as ShingledFunction;

  // Candidate pairs of distinct bodies from LSH, each verified exactly.
  const signatures = new Uint32Array(distinct.length * size);
  distinct.forEach((i, d) => signatures.set(all.subarray(i * size, (i + 1) * size), d * size));
  const links = new UnionFind(distinct.length);
  const edges: Array<[number, number]> = [];
  for (const [x, y] of lshCandidatePairs(signatures, distinct.length, size, chooseBanding(size, minSimilarity))) {
    const a = bodyAt(x);
    const b = bodyAt(y);
    if (!sizesCompatible(a.shingles.length, b.shingles.length, minSimilarity) || nested(a, b)) continue;
    const similarity = exactJaccard(a.shingles, b.shingles);
    if (similarity < minSimilarity) continue;
    links.union(x, y);
    edges.push([x, similarity]);
  }
  const weakestLink = new Map<number, number>(); // component root → smallest verified similarity
  for (const [x, similarity] of edges) {
    const root = links.find(x);
    weakestLink.set(root, Math.min(weakestLink.get(root) ?? 1, similarity));
  }

  // Components: distinct bodies by root, then every function by the root of its body.
  const bodiesOf = new Map<number, number[]>();
  for (let d = 0; d < distinct.length; d++) {
    const root = links.find(d);
    const list = bodiesOf.get(root);
    if (list) list.push(d);
    else bodiesOf.set(root, [d]);
  }
  const membersOf = new Map<number, DuplicateMember[]>();
  usable.forEach((f, i) => {
    const root = links.find(groupOf[i] as number);
    const list = membersOf.get(root);
    if (list) list.push(f.member);
    else membersOf.set(root, [f.member]);
  });

  const clusters: DuplicateCluster[] = [];
  for (const [root, members] of membersOf) {
    if (members.length < 2) continue;
    members.sort(byLocation);
    const similarity = clusterSimilarity(bodiesOf.get(root) ?? [], bodyAt, weakestLink.get(root) ?? 1);
    clusters.push({ similarity: round2(similarity), members });
  }
  clusters.sort(
    (a, b) =>
      b.members.length * b.similarity - a.members.length * a.similarity ||
      byLocation(a.members[0] as DuplicateMember, b.members[0] as DuplicateMember),
  );
  return clusters;
}

/**
 * The smallest exact similarity between any two distinct bodies of a component. Union-find
 * chains A~B~C even when A and C are further apart, and the caller should see that. Large
 * components fall back to their weakest verified link, to keep the cost bounded.
 */
function clusterSimilarity(bodies: number[], bodyAt: (d: number) => ShingledFunction, weakestLink: number): number {
  if (bodies.length < 2) return 1; // every member is a copy of one body
  if (bodies.length > MAX_ALL_PAIRS_CLUSTER) return weakestLink;
  let min = 1;
  for (let x = 0; x < bodies.length; x++) {
    for (let y = x + 1; y < bodies.length; y++) {
      const a = bodyAt(bodies[x] as number);
      const b = bodyAt(bodies[y] as number);
      if (!nested(a, b)) min = Math.min(min, exactJaccard(a.shingles, b.shingles));
    }
  }
  return min;
}

/** Clusters of near-duplicate functions in the index, largest and most similar first. */
export function findDuplicateClusters(db: IndexDb, options: DuplicateOptions = {}): DuplicateReport {
  const started = performance.now();
  const { minSimilarity } = resolveOptions(options);
  const functions = cachedFunctions(db, options);
  const clusters = clusterFunctions(functions, minSimilarity);
  return {
    clusters,
    total_clusters: clusters.length,
    functions_compared: functions.length,
    elapsed_ms: Math.round(performance.now() - started),
    min_similarity: minSimilarity,
  };
}

/**
 * The functions most similar to one definition (by id), most similar first, without itself
 * and the definitions nested in it or around it. The target is compared whatever its kind
 * and size; the options select what it is compared WITH. A definition without a body of its
 * own (an interface method, a field) has no duplicates: the answer is empty. Every candidate
 * is compared exactly (one merge each, cheaper than a signature), so nothing is missed.
 * The other functions' shingles are cached while the index is unchanged (cachedFunctions).
 */
export function findDuplicatesOf(db: IndexDb, definitionId: number, options: DuplicateOptions & { limit?: number } = {}): DuplicateMatch[] {
  const o = resolveOptions(options);
  const limit = options.limit ?? DEFAULT_MATCH_LIMIT;
  if (!Number.isInteger(limit) || limit < 1) throw new ScoutError('USAGE', `limit must be a whole number >= 1 (e.g. 10), got ${limit}`);
  const row = functionTextOf(db, definitionId);
  if (!row) throw new ScoutError('USAGE', `no definition with id ${definitionId} in the index: look the symbol up again (the index may have been refreshed)`);
  if (row[11] === null) return [];
  const target = toFunctionText(row);
  const shingles = shinglesOf(target.body, target.language);
  if (shingles.length === 0) return [];

  const matches: DuplicateMatch[] = [];
  for (const f of cachedFunctions(db, options)) {
    if (f.id === target.id || nested(f, target)) continue;
    if (!sizesCompatible(shingles.length, f.shingles.length, o.minSimilarity)) continue;
    const similarity = exactJaccard(shingles, f.shingles);
    if (similarity >= o.minSimilarity) matches.push({ ...f.member, similarity });
  }
  matches.sort((a, b) => b.similarity - a.similarity || byLocation(a, b));
  return matches.slice(0, limit).map((m) => ({ ...m, similarity: round2(m.similarity) }));
}
