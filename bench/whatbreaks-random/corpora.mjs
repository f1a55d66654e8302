// The corpora of the random whatbreaks benchmark: real repositories pinned by commit. Nothing fetched is
// committed: `prepare()` materializes the pinned commit's folders into bench/corpus/rnd-<name> (git-ignored)
// with `git archive <commit> <paths> | tar -x`, from a local mirror of the repository (a bare clone or a
// mirror directory; set SCOUT_MIRRORS, default /work/.mirror/<owner>+<name>/repo, or clone it yourself:
// `git clone --bare https://github.com/<owner>/<name> <dir>`).
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { corpusDir } from '../corpus.mjs';
import { offlineManifest } from './rs-oracle.mjs';

const MIRRORS = process.env.SCOUT_MIRRORS ?? '/work/.mirror';

export const corpora = {
  zod: { repo: 'colinhacks/zod', commit: 'e516c3baf22615e20934116abebfed6c000222c2', lang: 'ts', paths: ['packages/zod/src'] },
  hono: { repo: 'honojs/hono', commit: '28a9c128912de19f3fb28b00ae289c9b93f6f392', lang: 'ts', paths: ['src'] },
  xstate: { repo: 'statelyai/xstate', commit: 'b1811bf77bc2d1a74367328cec7907aa185b70df', lang: 'ts', paths: ['packages/core/src'] },
  typeorm: { repo: 'typeorm/typeorm', commit: '281bfba42a5813b106bcf5ba79bc7f7251bd1e73', lang: 'ts', paths: ['src'] },
  pytest: { repo: 'pytest-dev/pytest', commit: 'df87db7b0462fb764ef73fa00561adf8ad047572', lang: 'py', paths: ['src'] },
  click: { repo: 'pallets/click', commit: '2c8cd3ac958a7eb316d67f2d316c27086c4c0369', lang: 'py', paths: ['src'] },
  // Rust: crates with no required dependency (optional and dev ones are dropped from the manifest by prepare(),
  // so `cargo check --offline` needs no registry).
  'regex-syntax': { repo: 'rust-lang/regex', commit: '2b527599eb9eea0dcc288c704584f242f26a5c61', lang: 'rs', paths: ['regex-syntax/Cargo.toml', 'regex-syntax/src'] },
  'regex-lite': { repo: 'rust-lang/regex', commit: '2b527599eb9eea0dcc288c704584f242f26a5c61', lang: 'rs', paths: ['regex-lite/Cargo.toml', 'regex-lite/src'] },
  semver: { repo: 'dtolnay/semver', commit: '8591f2344b52b31d85b538de58b76a676fe9ff90', lang: 'rs', paths: ['Cargo.toml', 'build.rs', 'src'] },
  log: { repo: 'rust-lang/log', commit: '037d7a58f6ad184abb3afc4db81d37c43a5696ec', lang: 'rs', paths: ['Cargo.toml', 'src'] },
  // Haskell: packages whose library needs only packages bundled with GHC 9.0.2 (base, mtl, bytestring, text,
  // deepseq, ghc-prim); `sourceDirs` and `ghcFlags` are copied by hand from their .cabal file, for the oracle.
  parsec: { repo: 'haskell/parsec', commit: 'b87122c1c74b8240e65044a8f600f0427d4dd9c3', lang: 'hs', paths: ['parsec.cabal', 'src'], sourceDirs: ['src'], ghcFlags: ['-XHaskell2010'] },
  pretty: { repo: 'haskell/pretty', commit: '8242bafa5d1be423f1404e73bc2e83e3022e95f1', lang: 'hs', paths: ['pretty.cabal', 'src'], sourceDirs: ['src'], ghcFlags: ['-XHaskell98', '-XCPP', '-XBangPatterns', '-XDeriveGeneric'] },
  // Java: libraries whose main sources compile with the JDK alone (gson's errorprone annotations are missing:
  // their users fail in the baseline only); `sourceDirs`: the source roots javac is given (java-oracle.mjs).
  gson: { repo: 'google/gson', commit: '9835b6f90192f79cdf5300c528fc6212455fb6c1', lang: 'java', paths: ['gson/src/main/java'], sourceDirs: ['gson/src/main/java'] },
  javapoet: { repo: 'square/javapoet', commit: 'b9017a9503b76e11b4ad4c1a9f050e2d29112cb0', lang: 'java', paths: ['src/main/java'], sourceDirs: ['src/main/java'] },
  // jenetics v7.2.0 (Java 17: switch expressions, sealed classes): the core library and two modules built on it.
  // Go: modules with no dependency (go builds them offline), whose go.mod Debian's go 1.19 builds; the change-kinds
  // benchmark's corpora (bench/change-kinds/run-compiled.mjs). toml is pinned at v1.5.0 (later ones need go 1.21).
  mux: { repo: 'gorilla/mux', commit: 'db9d1d0073d27a0a2d9a8c1bc52aa0af4374d265', lang: 'go', paths: ['.'] },
  pflag: { repo: 'spf13/pflag', commit: '5fdac2d16c16d60605cb8baa887e8c5c38ef623f', lang: 'go', paths: ['.'] },
  // Its toml-test runner embeds `tests/`, which the corpus leaves out: it and the commands built on it are left out too.
  toml: { repo: 'BurntSushi/toml', commit: 'd97def528e83313822a9f98946334ffccd542bdf', lang: 'go', paths: ['.'], exclude: ['internal/toml-test', 'cmd/toml-test-*'] },
  // C and C++: libraries that compile with clang alone (no configure step); `compile` is the compilation database
  // prepare() writes as compile_commands.json (the units and their flags, as a CMake build of the library would),
  // read by scout's checker and by the bench's oracle alike (bench/change-kinds/clang-oracle.mjs).
  lua: { repo: 'lua/lua', commit: '53b41d0cddd80bf33fdc631bdd32e3ba53842b89', lang: 'c', paths: ['.'], exclude: ['testes', 'manual', 'onelua.c'], compile: { units: /^[^/]+\.c$/, flags: ['-std=c99', '-DLUA_USE_LINUX'] } },
  zlib: { repo: 'madler/zlib', commit: 'd201f04c72b0881220f5ba75ca19fd0e19fa848b', lang: 'c', paths: ['.'], exclude: ['contrib', 'examples', 'win32', 'amiga', 'msdos', 'nintendods', 'old', 'os400', 'qnx', 'watcom', 'doc'], compile: { units: /^[^/]+\.c$/, flags: ['-I.'] } },
  'yaml-cpp': { repo: 'jbeder/yaml-cpp', commit: 'c3f81127320662deb3e28f4da0a511f1faecd860', lang: 'cpp', paths: ['include', 'src'], compile: { units: /^src\/.*\.cpp$/, flags: ['-std=c++17', '-Iinclude', '-Isrc'] } },
  fmt: { repo: 'fmtlib/fmt', commit: '60ccad511fd680cb91d8b60a315759f71c67bef9', lang: 'cpp', paths: ['include', 'src'], exclude: ['src/fmt.cc'], compile: { units: /^src\/.*\.cc$/, flags: ['-std=c++17', '-Iinclude'] } },
  jenetics: { repo: 'jenetics/jenetics', commit: '6431890ee1ea9a1dcc39a6d0bc7463d223f9fef5', lang: 'java', paths: ['jenetics/src/main/java', 'jenetics.ext/src/main/java', 'jenetics.prog/src/main/java'], sourceDirs: ['jenetics/src/main/java', 'jenetics.ext/src/main/java', 'jenetics.prog/src/main/java'] },
};

