/**
 * The notes of an answer, said once each. Exploring a large project asks the language server about many
 * names, and every one it under-reports adds its own "not fully loaded" note: fifteen of them filled half a
 * page on typescript-eslint. They say one thing (the project is not fully loaded, index sites were merged),
 * so they become one note naming the names; exact repeats of any other note are dropped.
 */
const NOT_LOADED = /^the language server found (\d+) reference\(?s?\)? to "([^"]+)" but the index has (\d+).*probably not fully loaded.*merged (\d+) index site/;

/** Names listed in the folded note, at most. */
const NAMES_SHOWN = 5;

export function foldedNotes(notes: readonly string[]): string[] {
  const out: string[] = [];
  const names: string[] = [];
  let merged = 0;
  let folded = 0;
  let at = -1;
  for (const note of notes) {
    const m = NOT_LOADED.exec(note);
    if (!m) {
      if (!out.includes(note)) out.push(note);
      continue;
    }
    folded++;
    if (at < 0) at = out.push(note) - 1;
    if (!names.includes(m[2] as string)) names.push(m[2] as string);
    merged += Number(m[4]);
  }
  if (folded > 1) {
    const shown = names.slice(0, NAMES_SHOWN).map((n) => `"${n}"`).join(', ');
    out[at] =
      `the language server found fewer references than the index for ${names.length} name(s) (${shown}${names.length > NAMES_SHOWN ? ', …' : ''}): ` +
      `the project is probably not fully loaded (no tsconfig/jsconfig or project file, or files outside the project); merged ${merged} index site(s) (source 'index', matched by name)`;
  }
  return out;
}
