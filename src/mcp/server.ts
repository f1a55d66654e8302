/**
 * The MCP server: stdio by default, Streamable HTTP on 127.0.0.1 with --http.
 * It owns the process: it answers `tools/list` right after spawn (heavy parts load
 * on first use), warms the index and the language server in the background, never
 * exits because of a request, and shuts the language servers down on exit.
 */
import { keepVectorsInMemory } from '../search/vector-memory.js';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { registerScoutTool } from './tool.js';
import { listTools } from './tool-listing.js';
import { INSTRUCTIONS, SERVER_INFO } from './server-info.js';
import type { ScoutStdioTransport } from './stdio-transport.js';
import { TOOLS } from './tools/registry.js';
import { ScoutWorkspace, type WorkspaceOptions } from './workspace.js';

export type Log = (message: string) => void;

/** A server with every tool registered against one workspace (tests connect it to in-memory transports). */
export function createScoutServer(ws: ScoutWorkspace, log: Log): McpServer {
  const server = new McpServer({ ...SERVER_INFO }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  for (const tool of TOOLS) registerScoutTool(server, ws, tool, log);
  // The SDK's own listing repeats schema boilerplate in every tool; serve the compact one.
  const listing = listTools(TOOLS);
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listing }));
  return server;
}

const stderrLog: Log = (message) => {
  if (!process.stderr.destroyed) process.stderr.write(`[scout] ${message}\n`);
};

/** Serve over the early-started stdio transport until the client closes stdin. */
export async function serveStdio(root: string, transport: ScoutStdioTransport, options: { warmUp?: boolean; beforeOpen?: WorkspaceOptions['beforeOpen']; storeUrl?: string | null } = {}): Promise<void> {
  keepVectorsInMemory();
  const ws = new ScoutWorkspace(root, { beforeOpen: options.beforeOpen, storeUrl: options.storeUrl ?? null });
  keepAlive(stderrLog);
  const server = createScoutServer(ws, stderrLog);
  let closing = false;
  const shutdown = async (): Promise<void> => {
    if (closing) return;
    closing = true;
    // Language servers get a moment to exit cleanly; the server never outlives its client for long.
    setTimeout(() => process.exit(0), 3000).unref();
    await ws.close().catch(() => {});
    process.exit(0);
  };
  transport.onclose = () => void shutdown();
  // The client is gone when its end of stdout closes: writing there again would only fail.
  process.stdout.on('error', () => void shutdown());
  process.stderr.on('error', () => {});
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  await server.connect(transport);
  stderrLog(`serving ${root} over stdio`);
  if (options.warmUp !== false) setTimeout(() => void ws.warmUp(stderrLog), 50);
}

/** Streamable HTTP (stateless: one transport per request), bound to 127.0.0.1 only. */
export async function runHttpServer(root: string, port: number, options: { warmUp?: boolean; beforeOpen?: WorkspaceOptions['beforeOpen']; storeUrl?: string | null } = {}): Promise<{ port: number; close(): Promise<void> }> {
  keepVectorsInMemory();
  const ws = new ScoutWorkspace(root, { beforeOpen: options.beforeOpen, storeUrl: options.storeUrl ?? null });
  keepAlive(stderrLog);
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!req.url?.startsWith('/mcp')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Semantic Scout MCP endpoint is /mcp\n');
      return;
    }
    const server = createScoutServer(ws, stderrLog);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
  };
  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      stderrLog(`http request failed: ${(error as Error).message}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'internal error' }, id: null }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, '127.0.0.1', () => resolve());
  });
  const address = http.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  stderrLog(`serving ${root} at http://127.0.0.1:${actual}/mcp`);
  if (options.warmUp !== false) setTimeout(() => void ws.warmUp(stderrLog), 50);
  return {
    port: actual,
    close: async () => {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await ws.close();
    },
  };
}

/** A request must never take the server down: log what escaped and keep serving. */
function keepAlive(log: Log): void {
  process.on('uncaughtException', (error: NodeJS.ErrnoException) => {
    // A closed stdout/stderr (EPIPE) means the client went away: logging it would fail again, forever.
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') process.exit(0);
    log(`uncaught: ${error.stack ?? error.message}`);
  });
  process.on('unhandledRejection', (reason) => log(`unhandled rejection: ${(reason as Error)?.stack ?? String(reason)}`));
}
