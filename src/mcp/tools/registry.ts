/** Every tool the server offers, in the order agents see them. */
import type { ToolSpec } from '../tool.js';
import { callGraphTool } from './call-graph.js';
import { findDuplicatesTool } from './find-duplicates.js';
import { getContextTool } from './get-context.js';
import { indexStatusTool } from './index-status.js';
import { repoSummaryTool } from './repo-summary.js';
import { scoutTool } from './scout.js';
import { searchTool } from './search.js';
import { symbolLookupTool } from './symbol-lookup.js';
import { validateSymbolTool } from './validate-symbol.js';

export const TOOLS: ToolSpec[] = [getContextTool, repoSummaryTool, scoutTool, searchTool, symbolLookupTool, validateSymbolTool, callGraphTool, findDuplicatesTool, indexStatusTool] as ToolSpec[];
