/**
 * One self-contained HTML page that draws an exploration: every node with its
 * rubric and score, whether it was expanded or pruned and why. No scripts, no
 * external assets: an SVG graph (a column per depth) and a table below it.
 */

export interface TraceNode {
  id: string;
  /** `relpath:line`. */
  location: string;
  /** Short label: the symbol or the site's code. */
  label: string;
  relation: string;
  depth: number;
  parent: string | null;
  rubric: { relevance: number; risk: number; complexity: number; confidence: number; tags: string[]; reason: string } | null;
  score: number | null;
  decision: 'seed' | 'expanded' | 'leaf' | 'pruned' | 'not_expanded_budget';
  /** Why it was expanded or pruned (the policy's terms). */
  why: string;
}

const COLORS: Record<TraceNode['decision'], string> = {
  seed: '#2563eb',
  expanded: '#16a34a',
  leaf: '#7c3aed',
  pruned: '#9ca3af',
  not_expanded_budget: '#f59e0b',
};

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function renderTrace(title: string, nodes: TraceNode[], meta: Record<string, unknown>): string {
  const columnWidth = 300;
  const rowHeight = 64;
  const boxWidth = 270;
  const boxHeight = 48;
  const byDepth = new Map<number, TraceNode[]>();
  for (const node of nodes) byDepth.set(node.depth, [...(byDepth.get(node.depth) ?? []), node]);
  const position = new Map<string, { x: number; y: number }>();
  let maxRows = 0;
  for (const [depth, column] of [...byDepth.entries()].sort((a, b) => a[0] - b[0])) {
    column.sort((a, b) => (b.score ?? 99) - (a.score ?? 99));
    column.forEach((node, row) => position.set(node.id, { x: 20 + depth * columnWidth, y: 40 + row * rowHeight }));
    maxRows = Math.max(maxRows, column.length);
  }
  const width = 40 + Math.max(1, byDepth.size) * columnWidth;
  const height = 60 + maxRows * rowHeight;
  const edges = nodes
    .filter((n) => n.parent && position.has(n.parent))
    .map((n) => {
      const from = position.get(n.parent ?? '');
      const to = position.get(n.id);
      if (!from || !to) return '';
      return `<line x1="${from.x + boxWidth}" y1="${from.y + boxHeight / 2}" x2="${to.x}" y2="${to.y + boxHeight / 2}" class="edge"><title>${escape(n.relation)}</title></line>`;
    })
    .join('\n');
  const boxes = nodes
    .map((n) => {
      const p = position.get(n.id);
      if (!p) return '';
      const scoreText = n.score === null ? '' : ` · score ${n.score.toFixed(1)}`;
      const rubricText = n.rubric ? `rel ${n.rubric.relevance} risk ${n.rubric.risk}${scoreText}` : n.decision;
      const tooltip = [n.location, n.relation, n.rubric ? JSON.stringify(n.rubric) : '', `${n.decision}: ${n.why}`].filter(Boolean).join('\n');
      return `<g class="node ${n.decision}" transform="translate(${p.x},${p.y})"><title>${escape(tooltip)}</title>
  <rect width="${boxWidth}" height="${boxHeight}" rx="6" fill="white" stroke="${COLORS[n.decision]}" stroke-width="${n.decision === 'pruned' ? 1.5 : 3}"/>
  <text x="8" y="18" class="label">${escape(truncate(n.label, 34))}</text>
  <text x="8" y="34" class="sub">${escape(truncate(`${n.location} · ${rubricText}`, 42))}</text>
</g>`;
    })
    .join('\n');
  const rows = [...nodes]
    .sort((a, b) => a.depth - b.depth || (b.score ?? 0) - (a.score ?? 0))
    .map(
      (n) => `<tr class="${n.decision}"><td>${n.depth}</td><td>${escape(n.location)}</td><td>${escape(n.label)}</td><td>${escape(n.relation)}</td>
<td>${n.rubric ? `${n.rubric.relevance}/${n.rubric.risk}/${n.rubric.complexity}/${n.rubric.confidence}` : ''}</td><td>${escape(n.rubric?.tags.join(', ') ?? '')}</td>
<td>${n.score === null ? '' : n.score.toFixed(1)}</td><td><span class="badge" style="background:${COLORS[n.decision]}">${n.decision.replace(/_/g, ' ')}</span></td><td>${escape(n.why)}${n.rubric?.reason ? `<br><em>${escape(n.rubric.reason)}</em>` : ''}</td></tr>`,
    )
    .join('\n');
  const metaRows = Object.entries(meta)
    .map(([k, v]) => `<tr><th>${escape(k)}</th><td>${escape(typeof v === 'string' ? v : JSON.stringify(v))}</td></tr>`)
    .join('\n');
  const counts = (['seed', 'expanded', 'leaf', 'pruned', 'not_expanded_budget'] as const).map((d) => `${nodes.filter((n) => n.decision === d).length} ${d.replace(/_/g, ' ')}`).join(' · ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>
body { font: 14px system-ui, sans-serif; margin: 24px; color: #111827; }
h1 { font-size: 20px; } .legend span { margin-right: 16px; }
svg { border: 1px solid #e5e7eb; background: #f9fafb; }
.edge { stroke: #94a3b8; stroke-width: 1.5; }
.label { font: 600 13px ui-monospace, monospace; } .sub { font: 11px ui-monospace, monospace; fill: #4b5563; }
table { border-collapse: collapse; margin-top: 16px; } td, th { border: 1px solid #e5e7eb; padding: 4px 8px; vertical-align: top; text-align: left; }
.badge { color: white; border-radius: 4px; padding: 1px 6px; font-size: 12px; } tr.pruned { color: #6b7280; }
</style></head>
<body>
<h1>${escape(title)}</h1>
<p class="legend">${(Object.keys(COLORS) as Array<TraceNode['decision']>).map((d) => `<span style="color:${COLORS[d]}">■ ${d.replace(/_/g, ' ')}</span>`).join('')}</p>
<p>${escape(counts)}</p>
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
${[...byDepth.keys()].map((d) => `<text x="${20 + d * columnWidth}" y="24" class="sub">depth ${d}</text>`).join('')}
${edges}
${boxes}
</svg>
<h2>Nodes</h2>
<table><tr><th>depth</th><th>location</th><th>what</th><th>reached by</th><th>rel/risk/cx/conf</th><th>tags</th><th>score</th><th>decision</th><th>why</th></tr>
${rows}
</table>
<h2>Run</h2>
<table>${metaRows}</table>
</body></html>
`;
}
