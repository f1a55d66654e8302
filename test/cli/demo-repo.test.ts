import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareDemoRepository } from '../../src/cli/demo-repo.js';
import { DEFAULT_CONFIG } from '../../src/core/config.js';
import { walkRepository } from '../../src/workspace/walk.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'scout-demo-repo-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function fakePackage(pkgRoot: string): void {
  const example = path.join(pkgRoot, 'examples', 'llm-router');
  mkdirSync(path.join(example, 'src'), { recursive: true });
  mkdirSync(path.join(example, '.scout'), { recursive: true });
  writeFileSync(path.join(example, 'src', 'kinds.ts'), 'export enum LLMKind { A = "a" }\n');
  writeFileSync(path.join(example, '.scout', 'index.db'), 'stale');
  writeFileSync(path.join(pkgRoot, 'package.json'), '{"name":"semantic-scout","version":"9.9.9"}\n');
}

describe('prepareDemoRepository', () => {
  it('uses the example in place in a checkout', () => {
    const pkgRoot = path.join(tempDir(), 'semantic-scout');
    fakePackage(pkgRoot);
    const demo = prepareDemoRepository(pkgRoot, path.join(tempDir(), 'cache'));
    expect(demo).toEqual({ root: path.join(pkgRoot, 'examples', 'llm-router'), note: null });
  });

  it('copies the example of an installed package to the cache, once, without its index, and says where', () => {
    const pkgRoot = path.join(tempDir(), 'app', 'node_modules', 'semantic-scout');
    fakePackage(pkgRoot);
    const cache = path.join(tempDir(), 'cache');
    const demo = prepareDemoRepository(pkgRoot, cache);
    expect(demo.root).toBe(path.join(cache, 'demo-9.9.9', 'llm-router'));
    expect(demo.note).toContain(demo.root);
    expect(existsSync(path.join(demo.root, 'src', 'kinds.ts'))).toBe(true);
    expect(existsSync(path.join(demo.root, '.scout'))).toBe(false);
    writeFileSync(path.join(demo.root, 'src', 'marker.ts'), '');
    expect(prepareDemoRepository(pkgRoot, cache).root).toBe(demo.root);
    expect(existsSync(path.join(demo.root, 'src', 'marker.ts'))).toBe(true); // reused, not copied again
  });

  it('says where the example was expected when it is missing', () => {
    const pkgRoot = path.join(tempDir(), 'node_modules', 'semantic-scout');
    mkdirSync(pkgRoot, { recursive: true });
    expect(() => prepareDemoRepository(pkgRoot, tempDir())).toThrow(/bundled example is missing: expected it at .*llm-router/);
  });
});

describe('walkRepository under node_modules', () => {
  it('indexes a root that lies under node_modules and skips the node_modules below it', () => {
    const root = path.join(tempDir(), 'node_modules', 'some-package');
    mkdirSync(path.join(root, 'src'), { recursive: true });
    mkdirSync(path.join(root, 'node_modules', 'dep'), { recursive: true });
    writeFileSync(path.join(root, 'src', 'a.ts'), 'export const a = 1;\n');
    writeFileSync(path.join(root, 'node_modules', 'dep', 'index.js'), 'module.exports = 1;\n');
    expect(walkRepository(root, DEFAULT_CONFIG).files.map((f) => f.path)).toEqual(['src/a.ts']);
  });
});
