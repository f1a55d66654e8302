/** `scout`: the budgeted exploration — one call instead of a hundred language-server requests. */
import { z } from 'zod';
import type { Pointer, ScoutAnswer } from '../../scout/answer.js';
import { renderAnswer } from '../../scout/render-answer.js';
import { BRIEF_SHARE, briefPlaces, trimAlso } from '../../scout/answer-page.js';
import { AnswerCache } from '../answer-cache.js';
import { estimateTokens, fitList, shrinkNote } from '../budget.js';
import { decodeCursor, encodeCursor } from '../cursor.js';
import { defineTool } from '../tool.js';
import { fileGroupsSchema, shrinkSchema } from './search.js';

const pointerSchema = z.object({
  location: z.string(),
  what: z.string(),
  risk: z.enum(['high', 'medium', 'low']),
  relevance: z.number(),
  action: z.string().optional(),
  also: z.array(z.number()).optional(),
  verified: z.boolean().optional().describe("true: the language's checker reports an error here for the change"),
  lists: z
    .object({ members: z.number(), of: z.number(), default: z.boolean(), mirrors: z.enum(['values', 'names']).optional() })
    .optional()
    .describe('enumeration site: members named, of how many, default branch'),
});

type FittedBrief = ReturnType<typeof briefPlaces>['brief'];

/** Whole answers (all pointers) by question and arguments; pages are slices of them. */
/** `unfinished`: the checker ran out of time or failed, so asking again may verify what this answer could not. */
const answers = new AnswerCache<{ answer: ScoutAnswer; unfinished: boolean }>();

