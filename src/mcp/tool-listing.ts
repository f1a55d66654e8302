/**
 * The `tools/list` answer, built once from the tool specs. Agents pay for tool
 * definitions in every turn, so the JSON Schemas are compacted: no `$schema`
 * URL, no `additionalProperties: false` noise. The same listing is written to
 * dist at build time so the server can answer `tools/list` before the SDK loads.
 */
import { z } from 'zod';
import type { ToolSpec } from './tool.js';
import { maxTokensField } from './tool.js';

export interface ListedTool {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
  annotations: { readOnlyHint: true; destructiveHint: false; idempotentHint: true; openWorldHint: false };
}

export const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

export function inputShape(spec: ToolSpec): z.ZodRawShape {
  return { ...spec.input, max_tokens: maxTokensField };
}

export function outputShape(spec: ToolSpec): z.ZodRawShape {
  return { ...spec.output, freshness: z.string() };
}

export function listTools(tools: readonly ToolSpec[]): ListedTool[] {
  return tools.map((spec) => ({
    name: spec.name,
    title: spec.title,
    description: spec.description,
    inputSchema: compact(z.toJSONSchema(z.object(inputShape(spec)), { io: 'input', target: 'draft-7' })) as Record<string, unknown>,
    outputSchema: compact(z.toJSONSchema(z.object(outputShape(spec)), { io: 'output', target: 'draft-7' })) as Record<string, unknown>,
    annotations: READ_ONLY,
  }));
}

/** Size limits are enforced by the server (with an error that names the limit); listing them costs every turn. */
const UNLISTED_KEYS = new Set(['$schema', 'minLength', 'maxLength', 'minItems', 'maxItems']);

/** Drop what carries little information for a model: the draft URL, size limits, closed-object and string-key markers. */
function compact(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(compact);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(schema)) {
    if (UNLISTED_KEYS.has(key)) continue;
    const value = compact(raw);
    if (key === 'additionalProperties' && value === false) continue;
    if (key === 'propertyNames' && JSON.stringify(value) === '{"type":"string"}') continue;
    // zod's integer bounds (±2^53-1) say nothing a model needs.
    if ((key === 'maximum' || key === 'minimum') && Math.abs(value as number) === Number.MAX_SAFE_INTEGER) continue;
    out[key] = value;
  }
  return out;
}
