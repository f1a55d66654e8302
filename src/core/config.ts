/**
 * Configuration: `scout.config.json` at the repository root, or `.scout/config.json`.
 * Every option has a default; unknown keys and wrong types are errors that say how to fix them.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ScoutError } from './errors.js';

export interface ScoutConfig {
  index: {
    /** Files larger than this many bytes are skipped (and listed in status). */
    maxFileBytes: number;
    /** Minified code is skipped: a line longer than this in a file whose mean line exceeds 500 characters. */
    maxLineLength: number;
    /** Files with brackets nested deeper than this are skipped (a cheap pre-scan before parsing). */
    maxNestingDepth: number;
    /** A parse that takes longer than this many milliseconds is cancelled and the file skipped (0: no budget). */
    parseBudgetMs: number;
    /** Extra glob patterns to exclude (gitignore syntax), on top of .gitignore, .scoutignore and the defaults. */
    exclude: string[];
    /** Directory names always skipped. */
    defaultExcludes: string[];
    /** Worker threads parsing besides the main thread: 'auto' uses them when there is more than one core and enough files. */
    workers: 'auto' | number;
  };
  freshness: {
    /** ensureFresh reindexes changed files incrementally up to this many; more triggers a full reindex. */
    maxIncrementalFiles: number;
  };
  /** The exploration (`scout ask`). */
  scout: {
    /** 'heuristic' (default), 'llm' (an OpenAI-compatible chat endpoint, e.g. FunctionGemma under Ollama) or 'mock'. */
    scorer: string;
    /** Expansions per question (1-200). */
    budget: number;
    llmBaseUrl: string;
    llmModel: string;
    llmApiKeyEnv: string;
    llmTimeoutMs: number;
    /** Milliseconds the language's checker may take to verify a change question (0: no verification). */
    verifyTimeoutMs: number;
    /**
     * After this many milliseconds of checking files (from the first one: building the program does not count),
     * the checker keeps to the files likely to break (they name the declaration or one of its members) and
     * reports the others as not checked; 0: never narrow.
     */
    verifyLikelyOnlyAfterMs: number;
    /** "Add a variant" answers list the places that enumerate the type's members (false: only the exploration and the checker). */
    enumerationSites: boolean;
    /** Milliseconds the exploration may take before it expands no further link (0: no limit); the checker has its own. */
    exploreTimeBudgetMs: number;
  };
  /** Optional vector search. BM25 works without it. */
  embeddings: {
    /** 'embedded' (default: word vectors shipped with Scout, no server), 'none', 'openai' (any OpenAI-compatible /v1/embeddings server: Ollama, LM Studio, llama.cpp, OpenAI) or 'local' (transformers.js, optional). */
    provider: string;
    baseUrl: string;
    model: string;
    /** Name of the environment variable holding the API key (sent only when set). */
    apiKeyEnv: string;
    batchSize: number;
    timeoutMs: number;
  };
}

export const DEFAULT_CONFIG: ScoutConfig = {
  index: {
    maxFileBytes: 1_000_000,
    maxLineLength: 5_000,
    maxNestingDepth: 2_000,
    parseBudgetMs: 3_000,
    exclude: [],
    defaultExcludes: [
      'node_modules',
      '.git',
      '.hg',
      '.svn',
      'dist',
      'build',
      'out',
      'target',
      'vendor',
      '.scout',
      '.next',
      '.nuxt',
      '.venv',
      'venv',
      '__pycache__',
      '.mypy_cache',
      '.pytest_cache',
      '.tox',
      '.gradle',
      '.idea',
      '.vscode',
      'coverage',
      'dist-newstyle',
      '.stack-work',
    ],
    workers: 'auto',
  },
  freshness: {
    maxIncrementalFiles: 50,
  },
  scout: {
    scorer: 'heuristic',
    budget: 20,
    llmBaseUrl: 'http://127.0.0.1:11434/v1',
    llmModel: 'functiongemma',
    llmApiKeyEnv: 'OPENAI_API_KEY',
    llmTimeoutMs: 20_000,
    verifyTimeoutMs: 18_000,
    verifyLikelyOnlyAfterMs: 1_500,
    enumerationSites: true,
    exploreTimeBudgetMs: 6_000,
  },
  embeddings: {
    provider: 'embedded',
    baseUrl: 'http://127.0.0.1:11434/v1',
    model: 'nomic-embed-text',
    apiKeyEnv: 'OPENAI_API_KEY',
    batchSize: 64,
    timeoutMs: 30_000,
  },
};

