/** Temporary repositories built from fixture files, so tests never write into test/fixtures. */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIXTURES } from './facts.js';

export interface TempRepo {
  root: string;
  write(rel: string, content: string | Buffer): void;
  remove(rel: string): void;
  git(...args: string[]): string;
  cleanup(): void;
}

export function tempRepo(options: { fixture?: string; git?: boolean } = {}): TempRepo {
  const root = mkdtempSync(path.join(os.tmpdir(), 'scout-test-'));
  if (options.fixture) {
    cpSync(path.join(FIXTURES, options.fixture), root, { recursive: true, filter: (src) => path.basename(src) !== '.scout' });
  }
  const repo: TempRepo = {
    root,
    write(rel, content) {
      mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      writeFileSync(path.join(root, rel), content);
    },
    remove(rel) {
      rmSync(path.join(root, rel), { force: true, recursive: true });
    },
    git(...args) {
      return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    },
    cleanup() {
      rmSync(root, { recursive: true, force: true });
    },
  };
  if (options.git) {
    repo.git('init', '-q');
    repo.git('-c', 'user.email=t@t', '-c', 'user.name=t', 'add', '-A');
    repo.git('-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'init', '--allow-empty');
  }
  return repo;
}
