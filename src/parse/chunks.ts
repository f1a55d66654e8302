/**
 * Search chunks: one per definition that carries a body of its own (signature,
 * docstring, body), plus one per file for leftover top-level code. Members that
 * live inside their parent's text (enum members, fields) ride along in the parent's chunk.
 */
import { tokenText } from '../core/code-tokens.js';
import type { Chunk, Definition, DefinitionKind } from '../core/types.js';

const MAX_CHUNK_CHARS = 6000;
/** Lines that attach to the definition below them: comments, doc comments, decorators, attributes. */
const ATTACHED = /^\s*(\/\*|\*|\/\/|#|--|@|\{-)/;
const MEMBER_KINDS: ReadonlySet<DefinitionKind> = new Set(['enum_member', 'property', 'constructor']);

export function buildChunks(definitions: Definition[], source: string): Chunk[] {
  const lines = source.split('\n');
  const chunks: Chunk[] = [];
  const covered = new Uint8Array(lines.length + 2);
  for (const def of definitions) {
    if (def.parent === null) {
      for (let l = def.span.startLine; l <= def.span.endLine; l++) covered[l] = 1;
      // Doc comments and decorators just above belong to the definition, not to leftover code.
      for (let l = def.span.startLine - 1; l >= 1 && ATTACHED.test(lines[l - 1] ?? ''); l--) covered[l] = 1;
    }
    if (MEMBER_KINDS.has(def.kind)) continue;
    if ((def.kind === 'variable' || def.kind === 'constant') && def.parent !== null) continue;
    const body = lines.slice(def.span.startLine - 1, def.span.endLine).join('\n').slice(0, MAX_CHUNK_CHARS);
    const text = [def.signature, def.docstring ?? '', body].filter(Boolean).join('\n');
    chunks.push({
      symbol: def.qualifiedName,
      kind: def.kind,
      startLine: def.span.startLine,
      endLine: def.span.endLine,
      text: text.slice(0, MAX_CHUNK_CHARS),
      tokens: {
        name: tokenText(def.qualifiedName),
        signature: tokenText(def.signature),
        docstring: tokenText(def.docstring),
        body: tokenText(body),
      },
    });
  }
  const leftover: string[] = [];
  let first = 0;
  let last = 0;
  for (let l = 1; l <= lines.length; l++) {
    const line = lines[l - 1] ?? '';
    if (covered[l] || line.trim() === '') continue;
    if (first === 0) first = l;
    last = l;
    leftover.push(line);
  }
  if (leftover.length > 0) {
    const text = leftover.join('\n').slice(0, MAX_CHUNK_CHARS);
    chunks.push({
      symbol: null,
      kind: 'file',
      startLine: first,
      endLine: last,
      text,
      tokens: { name: '', signature: '', docstring: '', body: tokenText(text) },
    });
  }
  return chunks;
}
