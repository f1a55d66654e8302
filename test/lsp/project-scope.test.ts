/** pyright's `include`, read from its configuration, narrows where the readiness probe takes its name. */
import { afterEach, describe, expect, it } from 'vitest';
import { pyrightInclude } from '../../src/lsp/project-scope.js';
import { tempRepo, type TempRepo } from '../helpers/temp-repo.js';

let repo: TempRepo | undefined;
afterEach(() => repo?.cleanup());

describe('pyright include', () => {
  it('reads pyproject.toml [tool.pyright] include, up to the next table', () => {
    repo = tempRepo();
    repo.write('pyproject.toml', "[project]\nname = 'x'\n\n[tool.pyright]\ninclude = ['pydantic_core', \"tests/test_typing.py\"]\nstrict = ['a']\n\n[tool.other]\ninclude = ['nope']\n");
    expect(pyrightInclude(repo.root)).toEqual(['pydantic_core', 'tests/test_typing.py']);
  });

  it('reads pyrightconfig.json (comments allowed), cuts globs at their first wildcard, and a whole-root entry narrows nothing', () => {
    repo = tempRepo();
    repo.write('pyrightconfig.json', '{\n  // the package\n  "include": ["./src/pkg/", "tools/**/*.py"],\n}\n');
    expect(pyrightInclude(repo.root)).toEqual(['src/pkg', 'tools']);
    repo.write('pyrightconfig.json', '{ "include": ["src", "."] }');
    expect(pyrightInclude(repo.root)).toBeNull();
  });

  it('no configuration, or one without include, narrows nothing', () => {
    repo = tempRepo();
    expect(pyrightInclude(repo.root)).toBeNull();
    repo.write('pyproject.toml', '[tool.pyright]\nstrict = ["a"]\n');
    expect(pyrightInclude(repo.root)).toBeNull();
  });
});
