/** Worker thread entry: composes embedded word vectors for the texts it is sent (see word-vectors-thread.ts). */
import { parentPort, workerData } from 'node:worker_threads';
import { WordVectorProvider, type WordVectorOptions } from './word-vectors.js';

if (!parentPort) throw new Error('word-vectors-worker must run as a worker thread');
const port = parentPort;
const provider = new WordVectorProvider(workerData as WordVectorOptions);
port.on('message', (request: { id: number; texts: string[] }) => {
  try {
    const d = provider.dimensions;
    // One buffer for the batch, transferred, not copied.
    const out = new Float32Array(request.texts.length * d);
    request.texts.forEach((text, i) => out.set(provider.compose(text, false).vector, i * d));
    port.postMessage({ id: request.id, vectors: out }, [out.buffer]);
  } catch (error) {
    port.postMessage({ id: request.id, error: (error as Error).message });
  }
});
