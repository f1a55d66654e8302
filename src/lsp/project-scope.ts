/**
 * The folders a server's project covers, when its configuration narrows them: pyright's `include`
 * (pyrightconfig.json, or `[tool.pyright]` in pyproject.toml). A server answers workspace/symbol only for the
 * files of its project, so the readiness probe must take its name from there; and a project whose `include`
 * holds none of the indexed files (a folder that was moved: pydantic-core's `include = ['pydantic_core']` while
 * the code sits in `python/pydantic_core`) never lists the probe name, however long one waits.
 * Read with patterns, not a JSON/TOML parser (pyrightconfig.json allows comments and trailing commas).
 */
import { readInsideRoot } from '../workspace/confine.js';

/** Repository-relative folder or file prefixes pyright's project includes; null when the configuration does not narrow it. */
export function pyrightInclude(root: string): string[] | null {
  const json = readInsideRoot(root, 'pyrightconfig.json');
  if (json !== null) {
    const list = /"include"\s*:\s*\[([^\]]*)\]/.exec(json)?.[1];
    return list === undefined ? null : prefixes(list);
  }
  const toml = readInsideRoot(root, 'pyproject.toml');
  const section = toml === null ? null : tableOf(toml, 'tool.pyright');
  const list = section ? /^\s*include\s*=\s*\[([^\]]*)\]/m.exec(section)?.[1] : undefined;
  return list === undefined ? null : prefixes(list);
}

/** The quoted entries of a list, each cut at its first wildcard; null when one of them covers the whole root. */
function prefixes(list: string): string[] | null {
  const out: string[] = [];
  for (const m of list.matchAll(/["']([^"']*)["']/g)) {
    const entry = (m[1] ?? '').replace(/\\/g, '/').replace(/^\.\//, '');
    const fixed = entry.split('/').filter((segment, i, all) => !/[*?[]/.test(segment) && all.slice(0, i).every((s) => !/[*?[]/.test(s)));
    const prefix = fixed.join('/').replace(/\/+$/, '');
    if (prefix === '' || prefix === '.') return null;
    out.push(prefix);
  }
  return out.length > 0 ? out : null;
}

/** The body of a TOML table (`[tool.pyright]`): from its header to the next header line. */
function tableOf(toml: string, name: string): string | null {
  const header = new RegExp(`^\\[${name.replace(/\./g, '\\.')}\\]\\s*$`, 'm').exec(toml);
  if (!header) return null;
  const body = toml.slice(header.index + header[0].length);
  const next = /^\[/m.exec(body);
  return next ? body.slice(0, next.index) : body;
}