export const CONFIG_FILES = ['scout.config.json', path.join('.scout', 'config.json')];

export function loadConfig(root: string): ScoutConfig {
  for (const name of CONFIG_FILES) {
    const file = path.join(root, name);
    if (!existsSync(file)) continue;
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new ScoutError('CONFIG_INVALID', `${name} is not valid JSON (${(error as Error).message}); fix the syntax or delete the file to use defaults`);
    }
    return mergeConfig(raw, name);
  }
  return structuredClone(DEFAULT_CONFIG);
}

/** Merge a parsed config object over the defaults, validating every key. */
export function mergeConfig(raw: unknown, source = 'config'): ScoutConfig {
  const config = structuredClone(DEFAULT_CONFIG);
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ScoutError('CONFIG_INVALID', `${source} must be a JSON object like {"index": {"maxFileBytes": 1000000}}`);
  }
  for (const [section, value] of Object.entries(raw as Record<string, unknown>)) {
    if (section === '$schema') continue;
    if (!(section in config)) {
      throw new ScoutError('CONFIG_INVALID', `${source}: unknown section "${section}"; known sections: ${Object.keys(config).join(', ')}`);
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new ScoutError('CONFIG_INVALID', `${source}: "${section}" must be an object`);
    }
    const target = config[section as keyof ScoutConfig] as unknown as Record<string, unknown>;
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      if (!(key in target)) {
        throw new ScoutError('CONFIG_INVALID', `${source}: unknown option "${section}.${key}"; known: ${Object.keys(target).join(', ')}`);
      }
      target[key] = checkValue(`${section}.${key}`, target[key], v, source);
    }
  }
  return config;
}

function checkValue(key: string, current: unknown, value: unknown, source: string): unknown {
  if (key === 'scout.scorer') {
    if (value === 'heuristic' || value === 'llm' || value === 'mock') return value;
    throw new ScoutError('CONFIG_INVALID', `${source}: "${key}" must be "heuristic", "llm" or "mock"`);
  }
  if (key === 'embeddings.provider') {
    if (value === 'embedded' || value === 'none' || value === 'openai' || value === 'local') return value;
    throw new ScoutError('CONFIG_INVALID', `${source}: "${key}" must be "embedded", "none", "openai" or "local"`);
  }
  if (key === 'index.workers') {
    if (value === 'auto' || (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 64)) return value;
    throw new ScoutError('CONFIG_INVALID', `${source}: "${key}" must be "auto" or a whole number 0-64 (0 parses on the main thread)`);
  }
  if (typeof current === 'string') {
    if (typeof value === 'string' && value.length > 0) return value;
    throw new ScoutError('CONFIG_INVALID', `${source}: "${key}" must be a non-empty string`);
  }
  if (typeof current === 'number') {
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
    throw new ScoutError('CONFIG_INVALID', `${source}: "${key}" must be a non-negative number, got ${JSON.stringify(value)}`);
  }
  if (typeof current === 'boolean') {
    if (typeof value === 'boolean') return value;
    throw new ScoutError('CONFIG_INVALID', `${source}: "${key}" must be true or false`);
  }
  if (Array.isArray(current)) {
    if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value;
    throw new ScoutError('CONFIG_INVALID', `${source}: "${key}" must be an array of strings`);
  }
  return value;
}