export const scoutTool = defineTool({
  name: 'scout',
  title: 'Scout: answer an impact or where-is question',
  description:
    "Use FIRST for impact and where-is questions ('what breaks if I add a variant to `Kind`?'). Follows references, calls and property flows via the language server; returns ranked pointers (location, risk, action) and what it ignored. New variant: verified breaks, then places listing its members; name it ('add `X` to `K`') to rank alike ones first.",
  input: {
    query: z.string().min(1).max(2000),
    tags: z.array(z.string().max(60)).max(10).optional().describe("e.g. 'exhaustive', 'pattern-match'"),
    tag_hints: z.record(z.string().max(60), z.string().max(300)).optional().describe('what each tag means'),
    budget: z.number().int().optional().describe('nodes to expand (default 20)'),
    cursor: z.string().max(2000).optional(),
  },
  output: {
    summary: z.string(),
    pointers: z.array(pointerSchema),
    by_file: fileGroupsSchema,
    shrink: shrinkSchema,
    next_cursor: z.string().optional(),
    ignored: z.object({ total: z.number(), by_role: z.record(z.string(), z.number()), examples: z.array(z.string()) }),
    meta: z.object({
      nodes_visited: z.number(),
      sites_seen: z.number(),
      budget: z.number(),
      budget_remaining: z.number(),
      interpretation: z.string(),
      elapsed_ms: z.number(),
      sources: z.object({ lsp: z.number(), index: z.number() }),
      scorer: z.string(),
      notes: z.array(z.string()),
      pointers_total: z.number(),
      risk_rule: z.string().optional(),
      enumeration: z
        .object({ type: z.string(), members: z.number(), sites: z.number(), full_without_default: z.number(), files_read: z.number(), ms: z.number(), new_member: z.string().optional(), like_new: z.array(z.string()).optional() })
        .nullable()
        .optional(),
      verified_by: z
        .object({ checker: z.string(), version: z.string(), target: z.string(), edit: z.string(), errors: z.number(), places: z.number(), checked_files: z.number(), unchecked_files: z.number().optional(), ms: z.number() })
        .nullable()
        .optional()
        .describe('change questions: the checker that verified the high-risk pointers (null: not verified, see notes)'),
    }),
  },
  freshness: 'ensure',
  async run(args, ctx) {
    const cursor = decodeCursor(args.cursor);
    const key = JSON.stringify([ctx.ws.root, ctx.ws.generation, args.query, args.tags ?? null, args.tag_hints ?? null, args.budget ?? null]);
    const cached = answers.get(key);
    // A first page asked again gets a new answer when the cached one's checker did not finish (a cold or
    // busy machine): the checker may be warm now. A later page stays a slice of the answer it continues.
    let answer = cached && (cursor.offset > 0 || !cached.unfinished) ? cached.answer : undefined;
    if (!answer) {
      if (cursor.offset > 0) ctx.progress('the earlier answer expired: exploring again for this page', 0);
      const { answerQuestion } = await import('../../scout/ask.js');
      let events = 0;
      const result = await answerQuestion(args.query, {
        root: ctx.ws.root,
        db: ctx.loaded.store.database,
        lsp: await ctx.ws.lsp(),
        config: ctx.loaded.config,
        tags: args.tags ?? null,
        tagHints: args.tag_hints ?? null,
        budget: args.budget ?? null,
        maxPointers: Number.POSITIVE_INFINITY,
        checkers: await ctx.ws.checkers(),
        onProgress: (e) => ctx.progress(e.message, ++events),
        signal: ctx.signal,
      });
      answer = result.answer;
      const status = result.verification?.status;
      answers.set(key, { answer, unfinished: status === 'timeout' || status === 'failed' });
    }
    const all = answer.pointers;
    const items = all.slice(cursor.offset);
    const shape = {
      // A light pointer keeps the first lines of a long `also` (its text says how many more), so one pointer fits a page.
      light: ({ action: _a, ...rest }: Pointer) => trimAlso(rest as Pointer),
      file: (p: Pointer) => p.location.replace(/:\d+$/, ''),
      line: (p: Pointer) => Number(p.location.match(/:(\d+)$/)?.[1] ?? 0),
      // Pointers are ranked by risk: a page of the riskiest (with a cursor) keeps their risk, verification and
      // action; a list of files and lines would lose exactly that, so the answer pages instead of grouping.
      groupable: false,
    };
    const full = answer;
    const nextFor = (remaining: number) => (remaining > 0 ? encodeCursor({ offset: all.length - remaining }) : undefined);
    const build = (fitted: ReturnType<typeof fitList<Pointer>>) => {
      const next = nextFor(fitted.remaining);
      const { pointers_omitted: _omitted, freshness: _freshness, ...meta } = full.meta;
      return {
        summary: cursor.offset > 0 ? `(page from pointer ${cursor.offset + 1} of ${all.length})` : full.summary,
        pointers: fitted.items,
        ...(fitted.by_file ? { by_file: fitted.by_file } : {}),
        shrink: fitted.shrink,
        ...(next ? { next_cursor: next } : {}),
        ignored: full.ignored,
        meta: { ...meta, notes: [...meta.notes], pointers_total: all.length },
      };
    };
    const riskiestOnly = { items: items.slice(0, 1).map(shape.light), shrink: 'paged' as const, shown: 1, remaining: items.length - 1 };
    let fitted = fitList(items, shape, ctx.maxTokens, build);
    // A budget smaller than the summary still gets one pointer, so every cursor moves on (never a page of none).
    if (fitted.shown === 0 && items.length > 0) fitted = riskiestOnly;
    // A page of the riskiest pointers, then the places of the next ones in brief in the tokens left (they come
    // in full on the next pages): one page reaches more of the files to edit.
    if (fitted.shrink === 'paged' && fitted.remaining > 0) {
      // The full pointers leave a fifth of the page to the brief.
      const share = fitList(items, shape, Math.floor(ctx.maxTokens * (1 - BRIEF_SHARE)), build);
      // A small budget whose share holds no pointer keeps the riskiest one in full, and the brief gets the rest.
      const page = share.shown > 0 ? share : riskiestOnly;
      const withBrief = (by_file: FittedBrief) => ({ ...page, by_file });
      const { brief } = page.shown > 0 ? briefPlaces(items.slice(page.shown), (b) => estimateTokens(build(withBrief(b))) <= ctx.maxTokens) : { brief: [] };
      if (brief.length > 0) fitted = withBrief(brief);
    }
    const structured = build(fitted);
    const note = shrinkNote(fitted, ctx.maxTokens, structured.next_cursor);
    if (note) structured.meta.notes.push(note);
    return { structured, text: renderAnswer(structured) };
  },
});