// Tests are left out (they are not what a variant breaks in a library, and they double the check time).
const EXCLUDE = ['*_test.go', '*/tests/*', '*/test/*', '*/__tests__/*', '*.test.ts', '*.test.tsx', '*.spec.ts', '*/testing/*'];

export function mirrorOf(c) {
  return path.join(MIRRORS, c.repo.replace('/', '+'), 'repo');
}

/** bench/corpus/rnd-<name>: the pinned commit's folders (a git repository, so scout sees a commit). */
export function prepare(name) {
  const c = corpora[name];
  const dir = path.join(corpusDir, `rnd-${name}`);
  if (existsSync(path.join(dir, '.scout-rnd-commit'))) return dir;
  mkdirSync(dir, { recursive: true });
  const excludes = [...EXCLUDE, ...(c.exclude ?? [])].map((e) => `--exclude='${e}'`).join(' ');
  execSync(`git --git-dir='${mirrorOf(c)}' archive ${c.commit} ${c.paths.join(' ')} | tar -x ${excludes} -C '${dir}'`, { stdio: 'inherit', shell: '/bin/bash' });
  if (c.compile) writeFileSync(path.join(dir, 'compile_commands.json'), compilationDatabase(dir, c.compile));
  if (c.lang === 'rs') {
    // What cargo needs offline: the manifest without optional and dev dependencies (see rs-oracle.mjs).
    for (const p of c.paths.filter((x) => x.endsWith('Cargo.toml'))) writeFileSync(path.join(dir, p), offlineManifest(readFileSync(path.join(dir, p), 'utf8')));
  }
  execSync('git init -q && git add -A && git -c user.email=bench@scout -c user.name=bench commit -qm corpus', { cwd: dir, stdio: 'inherit' });
  writeFileSync(path.join(dir, '.scout-rnd-commit'), `${c.repo}@${c.commit}\n`);
  return dir;
}

/** compile_commands.json for the files below `dir` that `compile.units` matches (relative paths), with its flags. */
function compilationDatabase(dir, compile) {
  const files = [];
  const walk = (d) => {
    for (const e of readdirSync(path.join(dir, d), { withFileTypes: true })) {
      const rel = d ? `${d}/${e.name}` : e.name;
      if (e.isDirectory()) { if (!e.name.startsWith('.')) walk(rel); } else if (compile.units.test(rel)) files.push(rel);
    }
  };
  walk('');
  const entries = files.sort().map((file) => ({ directory: dir, file, arguments: [file.endsWith('.c') ? 'clang' : 'clang++', ...compile.flags, '-c', file] }));
  return `${JSON.stringify(entries, null, 1)}\n`;
}
