/**
 * The registry of language servers by language, with default commands and overrides.
 * Servers that ship as npm packages (typescript-language-server, pyright) are resolved
 * from THIS package's dependencies, never from the PATH, and run with the current Node.
 */
import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { extensionsOf, languageOf } from '../workspace/language.js';
import { clangdSetup } from './clangd-project.js';
import { pyrightInclude } from './project-scope.js';

/** Per-language command overrides (the config's `lsp.servers` section). */
export type LspServerOverrides = Record<string, { command: string; args?: string[] }>;

/** Languages with a default server (keys of the registry and of overrides). */
export const SERVER_LANGUAGES = ['typescript', 'tsx', 'javascript', 'python', 'go', 'c', 'cpp', 'rust', 'haskell'] as const;

/** How a session knows the server has loaded the project. */
export type Readiness =
  /** Open one document, then send a semantic probe request: the server answers it only once the project is loaded (tsserver). */
  | 'open-and-probe'
  /** Wait until work-done progress ($/progress begin … end) has been quiet for a moment. */
  | 'progress';

export interface ServerSpec {
  /** Languages with the same id share one server process per root (ts, tsx and js share tsserver). */
  id: string;
  /** What is spawned (no shell). */
  command: string;
  args: string[];
  /** The command line as a user would type it, for messages. */
  display: string;
  /** File that must exist for the server to be available (the script for Node-run servers, else null: look the command up). */
  requiredFile: string | null;
  initializationOptions?: unknown;
  /** File extensions the server handles (to pick a probe file). */
  extensions: string[];
  readiness: Readiness;
  /** True when the command came from an override. */
  overridden: boolean;
  /** The folders the server's project covers when its configuration narrows them (pyright's `include`); null: the whole root. */
  projectScope?: (root: string) => string[] | null;
  /**
   * What the server needs from the root, computed at each start: arguments added to `args`, and the
   * initialization options (clangd's compile database and fallback flags, clangd-project.ts). Not kept by an
   * override: an override is the whole command line.
   */
  forRoot?: (root: string) => { args: string[]; initializationOptions?: unknown };
}

const require = createRequire(import.meta.url);

/** Absolute path of an npm package's bin script, resolved from this package's dependencies. */
export function packageBin(pkg: string, bin: string): string | null {
  try {
    const manifestPath = require.resolve(`${pkg}/package.json`);
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin?: string | Record<string, string> };
    const rel = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.[bin];
    return rel ? path.join(path.dirname(manifestPath), rel) : null;
  } catch {
    return null;
  }
}

/** This package's `typescript/lib` directory (tsserver.js lives there). */
export function typescriptLibDir(): string | null {
  try {
    return path.join(path.dirname(require.resolve('typescript/package.json')), 'lib');
  } catch {
    return null;
  }
}

const TS_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

function nodeServer(id: string, pkg: string, bin: string, args: string[], extras: Partial<ServerSpec>): ServerSpec {
  const script = packageBin(pkg, bin);
  return {
    id,
    command: process.execPath,
    args: [script ?? `${pkg}/${bin}`, ...args],
    display: `${bin} ${args.join(' ')}`.trim(),
    requiredFile: script ?? path.join('node_modules', pkg, 'missing'),
    extensions: [],
    readiness: 'progress',
    overridden: false,
    ...extras,
  };
}

function nativeServer(id: string, command: string, args: string[], extensions: string[]): ServerSpec {
  return { id, command, args, display: [command, ...args].join(' '), requiredFile: null, extensions, readiness: 'progress', overridden: false };
}

function typescriptServer(): ServerSpec {
  const lib = typescriptLibDir();
  return nodeServer('typescript', 'typescript-language-server', 'typescript-language-server', ['--stdio'], {
    extensions: TS_EXTENSIONS,
    readiness: 'open-and-probe',
    initializationOptions: {
      // This package's pinned TypeScript, so a repository without node_modules still works.
      tsserver: { ...(lib ? { path: lib } : {}), useSyntaxServer: 'never' },
      // Never fetch @types from the network.
      disableAutomaticTypingAcquisition: true,
      hostInfo: 'semantic-scout',
    },
  });
}

