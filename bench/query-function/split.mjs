// Which set a query of bench/query-function belongs to: dev (40 %, used for tuning) or held-out, by a hash of its id.
import { createHash } from 'node:crypto';

export const splitOf = (id) => (createHash('sha1').update(id).digest()[0] % 10 < 4 ? 'dev' : 'heldout');
