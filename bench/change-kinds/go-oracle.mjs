// The Go oracle of the change-kinds benchmark: `go build` over every package of a copy of the corpus, offline,
// with every error of each package (`-gcflags=-e`), nothing written (`-o /dev/null`). Written here apart from
// scout's Go checker (src/scout/go/), with the same offline settings a user's machine without a module cache
// has. go compiles no `_test.go` file, and the corpus leaves tests out (corpora.mjs).
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { CopyOracle } from '../whatbreaks-random/compiler-oracle.mjs';

const ERROR = /^(\S+?\.go):(\d+):(\d+): (.*)$/;

export function goVersionString() {
  return (spawnSync('go', ['version'], { encoding: 'utf8' }).stdout || '').trim();
}

export class GoOracle extends CopyOracle {
  constructor(name, dir) {
    super('go', name, dir, /[\\/](\.git|\.scout)$/);
    this.baseline = this.check();
  }

  /** Errors { file, line, column, code, message }: file relative to the copy, code the message with quoted names blanked. */
  check() {
    const env = { ...process.env, GOPROXY: 'off', GOTOOLCHAIN: 'local', GOWORK: 'off', GOFLAGS: '-buildvcs=false', GO111MODULE: 'on', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' };
    const r = spawnSync('go', ['build', '-gcflags=-e', '-o', os.devNull, './...'], { cwd: this.copy, encoding: 'utf8', maxBuffer: 256 << 20, env });
    const out = [];
    for (const line of `${r.stderr}\n${r.stdout}`.split('\n')) {
      const m = ERROR.exec(line.trim());
      if (!m) continue;
      const abs = path.resolve(this.copy, m[1]);
      out.push({ file: path.relative(this.copy, abs).split(path.sep).join('/'), line: Number(m[2]), column: Number(m[3]), code: m[4].replace(/"[^"\n]*"/g, '"…"').slice(0, 160), message: m[4].slice(0, 300) });
    }
    if (r.status !== 0 && out.length === 0) throw new Error(`go build did not run: ${(r.stderr || r.error?.message || '').slice(0, 300)}`);
    return out;
  }
}