/** The default server of a language, or null when there is none. */
export function defaultServer(language: string): ServerSpec | null {
  switch (language) {
    case 'typescript':
    case 'tsx':
    case 'javascript':
      return typescriptServer();
    case 'python':
      return nodeServer('python', 'pyright', 'pyright-langserver', ['--stdio'], { extensions: ['.py', '.pyi'], projectScope: pyrightInclude });
    case 'go':
      return nativeServer('go', 'gopls', [], ['.go']);
    case 'c':
    case 'cpp':
      // One clangd for both languages (its id is shared), given a compile database in Scout's folder.
      return { ...nativeServer('clangd', 'clangd', [], extensionsOf('c', 'cpp')), forRoot: clangdSetup };
    case 'rust':
      return nativeServer('rust', 'rust-analyzer', [], ['.rs']);
    case 'haskell':
      return nativeServer('haskell', 'haskell-language-server-wrapper', ['--lsp'], ['.hs', '.lhs']);
    default:
      return null;
  }
}

/** The server for a language: the override when there is one, else the default. */
export function resolveServer(language: string, overrides: LspServerOverrides = {}): ServerSpec | null {
  const base = defaultServer(language);
  const override = overrides[language];
  if (!override) return base;
  const args = override.args ?? [];
  return {
    // Languages overridden with the same command line share a process.
    id: `override:${override.command}\u0000${args.join('\u0000')}`,
    command: override.command,
    args,
    display: [override.command, ...args].join(' '),
    requiredFile: null,
    initializationOptions: base?.initializationOptions,
    extensions: base?.extensions ?? [],
    readiness: base?.readiness ?? 'progress',
    overridden: true,
  };
}

/** Absolute path of an executable: a path containing a slash as is, else looked up on PATH. */
export function findExecutable(command: string, envPath = process.env.PATH ?? ''): string | null {
  const isFile = (candidate: string): boolean => {
    try {
      if (!statSync(candidate).isFile()) return false;
      accessSync(candidate, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  if (command.includes('/') || command.includes(path.sep)) return isFile(command) ? path.resolve(command) : null;
  const extensions = process.platform === 'win32' ? ['', '.exe', '.cmd', '.bat'] : [''];
  for (const dir of envPath.split(path.delimiter)) {
    if (!dir) continue;
    for (const ext of extensions) {
      const candidate = path.join(dir, command + ext);
      if (isFile(candidate)) return candidate;
    }
  }
  return null;
}

/** Why a server cannot run, or null when its binary (and script) exist. */
export function unavailableReason(spec: ServerSpec): string | null {
  if (!findExecutable(spec.command)) return `${spec.command} is not installed (not found${spec.command.includes('/') ? '' : ' on PATH'})`;
  if (spec.requiredFile) {
    try {
      statSync(spec.requiredFile);
    } catch {
      return `${spec.display} is not installed (${spec.requiredFile} is missing; run npm install)`;
    }
  }
  return null;
}

/** True when the language has a server whose binary exists. */
export function isAvailable(language: string, overrides: LspServerOverrides = {}): boolean {
  const spec = resolveServer(language, overrides);
  return spec !== null && unavailableReason(spec) === null;
}

/** The registry language of a file, or null. */
export function serverLanguageOf(file: string): string | null {
  return languageOf(file);
}

/** The LSP languageId of a file for textDocument/didOpen. */
export function languageIdOf(file: string): string {
  const lower = file.toLowerCase();
  if (lower.endsWith('.tsx')) return 'typescriptreact';
  if (lower.endsWith('.jsx')) return 'javascriptreact';
  const language = serverLanguageOf(file);
  return language === 'tsx' ? 'typescriptreact' : (language ?? 'plaintext');
}
