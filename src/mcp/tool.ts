/**
 * One MCP tool: its schemas, a description that says when to use it, and the
 * work. `registerScoutTool` adds what every tool shares: `max_tokens`, the
 * freshness stamp (query tools refresh the index first), errors as `isError`
 * results whose text says how to fix the call, and progress/cancellation.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { isScoutError } from '../core/errors.js';
import type { EnsureFreshResult } from '../index/freshness.js';
import { DEFAULT_MAX_TOKENS, MIN_MAX_TOKENS } from './budget.js';
import type { Loaded, ScoutWorkspace } from './workspace.js';

export interface ToolContext {
  ws: ScoutWorkspace;
  loaded: Loaded;
  /** Set for tools that refresh the index before answering. */
  freshness: EnsureFreshResult | null;
  maxTokens: number;
  signal: AbortSignal;
  progress(message: string, done: number, total?: number): void;
}

export interface ToolAnswer {
  structured: Record<string, unknown>;
  text: string;
}

export interface ToolSpec<I extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: z.ZodRawShape;
  /** 'ensure': refresh the index first and stamp the answer; 'none': the tool reports freshness itself. */
  freshness: 'ensure' | 'none';
  /** Reads the index under the shared lock (false for tools that take it themselves, e.g. reindex). */
  readsIndex?: boolean;
  run(args: z.output<z.ZodObject<I>>, ctx: ToolContext): Promise<ToolAnswer>;
}

export function defineTool<I extends z.ZodRawShape>(spec: ToolSpec<I>): ToolSpec<I> {
  return spec;
}

/** Room kept for the freshness stamp added to every answer after it was fitted. */
const STAMP_TOKENS = 30;

export const maxTokensField = z.number().int().min(MIN_MAX_TOKENS).max(20_000).optional(); // described once, in the server instructions

export function registerScoutTool(server: McpServer, ws: ScoutWorkspace, spec: ToolSpec, log: (message: string) => void): void {
  server.registerTool(
    spec.name,
    {
      title: spec.title,
      description: spec.description,
      inputSchema: { ...spec.input, max_tokens: maxTokensField },
      outputSchema: { ...spec.output, freshness: z.string() },
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    (async (args: Record<string, unknown>, extra: ToolExtra): Promise<CallToolResult> => {
      ws.noteToolCall();
      try {
        const freshness = spec.freshness === 'ensure' ? await ws.fresh() : null;
        const run = async (loaded: Loaded): Promise<ToolAnswer> =>
          spec.run(args as never, {
            ws,
            loaded,
            freshness,
            // The freshness stamp is added after fitting: keep room for it.
            maxTokens: ((args.max_tokens as number | undefined) ?? DEFAULT_MAX_TOKENS) - STAMP_TOKENS,
            signal: extra.signal,
            progress: progressSender(extra),
          });
        const answer = spec.readsIndex === false ? await run(await ws.load()) : await ws.read(run);
        const stamp = freshness ? freshness.note : (answer.structured.freshness as string | undefined) ?? 'freshness not checked';
        return {
          content: [{ type: 'text', text: `${answer.text}\n(${stamp})` }],
          structuredContent: { ...answer.structured, freshness: stamp },
        };
      } catch (error) {
        if (extra.signal.aborted) {
          log(`${spec.name}: cancelled by the client`);
          return { content: [{ type: 'text', text: `${spec.name}: cancelled` }], isError: true };
        }
        return errorResult(spec.name, error, log);
      }
    }) as never,
  );
}

interface ToolExtra {
  signal: AbortSignal;
  _meta?: { progressToken?: string | number };
  sendNotification(notification: { method: 'notifications/progress'; params: { progressToken: string | number; progress: number; total?: number; message?: string } }): Promise<void>;
}

function progressSender(extra: ToolExtra): ToolContext['progress'] {
  const token = extra._meta?.progressToken;
  if (token === undefined) return () => {};
  return (message, done, total) => {
    const params = { progressToken: token, progress: done, message, ...(total !== undefined ? { total } : {}) };
    extra.sendNotification({ method: 'notifications/progress', params }).catch(() => {});
  };
}

/** A failed call the agent can act on: our errors already say how to fix the call. */
export function errorResult(tool: string, error: unknown, log: (message: string) => void): CallToolResult {
  if (isScoutError(error)) return { content: [{ type: 'text', text: `${tool}: ${error.message}` }], isError: true };
  log(`${tool} failed: ${(error as Error)?.stack ?? String(error)}`);
  return { content: [{ type: 'text', text: `${tool}: internal error: ${(error as Error)?.message ?? String(error)}. The server is still running; retry, or call index_status with action "reindex" if the index looks damaged.` }], isError: true };
}
