// The Java side of the random whatbreaks benchmark: the eligible enums (and sealed types) of a corpus, and the
// oracle (javac on a copy of the corpus).
//
// Eligible (javaTargets): every `enum` declaration (top-level or nested, any visibility) and every `sealed`
// interface or class in the Java files of the corpus's source directories (corpora.mjs `sourceDirs`;
// `module-info.java` left out), found in a tree-sitter parse (the grammar scout ships); the target is the simple
// name, and names declared twice in a corpus are ambiguous. The edit, as scout's Java checker makes it
// (src/scout/java/variant-edit.ts), no line added: an enum gets `, SCOUT_NEW` right after its last constant (so
// `A, B;` becomes `A, B, SCOUT_NEW;`), or ` SCOUT_NEW` after the brace of an enum with none; a sealed type gets
// `, ScoutNew` after the last name of its `permits` list and `non-sealed abstract class ScoutNew implements|extends
// X {}` after the file's last character (a nested sealed type is left out: its class would need the outer path).
//
// The oracle (JavaOracle, a CopyOracle: compiler-oracle.mjs): javac over every source file of the corpus's
// source directories with the flags of scout's checker (src/scout/java/run-javac.ts: `--release 17
// --enable-preview -proc:none -implicit:none -nowarn -Xmaxerrs 10000 -encoding UTF-8
// -XDshould-stop.ifError=FLOW -XDshould-stop.ifNoError=FLOW`, `-d` a temp directory, the source directories on
// `-sourcepath`, an empty class path; `module-info.java` removed from the copy: one unnamed module, as scout's checker
// reads it); the code of an error is its message with what it quotes blanked; the baseline is
// checked once (dependencies not on disk, e.g. gson's errorprone annotations, fail there and only there); each
// target's file is edited in the copy, everything compiled again and the file restored. Errors new as a
// multiset of (file, line, message) are the breaking sites; those on the inserted text itself (a constant that
// does not implement the enum's abstract method) are about the edit and left out.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CopyOracle, markAmbiguous, newErrorSites, sourceFiles, treeSitterParser } from './compiler-oracle.mjs';

const NEW_CONSTANT = 'SCOUT_NEW';
const NEW_CLASS = 'ScoutNew';

const javaFiles = (dir) => sourceFiles(dir, '.java', 'target').filter((f) => path.basename(f) !== 'module-info.java');

const nameOf = (node) => node.childForFieldName('name')?.text;
const isSealed = (node) => node.namedChildren.some((c) => c.type === 'modifiers' && c.text.split(/\s+/).includes('sealed'));

/** Every enum and sealed type of the corpus: { target, file, line, kind, family, variants, exported, edits: [{ pos, insert }] }. */
export async function javaTargets(dir, sourceDirs) {
  const parser = await treeSitterParser('java');
  const targets = [];
  for (const abs of sourceDirs.flatMap((d) => javaFiles(path.join(dir, d)))) {
    const file = path.relative(dir, abs).split(path.sep).join('/');
    const text = readFileSync(abs, 'utf8');
    const tree = parser.parse(text);
    const visit = (node, nested) => {
      const exported = node.namedChildren.some((c) => c.type === 'modifiers' && /\bpublic\b/.test(c.text));
      if (node.type === 'enum_declaration' && !node.hasError) {
        const body = node.childForFieldName('body');
        const constants = body ? body.namedChildren.filter((c) => c.type === 'enum_constant') : [];
        const last = constants[constants.length - 1];
        if (body) {
          targets.push({
            target: nameOf(node), file, line: node.childForFieldName('name').startPosition.row + 1,
            kind: constants.some((c) => c.childForFieldName('body')) ? 'enum (constant bodies)' : 'enum', family: 'enum',
            variants: constants.map(nameOf), exported,
            edits: [last ? { pos: last.endIndex, insert: `, ${NEW_CONSTANT}` } : { pos: body.startIndex + 1, insert: ` ${NEW_CONSTANT}` }],
          });
        }
      } else if ((node.type === 'interface_declaration' || node.type === 'class_declaration') && isSealed(node) && !nested && !node.hasError) {
        const permits = node.childForFieldName('permits') ?? node.namedChildren.find((c) => c.type === 'permits');
        const listed = permits?.namedChildren.find((c) => c.type === 'type_list') ?? permits;
        const permitted = listed ? listed.namedChildren : [];
        const lastPermitted = permitted[permitted.length - 1];
        const edits = [];
        if (lastPermitted) edits.push({ pos: lastPermitted.endIndex, insert: `, ${NEW_CLASS}` });
        edits.push({ pos: text.length, insert: `${text.endsWith('\n') ? '' : ' '}non-sealed abstract class ${NEW_CLASS} ${node.type === 'interface_declaration' ? 'implements' : 'extends'} ${nameOf(node)} {}` });
        targets.push({ target: nameOf(node), file, line: node.childForFieldName('name').startPosition.row + 1, kind: `sealed ${node.type === 'interface_declaration' ? 'interface' : 'class'}`, family: 'tagged union', variants: permitted.map((p) => p.text), exported, edits });
      }
      const inType = nested || /(class|interface|enum|record)_declaration$/.test(node.type);
      for (const c of node.namedChildren) visit(c, inType);
    };
    visit(tree.rootNode, false);
    tree.delete();
  }
  return markAmbiguous(targets);
}

