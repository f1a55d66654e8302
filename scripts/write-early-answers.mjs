// Build step: the MCP server's initialize/tools-list answers as JSON next to the compiled
// server, so `scout mcp` can answer tools/list before the SDK has loaded (stdio-transport.ts).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'mcp');
const { listTools } = await import(path.join(dist, 'tool-listing.js'));
const { TOOLS } = await import(path.join(dist, 'tools', 'registry.js'));
const { SERVER_INFO, INSTRUCTIONS, EARLY_ANSWERS_FILE } = await import(path.join(dist, 'server-info.js'));
const answers = {
  serverInfo: SERVER_INFO,
  instructions: INSTRUCTIONS,
  protocolVersions: { latest: LATEST_PROTOCOL_VERSION, supported: SUPPORTED_PROTOCOL_VERSIONS },
  tools: listTools(TOOLS),
};
writeFileSync(path.join(dist, EARLY_ANSWERS_FILE), `${JSON.stringify(answers)}\n`);
