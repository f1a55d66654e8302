/**
 * The sub-words of a text counted by number, not by string. Indexing composes a vector for every chunk (about 130,000
 * at 1.5M lines), and with maps keyed by sub-word (the counts, the signature boosts, each table's row lookup) the maps
 * took about half of a composition. Here each distinct sub-word gets a number once per process, each identifier's
 * sub-words are remembered as numbers, and a text's counts go into arrays indexed by them, cleared after use.
 */
import { identifierParts } from '../core/code-tokens.js';

/** A text's distinct sub-words in first-occurrence order, with their counts and boosts (valid until the next count). */
export interface SubWordCounts {
  /** Sub-word numbers, first occurrence first. */
  readonly ids: readonly number[];
  /** Occurrences of each sub-word, by number. */
  readonly tf: Float64Array;
  /** The largest extra weight each sub-word got (0: none), by number. */
  readonly boost: Float64Array;
}

/** Distinct identifiers remembered before everything is forgotten and numbered again (bounds memory). */
const MAX_REMEMBERED = 200_000;

export class SubWordCounter {
  /** Sub-word text by number. */
  readonly texts: string[] = [];
  private readonly numbers = new Map<string, number>();
  private readonly identifiers = new Map<string, readonly number[]>();
  private tf = new Float64Array(1024);
  private boost = new Float64Array(1024);
  private ids: number[] = [];
  /** Moves whenever numbering restarts, so that callers keeping data by number know to drop it. */
  generation = 0;

  constructor(private readonly keep: (part: string) => boolean) {}

  /** Start a text: forget the previous text's counts (and every number, once too many identifiers were seen). */
  begin(): void {
    for (const id of this.ids) {
      this.tf[id] = 0;
      this.boost[id] = 0;
    }
    this.ids = [];
    if (this.identifiers.size > MAX_REMEMBERED || this.numbers.size > MAX_REMEMBERED) {
      this.identifiers.clear();
      this.numbers.clear();
      this.texts.length = 0;
      this.generation++;
    }
  }

  /** Count one identifier's kept sub-words, raising their boost to `extra` when it is larger. */
  add(identifier: string, extra: number): void {
    for (const id of this.partsOf(identifier)) {
      if (this.tf[id] === 0) this.ids.push(id);
      this.tf[id] = (this.tf[id] as number) + 1;
      if (extra > 0 && extra > (this.boost[id] as number)) this.boost[id] = extra;
    }
  }

  counts(): SubWordCounts {
    return { ids: this.ids, tf: this.tf, boost: this.boost };
  }

  private partsOf(identifier: string): readonly number[] {
    let parts = this.identifiers.get(identifier);
    if (!parts) {
      parts = identifierParts(identifier)
        .filter(this.keep)
        .map((part) => this.numberOf(part));
      this.identifiers.set(identifier, parts);
    }
    return parts;
  }

  private numberOf(part: string): number {
    let id = this.numbers.get(part);
    if (id === undefined) {
      id = this.texts.length;
      this.texts.push(part);
      this.numbers.set(part, id);
      if (id >= this.tf.length) {
        const grow = (from: Float64Array): Float64Array<ArrayBuffer> => {
          const to = new Float64Array(from.length * 2);
          to.set(from);
          return to;
        };
        this.tf = grow(this.tf);
        this.boost = grow(this.boost);
      }
    }
    return id;
  }
}
