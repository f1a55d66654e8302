/**
 * The Python version a project's pyright configuration sets (`pythonVersion` in pyrightconfig.json or in
 * pyproject.toml's `[tool.pyright]`), read with a pattern rather than a JSON/TOML parser (pyrightconfig.json
 * allows comments and trailing commas). An edit needs it for one thing: whether `X | None` may be written
 * unquoted in an annotation (Python 3.10 and later), annotation-edit.ts.
 */
import { readInsideRoot } from '../../workspace/confine.js';

/** The minor version of `pythonVersion: "3.x"`, or undefined when the configuration sets none (pyright then uses the environment's). */
export function configuredPythonMinor(root: string): number | undefined {
  const json = readInsideRoot(root, 'pyrightconfig.json');
  const fromJson = json === null ? null : /"pythonVersion"\s*:\s*"3\.(\d+)/.exec(json);
  if (fromJson) return Number(fromJson[1]);
  const toml = readInsideRoot(root, 'pyproject.toml');
  const section = toml === null ? null : /^\[tool\.pyright\][^[]*/m.exec(toml)?.[0];
  const fromToml = section ? /^\s*pythonVersion\s*=\s*["']3\.(\d+)/m.exec(section) : null;
  return fromToml ? Number(fromToml[1]) : undefined;
}
