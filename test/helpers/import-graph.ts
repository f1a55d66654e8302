/** The import graph of `src/`, read from the sources (relative imports only), for the architecture test. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface SourceFile {
  /** Path from the repository root, `/` separators (`src/scout/explore.ts`). */
  path: string;
  text: string;
  /** Repository paths of the `.ts` files it imports (static, `import type`, re-exports and dynamic imports). */
  imports: string[];
}

export function readSources(root: string, dir = 'src'): SourceFile[] {
  const out: SourceFile[] = [];
  const walk = (rel: string): void => {
    for (const name of readdirSync(path.join(root, rel)).sort()) {
      const child = `${rel}/${name}`;
      if (statSync(path.join(root, child)).isDirectory()) walk(child);
      else if (name.endsWith('.ts')) {
        const text = readFileSync(path.join(root, child), 'utf8');
        const imports = [...text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) =>
          path.posix.normalize(path.posix.join(path.posix.dirname(child), m[1] ?? '')).replace(/\.js$/, '.ts'),
        );
        out.push({ path: child, text, imports });
      }
    }
  };
  walk(dir);
  return out;
}

/** Every cycle's first edge back to a module on the current path (each reported once, as a path). */
export function findCycles(files: readonly SourceFile[]): string[][] {
  const graph = new Map(files.map((f) => [f.path, f.imports.filter((i) => i !== f.path)]));
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

/** SQL statements in a file's string literals (a keyword that starts a statement, in a quoted or template string). */
export function sqlStatements(text: string): string[] {
  const literals = text.match(/`[^`]*`|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g) ?? [];
  return literals.filter((l) => /^[`'"]\s*(?:SELECT\s|INSERT\s+(?:OR\s+\w+\s+)?INTO\s|DELETE\s+FROM\s|UPDATE\s+\w+\s+SET\s|CREATE\s+(?:TABLE|INDEX|VIRTUAL|UNIQUE)|DROP\s+(?:TABLE|INDEX)|PRAGMA\s|WITH\s+\w+\s+AS\s*\()/i.test(l));
}
