/**
 * What a bug report names: identifiers in backticks and code blocks, dotted paths,
 * file paths and line numbers from stack traces (Python and JavaScript frames),
 * quoted error messages and option names. Pure: text in, terms out. The engine
 * weights these above the prose and looks verbatim strings up in the code.
 */

export interface TraceFrame {
  path: string;
  line: number | null;
  function: string | null;
}

export interface IssueTerms {
  /** Identifiers the text names as code: backticks, code blocks, camelCase / snake_case / dotted words, calls. */
  identifiers: string[];
  /** Dotted paths as written (`a.b.c`). */
  dotted_paths: string[];
  /** File paths mentioned in the text or in stack-trace frames. */
  paths: string[];
  /** Stack-trace frames (Python `File "x.py", line N, in f`; JavaScript `at f (src/x.ts:10:5)`). */
  frames: TraceFrame[];
  /** Quoted error messages and exception lines (`ValueError: ...`). */
  errors: string[];
  /** Option names: `--flag`, `some_option=`. */
  options: string[];
}

const MAX_TERMS = 40;
const FILE_EXTENSIONS = 'py|pyi|ts|tsx|js|jsx|mjs|cjs|mts|cts|go|rs|java|kt|rb|php|c|h|cc|cpp|hpp|cs|swift|scala|hs|lua|sh|toml|json|yaml|yml|cfg|ini|md';
const PATH_RE = new RegExp(`(?:[A-Za-z0-9_.@~-]+/)*[A-Za-z0-9_@-][A-Za-z0-9_.@-]*\\.(?:${FILE_EXTENSIONS})\\b`, 'g');
const PY_FRAME = /File "([^"]+)", line (\d+)(?:, in ([A-Za-z_][\w.<>]*))?/g;
const JS_FRAME = /\bat (?:(?:async |new )?([\w$.<>[\]]+) )?\(?((?:[A-Za-z]:)?[^\s():]+\.[cm]?[jt]sx?):(\d+)(?::\d+)?\)?/g;
const EXCEPTION_LINE = /^\s*((?:[A-Za-z_][\w]*\.)*[A-Z][A-Za-z0-9]*(?:Error|Exception|Warning|Exit|Interrupt)):\s*(.{3,200})$/gm;
const QUOTED = /"([^"\n]{8,200})"|'([^'\n]{8,200})'|“([^”\n]{8,200})”/g;
const BACKTICK = /`([^`\n]{1,120})`/g;
const FENCE = /```[^\n]*\n([\s\S]*?)(?:```|$)/g;
const IDENT = /[A-Za-z_$][A-Za-z0-9_$]*(?:\.[A-Za-z_$][A-Za-z0-9_$]*)*/g;

/** A word that reads as code: camelCase, PascalCase with an inner capital, snake_case, dotted, or `$x`. */
export function looksLikeCode(word: string): boolean {
  return /[a-z][A-Z]|[A-Za-z0-9]_[A-Za-z0-9]|^_[A-Za-z]|[A-Za-z]\.[A-Za-z_]|^[A-Z][a-z0-9]+[A-Z]|\$/.test(word);
}

function push(list: string[], seen: Set<string>, value: string): void {
  const v = value.trim();
  if (v.length === 0 || seen.has(v) || list.length >= MAX_TERMS) return;
  seen.add(v);
  list.push(v);
}

/** Normalize a path from a trace: drop site-packages / node_modules / absolute prefixes, keep the repo-looking tail. */
export function tracePath(raw: string): string {
  let p = raw.replace(/\\/g, '/').replace(/^file:\/\//, '');
  const site = p.search(/(?:site|dist)-packages\/|node_modules\//);
  if (site >= 0) p = p.slice(site).replace(/^(?:site|dist)-packages\/|^node_modules\//, '');
  return p.replace(/^\.\//, '').replace(/^\/+/, '');
}

export function extractIssueTerms(text: string): IssueTerms {
  const out: IssueTerms = { identifiers: [], dotted_paths: [], paths: [], frames: [], errors: [], options: [] };
  const seen = { identifiers: new Set<string>(), dotted: new Set<string>(), paths: new Set<string>(), errors: new Set<string>(), options: new Set<string>() };
  const addIdentifier = (word: string): void => {
    const w = word.replace(/^[.$]+|[.]+$/g, '');
    if (w.length < 2 || /^\d/.test(w)) return;
    if (w.includes('.')) {
      if (/\.(?:com|org|io|net|html?)$/i.test(w)) return;
      if (new RegExp(`\\.(?:${FILE_EXTENSIONS})$`).test(w)) return; // a file name: collected as a path
      push(out.dotted_paths, seen.dotted, w);
      for (const part of w.split('.')) if (part.length >= 3) push(out.identifiers, seen.identifiers, part);
      return;
    }
    push(out.identifiers, seen.identifiers, w);
  };
  const addPath = (p: string): void => {
    const clean = tracePath(p);
    if (/^https?:/.test(clean) || clean.length < 3) return;
    push(out.paths, seen.paths, clean);
  };

  for (const m of text.matchAll(PY_FRAME)) {
    const frame: TraceFrame = { path: tracePath(m[1] ?? ''), line: Number(m[2]), function: m[3] ?? null };
    if (out.frames.length < MAX_TERMS) out.frames.push(frame);
    addPath(frame.path);
    if (frame.function && !frame.function.startsWith('<')) addIdentifier(frame.function);
  }
  for (const m of text.matchAll(JS_FRAME)) {
    const frame: TraceFrame = { path: tracePath(m[2] ?? ''), line: Number(m[3]), function: m[1] ?? null };
    if (out.frames.length < MAX_TERMS) out.frames.push(frame);
    addPath(frame.path);
    if (frame.function && !frame.function.startsWith('<')) addIdentifier(frame.function.replace(/^Object\./, ''));
  }
  for (const m of text.matchAll(EXCEPTION_LINE)) {
    addIdentifier((m[1] ?? '').split('.').pop() ?? '');
    push(out.errors, seen.errors, (m[2] ?? '').trim().replace(/^['"]|['"]$/g, ''));
  }
  for (const m of text.matchAll(FENCE)) {
    for (const w of (m[1] ?? '').matchAll(IDENT)) if (looksLikeCode(w[0]) || w[0].length >= 4) {
      if (looksLikeCode(w[0])) addIdentifier(w[0]);
    }
  }
  const withoutFences = text.replace(FENCE, ' ');
  for (const m of withoutFences.matchAll(BACKTICK)) {
    const inner = (m[1] ?? '').trim();
    if (/\s/.test(inner) && !/[(=]/.test(inner)) {
      // A phrase in backticks: its code-looking words, and the whole as a literal string.
      for (const w of inner.matchAll(IDENT)) if (looksLikeCode(w[0]) || w[0].length >= 3) addIdentifier(w[0]);
      if (inner.length >= 8) push(out.errors, seen.errors, inner);
      continue;
    }
    for (const w of inner.matchAll(IDENT)) addIdentifier(w[0]);
  }
  for (const m of withoutFences.matchAll(QUOTED)) {
    const q = (m[1] ?? m[2] ?? m[3] ?? '').trim();
    // A quoted message has words; a quoted identifier is an identifier.
    if (/\s/.test(q) && /[A-Za-z]{3}/.test(q)) push(out.errors, seen.errors, q);
    else if (/^[A-Za-z_$][\w$.]*$/.test(q)) addIdentifier(q);
  }
  for (const m of text.matchAll(/(?<![\w-])--?([a-z][a-z0-9]*(?:-[a-z0-9]+)+|-[a-z][a-z0-9-]+)\b/g)) push(out.options, seen.options, `--${(m[1] ?? '').replace(/^-/, '')}`);
  for (const m of text.matchAll(/\b([a-z_][a-z0-9_]*_[a-z0-9_]+|[a-z][a-zA-Z0-9]+)=(?!=)/g)) push(out.options, seen.options, m[1] ?? '');
  for (const m of withoutFences.matchAll(PATH_RE)) {
    const p = m[0];
    if (p.includes('/') || /^[\w-]+\.(?:py|ts|tsx|js|mjs|go|rs|java|rb)$/.test(p)) addPath(p);
  }
  // Code-looking words in the prose itself: parseDuration, max_age, Response.iter_lines.
  for (const m of withoutFences.matchAll(/(?<![\w/.-])[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(?:\(\))?(?![\w$.]*\/)/g)) {
    const w = m[0].replace(/\(\)$/, '');
    if (m[0].endsWith('()') || looksLikeCode(w)) addIdentifier(w);
  }
  return out;
}

/**
 * The text a reader of the rendered report sees: HTML comments and the web addresses of Markdown links removed.
 * Issue and pull-request templates put their instructions in comments ("What changes are made in this PR? Is it
 * a feature or a bug fix?"), so every report of a project repeats the same words, which describe the template,
 * not the bug; an unclosed comment hides the rest, as it does when rendered. A link's address adds words such as
 * github, com, blob and main; only a link to a file of a repository (`.../blob/<ref>/src/a.ts#L3`) keeps its
 * path, which names the file. bench/localize's TypeScript set (dev, Acc@1): 0.60 → 0.63 (comments; with the
 * example demotion) → 0.66 (link addresses).
 */
export function renderedText(text: string): string {
  let out = text.includes('<!--') ? text.replace(/<!--[\s\S]*?(?:-->|$)/g, ' ') : text;
  if (out.includes('](')) out = out.replace(/\]\((https?:[^)\s]*)\)/g, (_, url: string) => `] ${/\/(?:blob|tree)\/[^/]+\/([^#?]+)/.exec(url)?.[1] ?? ''}`);
  return out;
}

/** True when nothing was extracted. */
export function isEmptyTerms(terms: IssueTerms): boolean {
  return terms.identifiers.length + terms.paths.length + terms.errors.length + terms.options.length + terms.frames.length === 0;
}
