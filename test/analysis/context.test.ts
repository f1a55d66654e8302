import { cpSync, existsSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { getContext } from '../../src/analysis/context.js';
import { getGitContext, normalizeRemoteUrl } from '../../src/analysis/git-context.js';
import { detectProject } from '../../src/analysis/project-type.js';
import { formatContext, runContextCommand } from '../../src/cli/context-command.js';
import { indexRepository } from '../../src/index/indexer.js';
import { SqliteStore } from '../../src/index/store.js';
import { tempRepo, type TempRepo } from '../helpers/temp-repo.js';

let repo: TempRepo | undefined;
let store: SqliteStore | undefined;
afterEach(() => {
  store?.close();
  store = undefined;
  repo?.cleanup();
  repo = undefined;
});

const AUTHOR = ['-c', 'user.name=Ada Lovelace', '-c', 'user.email=ada@example.com'];

/** Bump mtime so an edit within the same millisecond still looks changed. */
function touchLater(r: TempRepo, rel: string, seconds = 5): void {
  const when = new Date(Date.now() + seconds * 1000);
  utimesSync(path.join(r.root, rel), when, when);
}

describe('git context', () => {
  it('reports branch, last commit and a remote without its credentials', () => {
    repo = tempRepo({ fixture: 'typescript', git: true });
    repo.git('checkout', '-q', '-b', 'feature/router');
    repo.write('src/extra.ts', 'export const x = 1;\n');
    repo.git(...AUTHOR, 'add', '-A');
    repo.git(...AUTHOR, 'commit', '-q', '-m', 'Add extra constant\n\nA longer body that must not appear.', '--date=2024-03-05T10:00:00');
    repo.git('remote', 'add', 'origin', 'https://alice:ghp_SECRET123@github.com/acme/widget.git');

    const git = getGitContext(repo.root);
    expect(git.remote).toBe('github.com/acme/widget');
    expect(git.repo_name).toBe('widget');
    expect(git.branch).toBe('feature/router');
    expect(git.detached).toBe(false);
    expect(git.last_commit).toEqual({
      hash: repo.git('rev-parse', '--short', 'HEAD').trim(),
      message: 'Add extra constant',
      author: 'Ada Lovelace',
      date: '2024-03-05',
    });
    expect(git.note).toBeUndefined();
    const text = JSON.stringify(git);
    expect(text).not.toContain('SECRET');
    expect(text).not.toContain('alice');
  });

  it('prefers origin over other remotes and names the repo after the directory without one', () => {
    repo = tempRepo({ git: true });
    expect(getGitContext(repo.root).repo_name).toBe(path.basename(repo.root));
    expect(getGitContext(repo.root).remote).toBeNull();
    repo.git('remote', 'add', 'upstream', 'git@gitlab.com:other/fork.git');
    repo.git('remote', 'add', 'origin', 'ssh://git@example.org:2222/team/tool.git');
    expect(getGitContext(repo.root).remote).toBe('example.org/team/tool');
  });

  it('says so when HEAD is detached', () => {
    repo = tempRepo({ fixture: 'typescript', git: true });
    repo.git('checkout', '-q', '--detach');
    const git = getGitContext(repo.root);
    expect(git.branch).toBeNull();
    expect(git.detached).toBe(true);
    expect(git.note).toMatch(/detached/);
    expect(git.last_commit?.message).toBe('init');
  });

  it('returns nulls with a note outside a repository and without git, never throwing', () => {
    repo = tempRepo({ fixture: 'typescript' });
    const outside = getGitContext(repo.root);
    expect(outside).toMatchObject({ repo_name: path.basename(repo.root), branch: null, detached: false, remote: null, last_commit: null });
    expect(outside.note).toMatch(/not a git repository/);

    const noGit = getGitContext(repo.root, { gitBinary: path.join(repo.root, 'no-such-git') });
    expect(noGit.branch).toBeNull();
    expect(noGit.note).toMatch(/git not found/);
  });

  it('notes a repository without commits', () => {
    repo = tempRepo();
    repo.git('init', '-q');
    const git = getGitContext(repo.root);
    expect(git.last_commit).toBeNull();
    expect(git.branch).not.toBeNull(); // an unborn branch still has a name
    expect(git.note).toBe('no commits yet');
  });
});

describe('normalizeRemoteUrl', () => {
  it.each([
    ['https://github.com/acme/widget.git', 'github.com/acme/widget'],
    ['https://x-access-token:ghs_abc@github.com/acme/widget', 'github.com/acme/widget'],
    ['https://user:p@ss@host.example/acme/widget.git', 'host.example/acme/widget'],
    ['http://gitlab.local:8080/group/sub/proj.git?private_token=glpat-xyz#frag', 'gitlab.local/group/sub/proj'],
    ['git@github.com:acme/widget.git', 'github.com/acme/widget'],
    ['deploy:tok3n@bitbucket.org:team/repo.git', 'bitbucket.org/team/repo'],
    ['ssh://git@example.org:2222/team/tool.git', 'example.org/team/tool'],
    ['file:///srv/git/project.git', '/srv/git/project.git'],
    ['/srv/git/project.git', '/srv/git/project.git'],
  ])('%s → %s', (url, expected) => {
    const normalized = normalizeRemoteUrl(url);
    expect(normalized).toBe(expected);
    expect(normalized).not.toMatch(/tok|ghs_|glpat|p@ss|private_token/);
  });
});

describe('project type and entry points', () => {
  it('reads a TypeScript Node CLI + library, mapping built paths to sources that exist', () => {
    repo = tempRepo();
    repo.write('package.json', JSON.stringify({
      name: '@acme/tool',
      type: 'module',
      bin: { tool: 'dist/cli.js', missing: 'dist/gone.js' },
      main: 'dist/index.js',
      exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' } },
      devDependencies: { typescript: '5.0.0' },
    }));
    repo.write('tsconfig.json', '{\n  // comments are allowed\n  "compilerOptions": { "outDir": "dist", "rootDir": "src", },\n}\n');
    repo.write('src/cli.ts', 'console.log(1);\n');
    repo.write('src/index.ts', 'export {};\n');
    const info = detectProject(repo.root);
    expect(info.projects).toEqual([
      { manifest: 'package.json', name: '@acme/tool', type: 'TypeScript/Node CLI + library (ESM)', entry_points: ['src/cli.ts', 'src/index.ts'] },
    ]);
    expect(info.project_type).toBe('TypeScript/Node CLI + library (ESM)');
  });

  it('reads Python (pyproject scripts, setup.py), Go, Rust, Cabal and Maven manifests', () => {
    repo = tempRepo();
    repo.write('py/pyproject.toml', '[project]\nname = "acme-tool"  # comment\n\n[project.scripts]\nacme = "acme_tool.cli:main"\n');
    repo.write('py/src/acme_tool/__init__.py', '');
    repo.write('py/src/acme_tool/cli.py', 'def main(): pass\n');
    repo.write('legacy/setup.py', "from setuptools import setup\nsetup(name='legacy', entry_points={'console_scripts': ['legacy = legacy.main:run']})\n");
    repo.write('legacy/legacy/main.py', 'def run(): pass\n');
    repo.write('go/go.mod', 'module example.com/acme/svc\n\ngo 1.22\n');
    repo.write('go/cmd/server/main.go', 'package main\n');
    repo.write('go/cmd/worker/main.go', 'package main\n');
    repo.write('go/cmd/nomain/README', '');
    repo.write('rs/Cargo.toml', '[package]\nname = "acme"\n\n[[bin]]\nname = "acme-cli"\npath = "src/bin/cli.rs"\n\n[[bin]]\nname = "ghost"\n');
    repo.write('rs/src/bin/cli.rs', 'fn main() {}\n');
    repo.write('rs/src/lib.rs', 'pub fn f() {}\n');
    repo.write('hs/acme.cabal', [
      'cabal-version: 2.4',
      'name:          acme',
      'library',
      '  exposed-modules: Acme.Core',
      '                   Acme.Missing',
      '  hs-source-dirs:  src',
      'executable acme',
      '  main-is:        Main.hs',
      '  hs-source-dirs: app',
      'test-suite spec',
      '  main-is:        Spec.hs',
      '',
    ].join('\n'));
    repo.write('hs/src/Acme/Core.hs', 'module Acme.Core where\n');
    repo.write('hs/app/Main.hs', 'main = pure ()\n');
    repo.write('java/pom.xml', '<project><parent><artifactId>parent</artifactId></parent><artifactId>app</artifactId><build><plugins><plugin><configuration><mainClass>com.acme.App</mainClass></configuration></plugin></plugins></build></project>');
    repo.write('java/src/main/java/com/acme/App.java', 'class App {}\n');

    const byManifest = new Map(detectProject(repo.root).projects.map((p) => [p.manifest, p]));
    expect(byManifest.get('py/pyproject.toml')).toEqual({ manifest: 'py/pyproject.toml', name: 'acme-tool', type: 'Python CLI', entry_points: ['py/src/acme_tool/cli.py'] });
    expect(byManifest.get('legacy/setup.py')).toMatchObject({ name: 'legacy', type: 'Python CLI', entry_points: ['legacy/legacy/main.py'] });
    expect(byManifest.get('go/go.mod')).toEqual({ manifest: 'go/go.mod', name: 'example.com/acme/svc', type: 'Go program', entry_points: ['go/cmd/server/main.go', 'go/cmd/worker/main.go'] });
    expect(byManifest.get('rs/Cargo.toml')).toEqual({ manifest: 'rs/Cargo.toml', name: 'acme', type: 'Rust binary + library', entry_points: ['rs/src/bin/cli.rs', 'rs/src/lib.rs'] });
    expect(byManifest.get('hs/acme.cabal')).toEqual({ manifest: 'hs/acme.cabal', name: 'acme', type: 'Haskell executable + library', entry_points: ['hs/app/Main.hs', 'hs/src/Acme/Core.hs'] });
    expect(byManifest.get('java/pom.xml')).toEqual({ manifest: 'java/pom.xml', name: 'app', type: 'Java/Maven application', entry_points: ['java/src/main/java/com/acme/App.java'] });
    for (const p of byManifest.values()) for (const e of p.entry_points) expect(existsSync(path.join(repo.root, e)), e).toBe(true);
  });

  it('lists each manifest of a monorepo and counts the ones under excluded paths', () => {
    repo = tempRepo();
    repo.write('package.json', JSON.stringify({ name: 'root', private: true }));
    repo.write('packages/a/package.json', JSON.stringify({ name: 'a', main: 'index.js' }));
    repo.write('packages/a/index.js', '');
    repo.write('packages/b/package.json', JSON.stringify({ name: 'b', bin: 'cli.js' }));
    repo.write('packages/b/cli.js', '');
    repo.write('examples/demo/package.json', JSON.stringify({ name: 'demo' }));
    repo.write('node_modules/dep/package.json', JSON.stringify({ name: 'dep' }));
    const info = detectProject(repo.root, { exclude: ['examples/'] });
    expect(info.projects.map((p) => p.manifest)).toEqual(['package.json', 'packages/a/package.json', 'packages/b/package.json']);
    expect(info.project_type).toBe('JavaScript/Node package + JavaScript/Node library + JavaScript/Node CLI');
    expect(info.entry_points).toEqual(['packages/a/index.js', 'packages/b/cli.js']);
    expect(info.excluded_manifests).toEqual(['examples/demo/package.json']);
  });

  it('says nothing when there is no manifest', () => {
    repo = tempRepo({ fixture: 'go' });
    expect(detectProject(repo.root)).toEqual({ project_type: null, projects: [], entry_points: [], excluded_manifests: [] });
  });
});

describe('getContext', () => {
  it('reports not indexed, fresh, then stale after an edit, without reindexing', async () => {
    repo = tempRepo({ fixture: 'typescript', git: true });
    repo.write('package.json', JSON.stringify({ name: 'fixture', type: 'module' }));
    store = SqliteStore.open(repo.root);

    const before = getContext(repo.root, store);
    expect(before.index_status).toBe('not_indexed');
    expect(before.stale_files).toBeNull();
    expect(before.notes.join(' ')).toMatch(/not indexed/);

    await indexRepository(repo.root, store);
    const fresh = getContext(repo.root, store);
    expect(fresh.index_status).toBe('fresh');
    expect(fresh.stale_files).toBe(0);
    expect(fresh.project_type).toBe('JavaScript/Node package (ESM)');
    expect(fresh.languages.map((l) => l.language)).toEqual(['typescript', 'javascript']);

    repo.write('src/kinds.ts', 'export enum LLMKind { OpenAI }\n');
    touchLater(repo, 'src/kinds.ts');
    repo.write('src/added.ts', 'export const added = 1;\n');
    const stale = getContext(repo.root, store);
    expect(stale.index_status).toBe('stale');
    expect(stale.stale_files).toBe(2);
    // Reporting must not have refreshed anything: the check still sees the same changes.
    expect(getContext(repo.root, store).stale_files).toBe(2);
  });

  it('keeps the top 3 languages by lines and says how many more there are', async () => {
    repo = tempRepo({ git: true });
    const lines = (n: number, line: string): string => `${line}\n`.repeat(n);
    repo.write('a.py', lines(40, 'x = 1'));
    repo.write('b.go', `package b\n${lines(30, '// c')}`);
    repo.write('c.ts', lines(50, 'export const y = 1;'));
    repo.write('d.rs', lines(5, '// c'));
    store = SqliteStore.open(repo.root);
    await indexRepository(repo.root, store);
    const context = getContext(repo.root, store);
    expect(context.languages.map((l) => l.language)).toEqual(['typescript', 'python', 'go']);
    expect(context.languages[0]).toEqual({ language: 'typescript', files: 1, lines: 50 });
    expect(context.notes).toContain('1 more language(s) indexed');
  });

  it('stays small on the bundled example repository', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'scout-context-'));
    try {
      cpSync(path.resolve('examples/llm-router'), root, { recursive: true, filter: (src) => path.basename(src) !== '.scout' });
      store = SqliteStore.open(root);
      await indexRepository(root, store);
      const context = getContext(root, store);
      expect(context.entry_points).toEqual(['src/index.ts']);
      expect(context.project_type).toBe('TypeScript/Node package (ESM)');
      expect(JSON.stringify(context).length).toBeLessThan(1000);
    } finally {
      store?.close();
      store = undefined;
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('runContextCommand opens and closes the index without building it', () => {
    repo = tempRepo({ fixture: 'typescript', git: true });
    repo.git('remote', 'add', 'origin', 'https://bob:hunter2@example.com/team/app.git');
    const result = runContextCommand(repo.root);
    expect(result.index_status).toBe('not_indexed');
    const text = formatContext(result);
    expect(text).toContain('example.com/team/app');
    expect(text).toContain('not indexed');
    expect(text).not.toContain('hunter2');
    store = SqliteStore.open(repo.root);
    expect(store.counts().files).toBe(0);
  });
});
