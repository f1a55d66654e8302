/** Every tool the server offers, in the order agents see them. */
import type { ToolSpec } from '../tool.js';
import { indexStatusTool } from './index-status.js';
import { scoutTool } from './scout.js';
import { searchTool } from './search.js';
import { symbolLookupTool } from './symbol-lookup.js';

export const TOOLS: ToolSpec[] = [scoutTool, searchTool, symbolLookupTool, indexStatusTool] as ToolSpec[];
