/**
 * Just enough TOML to read facts from pyproject.toml and Cargo.toml: table headers,
 * `[[array]]` tables, and `key = value` where value is a string, a (possibly
 * multi-line) array of strings, or anything else kept as raw text. No dependency for
 * a handful of fields; what it cannot read it leaves out rather than guessing.
 */

export interface TomlTable {
  /** Dotted header name ('' for the top of the file), e.g. 'project.scripts' or 'bin'. */
  name: string;
  /** True for `[[name]]` entries: each one is a separate table. */
  array: boolean;
  values: Map<string, string | string[]>;
}

export function readToml(text: string): TomlTable[] {
  const tables: TomlTable[] = [{ name: '', array: false, values: new Map() }];
  let current = tables[0] as TomlTable;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = stripComment(lines[i] ?? '').trim();
    if (!line) continue;
    const header = /^(\[\[?)\s*([^\]]+?)\s*\]\]?$/.exec(line);
    if (header) {
      current = { name: unquoteKey(header[2] ?? ''), array: header[1] === '[[', values: new Map() };
      tables.push(current);
      continue;
    }
    const eq = line.indexOf('=');
    if (eq < 0) continue;
    const key = unquoteKey(line.slice(0, eq).trim());
    let value = line.slice(eq + 1).trim();
    // A multi-line array continues until its closing bracket.
    while (value.startsWith('[') && !closesArray(value) && i + 1 < lines.length) {
      value += ` ${stripComment(lines[++i] ?? '').trim()}`;
    }
    current.values.set(key, parseValue(value));
  }
  return tables;
}

/** The single table with this name, or undefined. */
export function tomlTable(tables: TomlTable[], name: string): TomlTable | undefined {
  return tables.find((t) => t.name === name && !t.array);
}

export function tomlString(table: TomlTable | undefined, key: string): string | null {
  const value = table?.values.get(key);
  return typeof value === 'string' ? value : null;
}

function parseValue(raw: string): string | string[] {
  const string = /^"((?:[^"\\]|\\.)*)"|^'([^']*)'/.exec(raw);
  if (string) return string[1] ?? string[2] ?? '';
  if (raw.startsWith('[')) {
    const items: string[] = [];
    for (const m of raw.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'/g)) items.push(m[1] ?? m[2] ?? '');
    return items;
  }
  return raw;
}

function closesArray(value: string): boolean {
  let depth = 0;
  let quote: string | null = null;
  for (const ch of value) {
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '[') depth++;
    else if (ch === ']' && --depth === 0) return true;
  }
  return false;
}

/** Drop a `#` comment that is not inside a string. */
function stripComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quote) {
      if (ch === '\\' && quote === '"') i++;
      else if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '#') return line.slice(0, i);
  }
  return line;
}

function unquoteKey(key: string): string {
  return key
    .split('.')
    .map((part) => part.trim().replace(/^["']|["']$/g, ''))
    .join('.');
}
