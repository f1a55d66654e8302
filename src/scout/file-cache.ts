/** Lines of repository files, read once per exploration (never a file outside the root, even through a link). */
import { readInsideRoot } from '../workspace/confine.js';

export class FileCache {
  private readonly byFile = new Map<string, string[]>();
  constructor(private readonly root: string) {}

  line(file: string, line: number): string {
    return this.read(file)[line - 1] ?? '';
  }

  snippet(file: string, line: number, radius: number): { snippet: string; startLine: number } {
    const lines = this.read(file);
    const start = Math.max(1, line - radius);
    return { snippet: lines.slice(start - 1, line + radius).join('\n'), startLine: start };
  }

  /** Every line of a repository file ([] when it cannot be read inside the root). */
  lines(file: string): readonly string[] {
    return this.read(file);
  }

  private read(file: string): string[] {
    let lines = this.byFile.get(file);
    if (!lines) {
      lines = readInsideRoot(this.root, file)?.split('\n') ?? [];
      this.byFile.set(file, lines);
    }
    return lines;
  }
}
