/**
 * Facts from the language server about key sites, gathered before they are rated (for "add a
 * variant" only): at `queues[type]`, whether the indexed object's type lists its keys; at
 * `[Kind.A]: …`, whether the object literal's type requires one entry per variant; at
 * `severity: event.severity`, whether the receiving property's type has room for a new variant;
 * at `this.x = value` (x keyed by the union), whether the value's type lists its keys; at
 * `const X: G<typeof CODES> = {`, whether G maps every variant to a key of the object. The
 * heuristic cannot read any of these from the site's line; without a server the links keep no such
 * fact and the scorer stays cautious (medium risk).
 */
import { typeDeclarationNamed } from '../../index/read/definitions.js';
import { MAX_KEY_SITE_MS, type KeySiteBudget, type KeySiteContext } from '../language.js';
import { describeAnnotatedObject, genericAnnotationAt } from './annotated-object.js';
import { assignedValueAt, describeAssignedObject } from './assigned-object.js';
import { describeBuiltObject } from './built-object.js';
import { describeDestination } from './destination.js';
import { describeIndexedObject, indexedObjectAt, type DeclarationFinder, type LineReader } from './indexed-object.js';
import type { ScoutLink } from '../link.js';
import type { AnalyzedQuery } from '../query-analysis.js';
import { isComputedKey, namesOneVariant, receivingProperty } from '../site-text.js';

/** Sets `indexedObject` / `builtObject` / `assignedObject` / `destination` on the key sites among `links`; `lookups` bounds the checks per exploration in number and time. */
export async function describeKeySites(links: readonly ScoutLink[], query: AnalyzedQuery, context: KeySiteContext, lookups: KeySiteBudget): Promise<void> {
  if (query.intent !== 'add_variant' || !query.target) return;
  const name = query.target.split('.').pop() ?? query.target;
  const target = [name, ...(context.derivedFrom ?? []).map((c) => `keyof typeof ${c}`)];
  const findDeclaration = declarationFinder(context);
  for (const link of links) {
    if (lookups.left <= 0) return;
    if (lookups.msLeft <= 0) {
      // A slow server must not hold the answer up: the remaining key sites keep the cautious rating.
      lookups.left = 0;
      context.notes?.push(`key-site checks stopped after ${MAX_KEY_SITE_MS / 1000} s (slow language server): the remaining key sites are rated from their code line only`);
      return;
    }
    const column = link.location.column;
    // The index calls `obj[x]` a key use; inside a template (`obj[`${x}Codec`]`) or a comparison it may say otherwise.
    if (link.role === null || link.role === 'import' || link.role === 'export' || column === undefined) continue;
    const line = context.files.line(link.location.file, link.location.line);
    const site = { file: link.location.file, line: link.location.line, column };
    const started = performance.now();
    await describeKeySite(link, line, site, target, context, lookups, findDeclaration);
    lookups.msLeft -= performance.now() - started;
  }
}

/** One site's check (at most one of the four facts applies to a site). */
async function describeKeySite(
  link: ScoutLink,
  line: string,
  site: { file: string; line: number; column: number },
  target: string[],
  context: KeySiteContext,
  lookups: KeySiteBudget,
  findDeclaration: DeclarationFinder,
): Promise<void> {
  const { column } = site;
  const spend = (): void => {
    lookups.left--;
    context.signal?.throwIfAborted();
  };
  if (isComputedKey(line, column)) {
    spend();
    link.builtObject = await describeBuiltObject(context.lsp, context.files, site, target, findDeclaration);
    return;
  }
  if (indexedObjectAt(line, column) && !namesOneVariant(line, column)) {
    spend();
    link.indexedObject = await describeIndexedObject(context.lsp, context.files, site, target, findDeclaration);
    return;
  }
  if (genericAnnotationAt(context.files, site)) {
    spend();
    link.annotatedObject = await describeAnnotatedObject(context.files, site, target, findDeclaration);
    return;
  }
  if (!link.symbol) return;
  const length = symbolLength(link.symbol);
  if (link.recordOfTarget && assignedValueAt(line, column, length)) {
    spend();
    link.assignedObject = await describeAssignedObject(context.lsp, context.files, { ...site, length }, target, findDeclaration);
    return;
  }
  if (link.relation === 'reference' && !namesOneVariant(line, column) && receivingProperty(line, column, length)) {
    spend();
    link.destination = await describeDestination(context.lsp, context.files, { ...site, length }, target, findDeclaration);
  }
}

/** Length of a symbol's name as written at a site (`Kind.a` → `a`). */
function symbolLength(symbol: string): number {
  return (symbol.split('.').pop() ?? symbol).length;
}

/** One finder per exploration's context: its statement is prepared once, not on every batch of links. */
const finders = new WeakMap<KeySiteContext, DeclarationFinder>();

/** Index first (a type alias has no symbol a server's type definition points to), then the server. */
function declarationFinder(context: KeySiteContext): DeclarationFinder {
  const known = finders.get(context);
  if (known) return known;
  const finder = makeDeclarationFinder(context);
  finders.set(context, finder);
  return finder;
}

function makeDeclarationFinder(context: KeySiteContext): DeclarationFinder {
  return async (name, at) => {
    const row = typeDeclarationNamed(context.db, name.split('.').pop() ?? name, at.file);
    if (row) return row;
    const definitions = await context.lsp.typeDefinition(at);
    const declared = definitions.source === 'lsp' ? definitions.value[0] : undefined;
    return declared ? { file: declared.file, line: declared.line } : null;
  };
}
