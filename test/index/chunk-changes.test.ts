/** The list of chunks the index's recent writes changed (index/chunk-changes.ts): extended by small writes, dropped by large ones. */
import { describe, expect, it } from 'vitest';
import { chunkChangesSince, nextChunkChanges } from '../../src/index/chunk-changes.js';

describe('chunk changes', () => {
  it('extends the list write after write, so that a follower several writes behind redoes their union', () => {
    const g1 = nextChunkChanges(null, 1, [1, 2]);
    const g2 = nextChunkChanges(g1, 2, [2, 3]);
    const g3 = nextChunkChanges(g2, 3, [7]);
    expect(chunkChangesSince(g3, 0, 3)?.sort()).toEqual([1, 2, 3, 7]);
    expect(chunkChangesSince(g3, 2, 3)?.sort()).toEqual([1, 2, 3, 7]); // a superset: followers compare texts
    expect(chunkChangesSince(g3, 3, 3)).not.toBeNull();
  });

  it('says nothing for a generation it does not describe, or after a write too large to list', () => {
    const g1 = nextChunkChanges(null, 1, [1]);
    expect(chunkChangesSince(g1, 0, 2)).toBeNull(); // the index moved on without recording
    const large = nextChunkChanges(g1, 2, null);
    expect(chunkChangesSince(large, 1, 2)).toBeNull();
    // A small write after a large one lists only itself: a follower from before the large write reads everything.
    const g3 = nextChunkChanges(large, 3, [5]);
    expect(chunkChangesSince(g3, 1, 3)).toBeNull();
    expect(chunkChangesSince(g3, 2, 3)).toEqual([5]);
  });

  it('stops listing past 5,000 chunks', () => {
    const many = Array.from({ length: 3_000 }, (_, i) => i);
    const g1 = nextChunkChanges(null, 1, many);
    const g2 = nextChunkChanges(g1, 2, many.map((i) => i + 3_000));
    expect(chunkChangesSince(g1, 0, 1)).toHaveLength(3_000);
    expect(chunkChangesSince(g2, 0, 2)).toBeNull();
    expect(chunkChangesSince(g2, 1, 2)).toBeNull();
  });
});
