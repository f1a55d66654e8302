/**
 * The rating prompt, its JSON schema and the `rate_links` function declaration.
 *
 * One place for the text a model sees, shared by the LLM scorer (inference) and the training export
 * (fine-tuning), so a fine-tuned model is trained on exactly what it will be asked. The prompt is the
 * seed's rating prompt ("Rate each link for relevance to the query. ...") with each link's location,
 * relation, syntactic role, enclosing definition, what the language server established about key sites
 * (`serverFacts`), hover and a few lines of code.
 */
import { formatLocation, siteLine, type ScoutLink } from '../link.js';
import type { AnalyzedQuery } from '../query-analysis.js';
import { MAX_REASON_CHARS } from '../rubric.js';
import { TAG_HINTS } from '../tags.js';

export const RATE_LINKS_FUNCTION = 'rate_links';

export const RATING_SYSTEM_PROMPT =
  'You rate code locations for a code-exploration engine. For every link you are given, emit one rating: ' +
  'relevance, risk, complexity and confidence as integers from 1 to 5, the interest tags that apply, and a short reason. ' +
  `Call ${RATE_LINKS_FUNCTION} once with all the ratings, or answer with JSON only. Never add prose.`;

const SNIPPET_LINES = 6;
const LINE_CHARS = 160;
const HOVER_CHARS = 200;

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A link as the prompt lists it: `N. file:line (relation; role R; in E; symbol S) - hover` and indented code. */
export function describeLinkForPrompt(link: ScoutLink, number: number): string {
  const facts: string[] = [link.relation];
  if (link.role) facts.push(`role ${link.role}`);
  if (link.enclosing) facts.push(`in ${link.enclosing}`);
  if (link.symbol) facts.push(`symbol ${link.symbol}${link.kind ? ` (${link.kind})` : ''}`);
  facts.push(...serverFacts(link));
  const hover = link.hover ? cut(link.hover.replace(/\s+/g, ' ').trim(), HOVER_CHARS) : '';
  const head = `${number}. ${formatLocation(link.location)} (${facts.join('; ')})${hover ? ` - ${hover}` : ''}`;
  const lines = link.snippet.split(/\r?\n/);
  const siteIndex = link.location.line - link.snippetStartLine;
  // Keep the window around the site when the snippet is longer than the prompt allows.
  const start = Math.max(0, Math.min(siteIndex - Math.floor(SNIPPET_LINES / 2), lines.length - SNIPPET_LINES));
  const window = lines.slice(start, start + SNIPPET_LINES).map((line) => line.replace(/\s+$/, ''));
  while (window.length > 0 && window[0] === '') window.shift();
  while (window.length > 0 && window[window.length - 1] === '') window.pop();
  const shown = window.map((line) => `   | ${cut(line, LINE_CHARS)}`);
  shown.push(...foldedSites(link));
  return shown.length > 0 ? `${head}\n${shown.join('\n')}` : head;
}

const FOLDED_LINES_SHOWN = 5;

/** The sites folded into the node (see scout/places): their lines and definitions, so the rating covers them all. */
function foldedSites(link: ScoutLink): string[] {
  const folded = link.alsoAt ?? [];
  if (folded.length === 0) return [];
  const out = [`   + the same kind of site at line${folded.length > 1 ? 's' : ''} ${folded.map((f) => f.location.line).join(', ')} (rate them with this one):`];
  for (const f of folded.slice(0, FOLDED_LINES_SHOWN)) out.push(`   | ${f.location.line}${f.enclosing && f.enclosing !== link.enclosing ? ` (in ${f.enclosing})` : ''}: ${cut(siteLine(f).trim(), LINE_CHARS)}`);
  if (folded.length > FOLDED_LINES_SHOWN) out.push(`   | … ${folded.length - FOLDED_LINES_SHOWN} more`);
  return out;
}

/**
 * What the language server established about a key site before rating (see scout/key-site-facts),
 * in the prompt's words: the model sees the same evidence the heuristic uses.
 */
