/**
 * The Rust checker: `cargo check --offline` over a shadow copy of the crate, the Rust strategy of the compiler
 * checker template (verify/checker-template.ts: shadow, baseline, diff, places and pacing are there). For "add
 * a variant" it finds the enum the exploration found (by line, never by bare name) in a tree-sitter parse and
 * inserts a unit variant `__ScoutNew` before the closing brace without adding a line (rust/variant-edit.ts).
 * The crate, or its workspace (members may use the enum: rust/crate.ts), is mirrored into the user's cache
 * and cargo runs there with a persistent CARGO_TARGET_DIR beside it, so a second question on the crate is an
 * incremental check. When the edit produced errors, the unmodified crate is checked too, once (kept until a
 * Rust or Cargo file changes), and only the errors that are new count (rust/diagnostic-diff.ts): a `match`
 * that is no longer exhaustive (E0004), each with the function, method or const around it
 * (rust/enclosing-place.ts). The other change kinds (remove, rename, add a parameter or field, change a type,
 * make optional) are line-keeping edits of the same declaration (rust/change-edit.ts), checked the same way:
 * each use that stops compiling (E0425, E0061, E0063, E0308, ...) is a new error.
 *
 * What it cannot do, said in the refusal or failure: a crate whose dependencies are not downloaded (cargo runs
 * offline), a workspace cargo cannot load, no cargo on PATH. cargo runs the crate's build scripts and
 * procedural macros, as any `cargo check` does.
 */
import path from 'node:path';
import { byFile, type CompileRun, CompilerChecker, type CompilerStrategy, type Diagnostic } from '../verify/checker-template.js';
import { type CrateLocation, findCrate, listCrateFiles } from './crate.js';
import { rustErrorKey } from './diagnostic-diff.js';
import { rustPlaceAt } from './enclosing-place.js';
import { rustChangeEdit } from './change-edit.js';
import { cargoVersion, INSTALL_CARGO, runCargo } from './run-cargo.js';
import { enumVariantEdit, NEW_VARIANT, type RsEdit, withRustTree } from './variant-edit.js';

type Crate = CrateLocation & { dir: string };

/** cargo's errors with a span in the crate, as the template reads them. */
async function cargo(run: CompileRun<Crate, RsEdit>, edited: boolean): Promise<Diagnostic[]> {
  run.mirror(edited);
  const diags = await runCargo({ dir: run.shadow.dir, shownDir: run.project.dir || '.', targetDir: path.join(run.shadow.home, 'target'), workspace: run.project.workspace, ...run.budget });
  return diags.flatMap((d) => (d.span ? [{ ...d.span, code: d.code, message: d.message }] : []));
}

export const RUST: CompilerStrategy<Crate, RsEdit> = {
  name: 'cargo',
  files: /\.rs$/,
  shadow: { tool: 'cargo', copied: /(?:^|\/)Cargo\.(?:lock|toml)$/, noun: 'crate' },
  version: cargoVersion,
  install: INSTALL_CARGO,
  edit: enumVariantEdit,
  describe: (edit) => `variant ${NEW_VARIANT} added to enum ${edit.name}`,
  change: rustChangeEdit,
  findProject(root, file) {
    const found = findCrate(root, file);
    return found.ok ? { ok: true, project: { ...found.crate, dir: found.crate.checkDir } } : found;
  },
  listFiles: (root, crate) => listCrateFiles(root, crate.dir),
  flavour: (crate) => String(crate.workspace),
  baselineFirst: false,
  checkBaseline: async (run) => ({ byFile: byFile(run.map(await cargo(run, false), false)), state: null }),
  checkEdited: async (run) => ({ errors: run.map(await cargo(run, true), true), checkedFiles: run.tree.files.filter((f) => f.rel.endsWith('.rs')).length }),
  keyOf: rustErrorKey,
  placesIn: (text, rows) => withRustTree(text, (tree) => rows.map((row) => rustPlaceAt(tree, row))),
  headline: (crate) => `cargo check --offline${crate.workspace ? ' --workspace' : ''} on a shadow copy of ${crate.dir || 'the repository root'} (default features, library and binaries: tests and examples are not checked)`,
  onEditNote: (count) => `${count} error(s) on the inserted variant itself (a lint the crate denies, such as missing_docs, or a discriminant overflow) were left out: they are about the edit, not a break`,
};

export class RustChecker extends CompilerChecker<Crate, RsEdit> {
  constructor(options: { cacheDir?: string } = {}) {
    super(RUST, options);
  }
}
