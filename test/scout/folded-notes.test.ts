/** An answer's notes, said once: the language server's "not fully loaded" notes fold into one. */
import { describe, expect, it } from 'vitest';
import { foldedNotes } from '../../src/scout/folded-notes.js';

const notLoaded = (name: string, merged: number) =>
  `the language server found 2 reference(s) to "${name}" but the index has 40: the project is probably not fully loaded; merged ${merged} index site(s) of "x" in files that name "${name}" (source 'index', matched by name)`;

describe('folded notes', () => {
  it('many "not fully loaded" notes become one naming the names and the sites merged, where the first stood', () => {
    const notes = ['first', ...['Node', 'rule', 'Scope', 'rule', 'Definition', 'Reference', 'Referencer'].map((n, i) => notLoaded(n, i + 1)), 'last', 'first'];
    const out = foldedNotes(notes);
    expect(out).toHaveLength(3);
    expect(out[0]).toBe('first');
    expect(out[1]).toBe(
      `the language server found fewer references than the index for 6 name(s) ("Node", "rule", "Scope", "Definition", "Reference", …): the project is probably not fully loaded (no tsconfig/jsconfig or project file, or files outside the project); merged 28 index site(s) (source 'index', matched by name)`,
    );
    expect(out[2]).toBe('last');
  });

  it('a single such note stays as it is, and the index-only form is read too', () => {
    const one = 'the language server found 1 reference to "Node" but the index has 427 usage sites of the name: the project is probably not fully loaded (no tsconfig/jsconfig or project file, or files outside the project); merged 414 index sites (source \'index\', matched by name)';
    expect(foldedNotes([one])).toEqual([one]);
    expect(foldedNotes([one, notLoaded('rule', 3)])[0]).toMatch(/for 2 name\(s\) \("Node", "rule"\).*merged 417 index site/);
  });
});
