// The corpora of the whatbreaks benchmark: name -> {describe, prepare() -> directory}. Real code comes from
// the npm registry with `npm pack` (bench/corpus.mjs) into bench/corpus/ (git-ignored).
import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { corpusDir, fetchPackage, gitInit, prepareEffect100k, repoRoot } from '../corpus.mjs';

/** bench/corpus/<name>: the `src/` folder a package ships (TypeScript sources), as a git repository. */
function packageSrc(spec, name, { tsconfig = false } = {}) {
  const dir = path.join(corpusDir, name);
  if (existsSync(path.join(dir, '.git'))) return dir;
  const pkg = fetchPackage(spec);
  cpSync(path.join(pkg, 'src'), path.join(dir, 'src'), { recursive: true });
  if (tsconfig) cpSync(path.join(pkg, 'tsconfig.json'), path.join(dir, 'tsconfig.json'));
  gitInit(dir);
  return dir;
}

export const HLSJS = 'hls.js@1.6.15';
export const GRPC = '@grpc/grpc-js@1.14.0';
export const MONGODB = 'mongodb@6.22.0';
export const TRPC = '@trpc/server@11.25.2';

/** bench/corpus/<name>: some folders of a package's src/ (test folders left out), as a git repository. */
function packageSubtree(spec, name, folders) {
  const dir = path.join(corpusDir, name);
  if (existsSync(path.join(dir, '.git'))) return dir;
  const pkg = fetchPackage(spec);
  for (const f of folders) {
    cpSync(path.join(pkg, 'src', f), path.join(dir, 'src', f), { recursive: true, filter: (src) => !/[\\/](tests|__tests__)$/.test(src) });
  }
  gitInit(dir);
  return dir;
}

export const ZOD = 'zod@4.6.7';

export const corpora = {
  'llm-router': {
    describe: 'examples/llm-router: the bundled example (LLMKind enum, exhaustive switches, Record maps, property flow)',
    prepare: () => path.join(repoRoot, 'examples', 'llm-router'),
  },
  'hlsjs-src': {
    describe: `bench/corpus/hlsjs-src: the TypeScript src/ that ${HLSJS} ships (many exported enums, switches and typed maps)`,
    prepare: () => packageSrc(HLSJS, 'hlsjs-src'),
  },
  'grpc-js-src': {
    describe: `bench/corpus/grpc-js-src: the TypeScript src/ that ${GRPC} ships (enums such as ConnectivityState, Status, PickResultType)`,
    prepare: () => packageSrc(GRPC, 'grpc-js-src'),
  },
  'mongodb-src': {
    describe: `bench/corpus/mongodb-src: the TypeScript src/ and tsconfig.json that ${MONGODB} ships`,
    prepare: () => packageSrc(MONGODB, 'mongodb-src', { tsconfig: true }),
  },
  'trpc-server-src': {
    describe: `bench/corpus/trpc-server-src: the TypeScript src/ that ${TRPC} ships`,
    prepare: () => packageSrc(TRPC, 'trpc-server-src'),
  },
  'zod-v4-core': {
    describe: `bench/corpus/zod-v4-core: src/v4/core and src/v4/locales of ${ZOD} (test folders left out)`,
    prepare: () => packageSubtree(ZOD, 'zod-v4-core', ['v4/core', 'v4/locales']),
  },
  'effect-100k': {
    describe: "bench/corpus/effect-100k: effect@3.16.0's src/, first files in path order up to ~100k lines (bench/corpus.mjs)",
    prepare: prepareEffect100k,
  },
};
