/** Worker thread entry: runs parse jobs sent by the pool, one at a time. */
import { parentPort } from 'node:worker_threads';
import { runParseJob, type ParseJob } from './parse-job.js';

if (!parentPort) throw new Error('parse-worker must run as a worker thread');
const port = parentPort;
port.on('message', (job: ParseJob) => {
  void runParseJob(job).then((outcome) => port.postMessage(outcome));
});
