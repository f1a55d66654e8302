// One change question asked of scout and graded against the oracle's breaking sites (`file:line`), as both
// change-kinds runners grade it: recall counts the sites a verified high pointer names (its line or `also`),
// precision the high pointers whose line is a site. The answer is uncapped, as the MCP tool asks for it (it pages
// the risk-ranked list): every verified pointer is in it.
import path from 'node:path';
import { repoRoot } from '../corpus.mjs';

const { answerQuestion } = await import(path.join(repoRoot, 'dist', 'scout', 'ask.js'));

/** `options`: answerQuestion's (root, db, lsp, config, checkers). */
export async function gradedAnswer(question, options, sites) {
  const started = performance.now();
  const { answer } = await answerQuestion(question, { ...options, verifyTimeoutMs: 60_000, maxPointers: Number.POSITIVE_INFINITY });
  const ms = Math.round(performance.now() - started);
  const high = answer.pointers.filter((p) => p.risk === 'high');
  const covered = new Set(high.filter((p) => p.verified).flatMap((p) => {
    const f = p.location.replace(/:\d+$/, '');
    return [p.location, ...(p.also ?? []).map((l) => `${f}:${l}`)];
  }));
  const truth = new Set(sites);
  // Which declaration scout changed (`name`, kind, file:line): a name declared in several files may not be the drawn one.
  const changed = /, ([^,]+):(\d+)$/.exec(answer.meta.verified_by?.target ?? '');
  return {
    answer,
    ms,
    found: sites.filter((s) => covered.has(s)).length,
    missed: sites.filter((s) => !covered.has(s)),
    high: high.length,
    highCorrect: high.filter((p) => truth.has(p.location)).length,
    wrongHigh: high.filter((p) => !truth.has(p.location)).map((p) => p.location),
    // The checker's claims apart from the enumeration rule's highs (a full enumeration that compiles: an edit-list
    // site, not a compile error, and said so in its `what`): precision of each, and the latter listed by shape.
    verifiedHigh: high.filter((p) => p.verified).length,
    verifiedHighCorrect: high.filter((p) => p.verified && truth.has(p.location)).length,
    ruleHigh: high.filter((p) => !p.verified && !truth.has(p.location)).map((p) => `${p.location} — ${p.what.slice(0, 160)}`),
    verified: answer.meta.verified_by ? answer.meta.verified_by.edit : null,
    changed: changed ? { file: changed[1], line: Number(changed[2]) } : null,
    note: answer.meta.verified_by ? null : (answer.meta.notes.find((n) => n.startsWith('not verified')) ?? 'no verify step'),
  };
}
