// Pasted bug reports of about 3,000 characters for the latency benchmark: title, prose, a code block, a
// stack trace, a quoted error and options, built from a fixed template around names in the effect corpus.
// Flattened to one line each (scout search --queries-file takes one query per line).
const APIS = [
  ['Effect.retry', 'Schedule.exponential', 'retryOrElse', 'fiberRuntime.ts', 'runLoop'],
  ['Stream.groupedWithin', 'Chunk.append', 'bufferChunks', 'stream.ts', 'groupedWithin'],
  ['Duration.decode', 'Duration.millis', 'DURATION_REGEX', 'Duration.ts', 'decode'],
  ['Cron.parse', 'Cron.next', 'parseSegment', 'Cron.ts', 'next'],
  ['Layer.provide', 'Context.Tag', 'buildWithScope', 'layer.ts', 'provideSomeLayer'],
  ['Schema.decodeUnknown', 'ParseResult.TreeFormatter', 'formatIssue', 'schema.ts', 'go'],
  ['Queue.bounded', 'Queue.offer', 'unsafeOfferAll', 'queue.ts', 'offer'],
  ['Pool.make', 'Scope.close', 'acquireRelease', 'pool.ts', 'invalidate'],
];

function issueText([api, helper, internal, file, frame], i) {
  const fence = '```';
  const parts = [
    `${api} misbehaves with ${helper} after upgrading (regression #${100 + i})`,
    `When I call \`${api}\` together with \`${helper}\` the program never finishes and the fiber keeps running at 100% CPU. I expected the same behaviour as in the previous minor release, where the call returned after the first failure. Interrupting the fiber with Fiber.interrupt does not help, and neither does wrapping the whole program in Effect.timeout with a short duration.`,
    `Reproduction:\n${fence}ts\nimport { Effect, Schedule, Duration, Stream, Layer, Context, Queue } from "effect"\nconst program = Effect.gen(function* () {\n  const value = yield* ${api}(input, ${helper}(Duration.millis(100)))\n  return yield* Effect.log(value)\n}).pipe(Effect.catchAllCause((cause) => Effect.logError(Cause.pretty(cause))))\nEffect.runPromise(program).then(console.log)\n${fence}`,
    `Stack trace:\nError: "unexpected end of ${frame} while processing input"\n    at ${frame} (node_modules/effect/src/internal/${file}:120:17)\n    at ${internal} (node_modules/effect/src/internal/${file}:310:9)\n    at runLoop (node_modules/effect/src/internal/fiberRuntime.ts:1203:32)\n    at evaluateEffect (node_modules/effect/src/internal/fiberRuntime.ts:980:20)`,
    `Looking at the source, \`${internal}\` seems to loop without checking whether the input was already consumed, and the error "unexpected end of ${frame} while processing input" is thrown from a place that should not be reachable. Setting --concurrency=unbounded or maxRetries=3 in my configuration has no effect on it. I also tried Effect.retryOrElse, Effect.repeat and Effect.forever with the same schedule; the same problem happens, the process never exits.`,
    `Environment: Node 20.11, effect 3.16.0, TypeScript 5.8 with strict mode, running on Linux in a container with two cores. The problem does not happen in the browser build. Please let me know if you need a reproduction repository; I can put one together quickly. Thanks for the great library, it made our services much easier to reason about, and this is the first real blocker we have hit in production after a year of use.`,
  ];
  let text = parts.join('\n\n');
  while (text.length < 3000) {
    text += ` Additional detail: the same happens with ${helper} when the input is empty, and when ${api} is called inside Effect.scoped with a finalizer that logs; the log line never appears.`;
  }
  return text.slice(0, 3000).replace(/\s*\n\s*/g, ' ').trim();
}

export function issueTexts() {
  return APIS.map(issueText);
}
