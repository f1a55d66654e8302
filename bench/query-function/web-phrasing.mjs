// The same need phrased as web searchers often type it: "how to …", "… example", "python code to …". The written
// and gap queries rarely carry such framing words (4 of 799 say "how"), while real web queries (CoSQA's) often do,
// so `--phrasing web` checks that the framing does not move the ranking: the need is the same.
import { createHash } from 'node:crypto';

const FRAMES = [
  (need) => `how to ${need} in python`,
  (need) => `python ${need} example`,
  (need) => `python code to ${need}`,
  (need) => `how do i ${need} python`,
  (need) => `what is the best way to ${need} in python`,
];

/** The query in one of the frames, chosen by a hash of the target's id (the same frame on every run). */
export function inWebPhrasing(query, id) {
  const need = query.replace(/^python\s+|\s+(in\s+)?python$/gi, '').replace(/^(how to|how do i)\s+/i, '').trim();
  const frame = FRAMES[createHash('sha1').update(`frame:${id}`).digest()[0] % FRAMES.length];
  return frame(need);
}
