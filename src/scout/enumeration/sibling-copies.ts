/**
 * Data files that copy one another (a locale table per language, a config per environment) list the members'
 * values in the same place. Developers edit the primary one (`en.json`) and let translation or tooling fill the
 * rest, so the copies are one site: the primary's, naming its copies. Without this, one new tool name in
 * excalidraw gave 56 "high" locale tables, of which the commit edited one.
 */
import path from 'node:path';
import { isDataFile } from '../../workspace/walk.js';

/** What a site says about itself that tells a copy (enumeration-sites.ts's EnumerationSite has these). */
interface Site {
  file: string;
  shape: string;
  listed: number;
  missing: string[];
  copies?: string[];
}

/** The primary copy by its name: English or the default. */
const PRIMARY = /^(en|en[-_][a-z]+|default|base|source|main)\.[^.]+$/i;

export function foldSiblingCopies<T extends Site>(sites: readonly T[]): T[] {
  const groups = new Map<string, T[]>();
  const out: T[] = [];
  for (const site of sites) {
    if (!isDataFile(site.file)) {
      out.push(site);
      continue;
    }
    // Same folder, same kind of file, same construct listing the same members: a copy.
    const key = `${path.posix.dirname(site.file)}|${path.posix.extname(site.file)}|${site.shape}|${site.listed}|${site.missing.join(',')}`;
    groups.set(key, [...(groups.get(key) ?? []), site]);
  }
  for (const group of groups.values()) {
    const files = new Set(group.map((s) => s.file));
    if (files.size < 2) {
      out.push(...group);
      continue;
    }
    const primary = [...files].sort(byPrimary)[0] as string;
    const copies = [...files].filter((f) => f !== primary);
    for (const site of group) if (site.file === primary) out.push({ ...site, copies });
  }
  return out;
}

function byPrimary(a: string, b: string): number {
  const pa = PRIMARY.test(path.posix.basename(a)) ? 0 : 1;
  const pb = PRIMARY.test(path.posix.basename(b)) ? 0 : 1;
  return pa - pb || a.length - b.length || a.localeCompare(b);
}