export function serverFacts(link: ScoutLink): string[] {
  const out: string[] = [];
  const indexed = link.indexedObject;
  if (indexed) {
    const keys = indexed.keys === 'listed' ? 'its type lists its keys' : indexed.keys === 'open' ? 'its type admits any key of the union' : 'its keys are unknown';
    out.push(`indexes ${indexed.name}: ${indexed.type}, ${keys}${indexed.valueCarriesAny ? '' : '; the index value is declared as specific variants'}`);
  }
  const built = link.builtObject;
  if (built && built.requiresEveryKey !== null) {
    out.push(`entry of ${built.name ?? 'an object literal'}${built.type ? `: ${built.type}` : ''}, ${built.requiresEveryKey ? 'whose type requires every variant' : 'whose type does not require every variant'}`);
  }
  const destination = link.destination;
  if (destination) {
    const room = destination.room === 'fits' ? 'has room for every variant' : destination.room === 'no_room' ? 'is a closed list without room for a new variant' : 'may not take a new variant';
    out.push(`value given to ${destination.name}: ${destination.type}, which ${room}`);
  }
  const annotated = link.annotatedObject;
  if (annotated && annotated.requiresEveryKey !== null) {
    out.push(`annotation of the object ${annotated.name}: ${annotated.type}, ${annotated.requiresEveryKey ? 'which maps every variant to a key of the object' : 'which does not make the object list the variants'}`);
  }
  if (link.assignedObject) out.push(`assigned from ${link.assignedObject.name}: ${link.assignedObject.type}, keys ${link.assignedObject.keys}`);
  if (link.recordOfTarget) out.push('reached through a type keyed by every variant');
  return out;
}

/** The user message: the seed's rating prompt filled in. Links are numbered from 1. */
export function buildRatingPrompt(query: AnalyzedQuery, links: readonly ScoutLink[]): string {
  const tagLines = query.tags.map((tag) => {
    const hint = query.tagHints?.[tag] ?? TAG_HINTS[tag];
    return `  - ${tag}${hint ? `: ${hint}` : ''}`;
  });
  return [
    'Rate each link for relevance to the query.',
    '',
    `Query: ${JSON.stringify(query.text)}`,
    `Read as: ${query.intent.replace(/_/g, ' ')}${query.target ? ` (${query.target})` : ''}`,
    `Interest tags: ${query.tags.length > 0 ? query.tags.join(', ') : '(none)'}`,
    ...tagLines,
    '',
    'Links to rate:',
    ...links.map((link, i) => describeLinkForPrompt(link, i + 1)),
    '',
    'For each link, output JSON:',
    '{"id": <link number>, "relevance": 1-5, "risk": 1-5, "complexity": 1-5, "confidence": 1-5, "tags": [...], "reason": "..."}',
    `Answer with {"ratings": [...]}: exactly ${links.length} rating${links.length === 1 ? '' : 's'}, in order. Keep each reason under ${MAX_REASON_CHARS} characters.`,
    '',
    'Only include tags from the provided list that actually apply.',
  ].join('\n');
}

type JsonSchema = Record<string, unknown>;

/** Schema of one rating; `tags` limited to the query's tags. */
export function ratingItemSchema(tags: readonly string[]): JsonSchema {
  const score = { type: 'integer', minimum: 1, maximum: 5 };
  return {
    type: 'object',
    properties: {
      id: { type: 'integer', minimum: 1, description: 'the link number' },
      relevance: { ...score, description: 'how on-topic for the query' },
      risk: { ...score, description: 'how likely to break or matter if the change is made' },
      complexity: { ...score, description: 'how much context is needed to understand it' },
      confidence: { ...score, description: 'how sure you are of this rating' },
      tags:
        tags.length > 0
          ? { type: 'array', items: { type: 'string', enum: [...tags] }, description: 'the interest tags that apply' }
          : { type: 'array', items: { type: 'string' }, maxItems: 0 },
      reason: { type: 'string', maxLength: MAX_REASON_CHARS, description: 'why, in a few words' },
    },
    required: ['id', 'relevance', 'risk', 'complexity', 'confidence', 'tags', 'reason'],
    additionalProperties: false,
  };
}

/** Schema of the whole answer: `{ratings: [...]}`, with exactly `count` items when given. */
export function ratingsSchema(tags: readonly string[], count?: number): JsonSchema {
  const ratings: JsonSchema = { type: 'array', items: ratingItemSchema(tags) };
  if (count !== undefined) {
    ratings.minItems = count;
    ratings.maxItems = count;
  }
  return { type: 'object', properties: { ratings }, required: ['ratings'], additionalProperties: false };
}

/** The function declaration (OpenAI `tools[].function` shape) for function-calling models such as FunctionGemma. */
export function rateLinksDeclaration(tags: readonly string[], count?: number): { name: string; description: string; parameters: JsonSchema } {
  return {
    name: RATE_LINKS_FUNCTION,
    description: 'Record one rating per link: relevance, risk, complexity, confidence (1-5), the interest tags that apply, and a short reason.',
    parameters: ratingsSchema(tags, count),
  };
}