export function javacVersionString() {
  const r = spawnSync('javac', ['-version'], { encoding: 'utf8' });
  return (r.stdout || r.stderr).trim();
}

const FLAGS = ['--release', '17', '--enable-preview', '-proc:none', '-implicit:none', '-nowarn', '-Xmaxerrs', '10000', '-encoding', 'UTF-8', '-XDshould-stop.ifError=FLOW', '-XDshould-stop.ifNoError=FLOW'];
const HEADER = /^(.+?\.java):(\d+): (error|warning): (.*)$/;
const CARET = /^[ \t]*\^\s*$/;

/**
 * javac's plain output (`-XDrawDiagnostics` would print a base file name only): `file:line: error: message`,
 * the source line, a caret under the column (javac copies the line's tabs into it). The code: the message with
 * what it quotes blanked (it may quote the new constant).
 */
function parseJavac(output) {
  const out = [];
  let cur = null;
  for (const line of output.split(/\r?\n/)) {
    const h = HEADER.exec(line);
    if (h) {
      cur = h[3] === 'error' ? { file: h[1].split(path.sep).join('/'), line: Number(h[2]), column: 1, code: h[4].trim().replace(/'[^'\n]*'/g, "'…'").slice(0, 120), message: h[4].trim().slice(0, 300) } : null;
      if (cur) out.push(cur);
      continue;
    }
    if (cur && CARET.test(line)) { cur.column = line.indexOf('^') + 1; cur = null; }
  }
  return out;
}

export class JavaOracle extends CopyOracle {
  /** `c`: the corpus entry (its `sourceDirs`). */
  constructor(name, dir, c) {
    super('javac', name, dir, /[\\/](\.git|\.scout)$/);
    this.out = `${this.copy}-out`;
    this.beside.push(this.out);
    mkdirSync(path.join(this.out, 'classes'), { recursive: true });
    mkdirSync(path.join(this.out, 'empty'), { recursive: true });
    this.sourceDirs = c.sourceDirs;
    // The sources are one unnamed module, as scout's checker reads them: a module-info.java on the source path
    // would make javac resolve the modules it requires.
    for (const d of this.sourceDirs) rmSync(path.join(this.copy, d, 'module-info.java'), { force: true });
    this.files = this.sourceDirs.flatMap((d) => javaFiles(path.join(this.copy, d)).map((f) => path.relative(this.copy, f)));
    this.argFile = path.join(this.out, 'javac.args');
    const args = [...FLAGS, '-d', path.join(this.out, 'classes'), '-sourcepath', this.sourceDirs.join(path.delimiter), '-classpath', path.join(this.out, 'empty'), ...this.files];
    writeFileSync(this.argFile, `${args.map((a) => `"${a.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join('\n')}\n`);
    this.baseline = this.check();
  }

  /** CopyOracle.run with several edits (a sealed type: its `permits` list and the new class), applied last first. */
  run(t) {
    const t0 = performance.now();
    const file = path.join(this.copy, t.file);
    const text = readFileSync(file, 'utf8');
    const edits = [...t.edits].sort((a, b) => b.pos - a.pos);
    let edited = text;
    for (const e of edits) edited = edited.slice(0, e.pos) + e.insert + edited.slice(e.pos);
    writeFileSync(file, edited);
    let diags;
    try { diags = this.check(); } finally { writeFileSync(file, text); }
    // Each inserted text's line and columns in the edited file (1-based; the edits are ASCII, add no line).
    const spans = [];
    let shift = 0;
    for (const e of [...edits].reverse()) {
      const before = edited.slice(0, e.pos + shift);
      spans.push({ line: before.split('\n').length, col: before.length - before.lastIndexOf('\n'), len: e.insert.length });
      shift += e.insert.length;
    }
    const onEdit = (d) => d.file === t.file && spans.some((s) => d.line === s.line && d.column >= s.col && d.column < s.col + s.len);
    const errorSites = newErrorSites(diags, this.baseline, onEdit);
    return { target: t.target, file: t.file, line: t.line, kind: t.kind, variants: t.variants, edit: t.edits.map((e) => e.insert.trim()).join(' … '), ms: Math.round(performance.now() - t0), errorSites };
  }

  check() {
    const env = { ...process.env, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' };
    delete env.JAVA_TOOL_OPTIONS; delete env._JAVA_OPTIONS; delete env.JDK_JAVA_OPTIONS;
    const r = spawnSync('javac', ['-J-Duser.language=en', '-J-Duser.country=US', '-J-XX:+UseSerialGC', '-J-XX:TieredStopAtLevel=1', `@${this.argFile}`], { cwd: this.copy, encoding: 'utf8', maxBuffer: 256 << 20, env });
    const out = parseJavac(`${r.stderr}\n${r.stdout}`);
    if (r.status !== 0 && !out.length) throw new Error(`javac did not run: ${(r.stderr || r.error?.message || '').slice(0, 300)}`);
    return out;
  }
}
