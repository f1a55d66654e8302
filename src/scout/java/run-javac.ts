/**
 * One javac run over the shadow project, in a child process of its own process group (killed at the
 * deadline, raising CheckTimeout, or when the request is aborted). Type checking only, to the end of flow
 * analysis, whatever fails on the way:
 * - `-XDshould-stop.ifError=FLOW`: by default javac stops after attribution once any file has an error, so
 *   in a project with one missing dependency it would never report a `switch` expression that stops covering
 *   its enum (flow analysis reports that); with it every file is analysed to the end (parse errors too);
 * - `-XDshould-stop.ifNoError=FLOW`: no class file is generated (only the diagnostics are wanted);
 * - `--release <javac's own version> --enable-preview`: the newest language javac knows, preview features
 *   on, so that javac 17 checks pattern `switch`es over sealed types (a preview feature in 17) instead of
 *   rejecting them before and after the edit alike;
 * - `-proc:none` (no annotation processor runs), `-nowarn`, `-Xmaxerrs 10000`, `-encoding UTF-8`, English
 *   messages, `-implicit:none`, `-d` a directory of the checker's own.
 * The files are passed in an argument file (a large project's list would pass the command line's limit).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { boundedRun, type ChildOutput, versionOnce } from '../verify/bounded-child.js';
import { Refusal } from '../verify/checker-template.js';

/** javac cannot check this project here; `reason` says why and how to fix it. */
export class JavacUnavailable extends Refusal {
  constructor(reason: string) {
    super(reason);
    this.name = 'JavacUnavailable';
  }
}

export const INSTALL_JAVAC = 'javac is not on PATH: install a JDK (`apt-get install openjdk-17-jdk-headless`, or https://adoptium.net) so that `javac` runs, and ask again';

/** `javac -version` (`17.0.15`), asked once per process; `unavailable` without javac (it prints on stdout since JDK 9). */
export const javacVersion = versionOnce('javac', ['-version'], (out) => /javac\s+(\S+)/.exec(out)?.[1] ?? 'unavailable');

/** The language level javac is asked for: its own feature release (`17` for 17.0.15, `1.8` gives 8). */
export function releaseOf(version: string): string {
  const m = /^(?:1\.)?(\d+)/.exec(version);
  return m?.[1] ?? '17';
}

/** Preview features exist from JDK 12 on (`--enable-preview` is refused before). */
const PREVIEW_FROM = 12;

export function javacFlags(version: string): string[] {
  const release = releaseOf(version);
  return [
    '--release',
    release,
    ...(Number(release) >= PREVIEW_FROM ? ['--enable-preview'] : []),
    '-proc:none',
    '-implicit:none',
    '-nowarn',
    '-Xmaxerrs',
    '10000',
    '-encoding',
    'UTF-8',
    '-XDshould-stop.ifError=FLOW',
    '-XDshould-stop.ifNoError=FLOW',
  ];
}

export interface JavacRun {
  /** The directory javac runs in (the shadow project): files are given relative to it, and reported so. */
  dir: string;
  /** Project-relative sources to check, and the source roots and jars (project-relative). */
  files: readonly string[];
  sourceRoots: readonly string[];
  jars: readonly string[];
  /** A directory of the checker's own, for the argument file and `-d`. */
  workDir: string;
  version: string;
  deadline: number;
  started: number;
  signal?: AbortSignal;
}

/** An empty directory of the checker's own: a search path that finds nothing (an empty class path would be the working directory). */
function emptyDir(workDir: string): string {
  const dir = path.join(workDir, 'empty');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** An argument file's line: quoted, with javac's escapes. */
const quoted = (arg: string): string => `"${arg.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

export function javacArgs(run: Pick<JavacRun, 'files' | 'sourceRoots' | 'jars' | 'workDir' | 'version'>): string[] {
  return [
    ...javacFlags(run.version),
    '-d',
    path.join(run.workDir, 'classes'),
    // Without source roots (every source named) javac must not look a class up by file name anywhere (a class
    // removed or renamed in a file would be reported once as a 'bad source file', and its other uses not at all).
    '-sourcepath',
    run.sourceRoots.length > 0 ? run.sourceRoots.join(path.delimiter) : emptyDir(run.workDir),
    '-classpath',
    run.jars.length > 0 ? run.jars.join(path.delimiter) : emptyDir(run.workDir),
    ...run.files,
  ];
}

export function runJavac(run: JavacRun): Promise<ChildOutput> {
  const argFile = path.join(run.workDir, 'javac.args');
  writeFileSync(argFile, `${javacArgs(run).map(quoted).join('\n')}\n`);
  // The user's JVM options would change what javac prints (`Picked up JAVA_TOOL_OPTIONS`), or its language.
  const env: NodeJS.ProcessEnv = { ...process.env, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' };
  delete env.JAVA_TOOL_OPTIONS;
  delete env._JAVA_OPTIONS;
  delete env.JDK_JAVA_OPTIONS;
  return boundedRun(
    'javac',
    ['-J-Duser.language=en', '-J-Duser.country=US', '-J-Dfile.encoding=UTF-8', '-J-Dstderr.encoding=UTF-8', '-J-Dsun.stderr.encoding=UTF-8', '-J-XX:+UseSerialGC', '-J-XX:TieredStopAtLevel=1', `@${argFile}`],
    { cwd: run.dir, detached: true, env },
    run,
    (error) => (error.code === 'ENOENT' ? new JavacUnavailable(INSTALL_JAVAC) : error),
  );
}
