/**
 * Between OUR coordinates (repository-relative path, 1-based line, 0-based UTF-16 column)
 * and LSP's (file URI, 0-based line, 0-based UTF-16 character). Line conversions go
 * through core/positions; columns are UTF-16 on both sides and pass through unchanged.
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Position, Range } from 'vscode-languageserver-protocol';
import { fromLspLine, toLspLine } from '../core/positions.js';
import { confineReal, isInside, realRoot, resolvesInside, toRelative } from '../workspace/confine.js';
import type { Location, SourcePosition } from './types.js';

export class PathMapper {
  readonly root: string;
  /** The root as given and its real path (servers may answer with either). */
  private readonly roots: string[];
  /**
   * Server results dropped so far because they lie outside the root, lexically or after resolving
   * symbolic links (a link inside the root that leads out): answers report the count, never the path.
   */
  droppedOutsideRoot = 0;
  /**
   * Of those, results behind a symbolic link inside the root that leads out (`src/x.ts -> /elsewhere`):
   * a server reads such files, and nothing it says about them may reach an answer.
   */
  droppedThroughLinks = 0;
  /** Real paths that links inside the root lead to (outside it); set by the owner from the walker's findings. */
  private escapeTargets: string[] = [];

  /** The root with its links resolved, computed once (every server location is checked against it). */
  private readonly realRoot: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.realRoot = realRoot(this.root);
    this.roots = this.realRoot === this.root ? [this.root] : [this.root, this.realRoot];
  }

  /** Absolute path of a caller's file; throws ScoutError PATH_OUTSIDE_ROOT when it escapes the root, also through a link. */
  absolute(file: string): string {
    return confineReal(this.root, file);
  }

  /** Repository-relative form of a caller's file (confined). */
  relative(file: string): string {
    return toRelative(this.root, this.absolute(file));
  }

  uri(file: string): string {
    return pathToFileURL(this.absolute(file)).href;
  }

  /** Repository-relative path of a URI, or null (counted) when it is not a file inside the root after resolving links. */
  fileOf(uri: string): string | null {
    if (!uri.startsWith('file:')) return null;
    let absolute: string;
    try {
      absolute = path.resolve(fileURLToPath(uri));
    } catch {
      return null;
    }
    for (const root of this.roots) {
      if (!isInside(root, absolute)) continue;
      // A server follows links: a path inside the root may still be a file outside it.
      if (resolvesInside(this.root, absolute, this.realRoot)) return toRelative(root, absolute);
      break;
    }
    this.droppedOutsideRoot += 1;
    if (this.leadsThroughLink(absolute)) this.droppedThroughLinks += 1;
    return null;
  }

  /**
   * Tell the mapper where links inside the root lead (absolute paths of the links; the walker lists
   * them as skipped). Their real targets are resolved now, so a server answering with the target's
   * real path is recognised.
   */
  setEscapingLinks(links: string[]): void {
    const targets: string[] = [];
    for (const link of links) {
      try {
        targets.push(realpathSync(link));
      } catch {
        // Gone or dangling: nothing can be read through it.
      }
    }
    this.escapeTargets = targets;
  }

  /**
   * True when a URI names a file outside the root that is reached through a link inside it: either
   * lexically inside the root but resolving outside, or the real path of an escaping link's target.
   * Library files outside the root (the bundled TypeScript lib, typeshed) are not.
   */
  leadsThroughLink(uriOrPath: string): boolean {
    let absolute: string;
    try {
      absolute = uriOrPath.startsWith('file:') ? fileURLToPath(uriOrPath) : path.resolve(uriOrPath);
    } catch {
      return false;
    }
    if (this.roots.some((root) => isInside(root, absolute))) return !resolvesInside(this.root, absolute, this.realRoot);
    let real = absolute;
    try {
      real = realpathSync(absolute);
    } catch {
      // A path that does not exist is judged as given.
    }
    return this.escapeTargets.some((target) => isInside(target, real) || isInside(target, absolute));
  }

  /** Our location for an LSP (uri, range), or null when outside the root. */
  location(uri: string, range: Range): Location | null {
    const file = this.fileOf(uri);
    return file === null ? null : { file, ...fromLspRange(range) };
  }
}

export function toLspPosition(position: SourcePosition): Position {
  return { line: toLspLine(position.line), character: position.column };
}

export function fromLspRange(range: Range): Omit<Location, 'file'> {
  return {
    line: fromLspLine(range.start.line),
    column: range.start.character,
    endLine: fromLspLine(range.end.line),
    endColumn: range.end.character,
  };
}
