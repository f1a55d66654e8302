/**
 * A readable, stable text rendering of a file's facts. Used for golden files
 * (test/golden/*.facts.txt) and by `scout facts <file>` to debug extraction.
 */
import type { FileFacts } from '../core/types.js';

export function formatFacts(facts: FileFacts): string {
  const out: string[] = [];
  out.push(`language: ${facts.language}`);
  if (facts.syntaxErrors > 0) out.push(`syntax errors: ${facts.syntaxErrors}`);
  out.push('', 'definitions:');
  for (const d of facts.definitions) {
    const flags = [d.isExported ? 'exported' : null, d.decorators.length ? `@${d.decorators.join(',@')}` : null]
      .filter(Boolean)
      .join(' ');
    out.push(`  L${d.span.startLine}-${d.span.endLine} ${d.kind} ${d.qualifiedName}${flags ? ` [${flags}]` : ''}`);
    out.push(`      sig: ${d.signature}`);
    if (d.docstring) out.push(`      doc: ${d.docstring.replace(/\n/g, ' / ')}`);
    if (d.complexity) {
      const c = d.complexity;
      out.push(`      complexity: cyclomatic ${c.cyclomatic}, cognitive ${c.cognitive}, nesting ${c.maxNesting}, lines ${c.lines}`);
    }
  }
  out.push('', 'imports:');
  for (const i of facts.imports) out.push(`  L${i.line} ${i.name}${i.alias ? ` as ${i.alias}` : ''} from ${i.module}`);
  out.push('', 'exports:');
  for (const e of facts.exports) out.push(`  L${e.line} ${e.name}${e.alias ? ` as ${e.alias}` : ''}${e.module ? ` from ${e.module}` : ''}`);
  out.push('', 'usages:');
  for (const u of facts.usages) {
    out.push(`  L${u.span.startLine}:${u.span.startColumn} ${u.name} ${u.role}${u.enclosing ? ` in ${u.enclosing}` : ''}`);
  }
  out.push('', 'calls:');
  for (const c of facts.calls) {
    const target = c.receiver ? `${c.receiver}.${c.callee}` : c.callee;
    out.push(`  L${c.line} ${c.caller ?? '<top>'} -> ${target} (${c.resolution}${c.module ? ` ${c.module}` : ''})`);
  }
  out.push('', 'chunks:');
  for (const c of facts.chunks) out.push(`  L${c.startLine}-${c.endLine} ${c.kind} ${c.symbol ?? '<top-level>'}`);
  return `${out.join('\n')}\n`;
}
