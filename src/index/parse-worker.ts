/** Worker thread entry: runs parse jobs sent by the pool, one at a time. */
import { parentPort } from 'node:worker_threads';
import { packFacts } from './packed-facts.js';
import { runParseJob, type ParseJob, type ParseOutcome } from './parse-job.js';
import type { WorkerOutcome } from './parse-pool.js';

if (!parentPort) throw new Error('parse-worker must run as a worker thread');
const port = parentPort;
port.on('message', (job: ParseJob) => {
  void runParseJob(job).then((outcome: ParseOutcome) => {
    // Facts travel packed (see packed-facts.ts); the Int32Array's buffer is transferred, not copied.
    if (outcome.kind === 'parsed' && outcome.facts) {
      const facts = packFacts(outcome.facts);
      const packed: WorkerOutcome = { ...outcome, facts };
      port.postMessage(packed, [facts.usages.positions.buffer as ArrayBuffer]);
    } else {
      port.postMessage(outcome);
    }
  });
});
