import { describe, expect, it } from 'vitest';
import { analyzeQuery } from '../../src/scout/query-analysis.js';
import { makeRubric } from '../../src/scout/rubric.js';
import { buildRatingPrompt, RATING_SYSTEM_PROMPT, serverFacts } from '../../src/scout/scorers/rating-prompt.js';
import { LlmScorer } from '../../src/scout/scorers/llm.js';
import { toTrainingJsonl, toTrainingLine, toTrainingRecord, type RatedLink } from '../../src/scout/training-format.js';
import { link } from './links.js';

const query = analyzeQuery('what breaks if I add a variant to `LLMKind`?');
const rated: RatedLink[] = [
  { link: link({ file: 'src/pricing.ts', at: 5, role: 'case_pattern', code: '>>case LLMKind.OpenAI:' }), rubric: makeRubric({ relevance: 5, risk: 5, complexity: 2, confidence: 5, tags: ['exhaustive', 'pattern-match', 'not-a-query-tag'], reason: 'switch over the type' }) },
  { link: link({ file: 'src/index.ts', at: 1, role: 'export', code: ">>export { LLMKind } from './kinds.js';" }), rubric: makeRubric({ relevance: 1, risk: 1, complexity: 1, confidence: 5, reason: 'safely ignored' }) },
];

describe('training format', () => {
  it('is a chat record: system with the declaration, user with the prompt, assistant tool call with the rubrics', () => {
    const record = toTrainingRecord(query, rated);
    expect(record.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant']);
    const system = record.messages[0] as { content: string };
    expect(system.content.startsWith(RATING_SYSTEM_PROMPT)).toBe(true);
    expect(system.content).toContain('"name":"rate_links"');
    expect((record.messages[1] as { content: string }).content).toBe(buildRatingPrompt(query, rated.map((r) => r.link)));
    const assistant = record.messages[2] as { tool_calls: Array<{ type: string; function: { name: string; arguments: unknown } }> };
    expect(assistant.tool_calls).toHaveLength(1);
    expect(assistant.tool_calls[0]!.type).toBe('function');
    expect(assistant.tool_calls[0]!.function.name).toBe('rate_links');
    expect(assistant.tool_calls[0]!.function.arguments).toEqual({
      ratings: [
        { id: 1, relevance: 5, risk: 5, complexity: 2, confidence: 5, tags: ['exhaustive', 'pattern-match'], reason: 'switch over the type' },
        { id: 2, relevance: 1, risk: 1, complexity: 1, confidence: 5, tags: [], reason: 'safely ignored' },
      ],
    });
    expect(record.tools).toHaveLength(1);
    expect(record.tools[0]!.type).toBe('function');
    expect(record.tools[0]!.function.name).toBe('rate_links');
    expect(record.tools[0]!.function.parameters).toMatchObject({ type: 'object', required: ['ratings'] });
  });

  it('the user message is exactly what the LLM scorer sends', () => {
    const body = new LlmScorer({ baseUrl: 'http://127.0.0.1:1/v1', model: 'm' }).requestBody(query, rated.map((r) => r.link));
    const messages = body.messages as Array<{ role: string; content: string }>;
    const record = toTrainingRecord(query, rated, { declarationInSystem: false });
    expect(record.messages[0]).toEqual(messages[0]);
    expect(record.messages[1]).toEqual(messages[1]);
  });

  it('options: developer role, string arguments', () => {
    const record = toTrainingRecord(query, rated, { systemRole: 'developer', argumentsAs: 'string' });
    expect(record.messages[0]!.role).toBe('developer');
    const call = (record.messages[2] as { tool_calls: Array<{ id?: string; function: { arguments: unknown } }> }).tool_calls[0]!;
    expect(typeof call.function.arguments).toBe('string');
    expect(JSON.parse(call.function.arguments as string).ratings).toHaveLength(2);
    expect(call.id).toBe('call_0');
  });

  it('one exploration is one JSONL line; batched export gives one line per batch', () => {
    const line = toTrainingLine(query, rated);
    expect(line).not.toContain('\n');
    expect(JSON.parse(line)).toEqual(toTrainingRecord(query, rated));
    const many: RatedLink[] = Array.from({ length: 19 }, (_, i) => ({ link: link({ at: i + 1 }), rubric: makeRubric() }));
    const jsonl = toTrainingJsonl(query, many);
    const lines = jsonl.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(3); // batches of 8, like the LLM scorer
    expect(lines.map((l) => JSON.parse(l).messages[2].tool_calls[0].function.arguments.ratings.length)).toEqual([8, 8, 3]);
    expect(toTrainingJsonl(query, many, { batchSize: Infinity }).split('\n')).toHaveLength(2);
    expect(toTrainingJsonl(query, [])).toBe('');
    expect(() => toTrainingRecord(query, [])).toThrow(RangeError);
  });
});

describe('rating prompt', () => {
  it('lists what the language server established about key sites, so a model sees the heuristic\'s evidence', () => {
    const indexed = {
      ...link({ role: 'object_key', code: '  const queue = this.queues[type];' }),
      indexedObject: { name: 'queues', type: 'BufferOperationQueues', keys: 'listed' as const, valueCarriesAny: true },
    };
    const prompt = buildRatingPrompt(analyzeQuery('what breaks if I add a variant to `Kind`?', null), [indexed]);
    expect(prompt).toContain('indexes queues: BufferOperationQueues, its type lists its keys');
    const given = { ...link({ code: '    tier: tier,' }), destination: { name: 'tier', type: "'free' | 'pro'", room: 'no_room' as const } };
    expect(serverFacts(given)).toEqual(["value given to tier: 'free' | 'pro', which is a closed list without room for a new variant"]);
    expect(serverFacts(link({}))).toEqual([]);
  });

  it('shows a window of the snippet around the site, without blank edges', () => {
    const code = ['', 'line a', 'line b', 'line c', 'line d', '>>SITE', 'line f', 'line g', 'line h', 'line i', ''].join('\n');
    const l = link({ at: 100, code, role: 'call', enclosing: 'Router.ask', hover: '(method) Router.ask(messages: ChatMessage[]): Promise<string>' });
    const text = buildRatingPrompt(query, [l]);
    expect(text).toContain('1. src/router.ts:105 (reference; role call; in Router.ask; symbol LLMKind (enum)) - (method) Router.ask(messages: ChatMessage[]): Promise<string>');
    expect(text).toContain(['   | line b', '   | line c', '   | line d', '   | SITE', '   | line f', '   | line g'].join('\n'));
    expect(text).not.toContain('line a');
    expect(text).not.toContain('line h');
    const blankEdges = buildRatingPrompt(query, [link({ at: 1, code: '\n>>SITE\n\n' })]);
    expect(blankEdges).toContain(') \n   | SITE\n\nFor each link'.replace(') \n', ')\n'));
    expect(text).toContain('exactly 1 rating, in order');
  });
});
