/** Lines of repository files, read once per exploration. */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export class FileCache {
  private readonly lines = new Map<string, string[]>();
  constructor(private readonly root: string) {}

  line(file: string, line: number): string {
    return this.read(file)[line - 1] ?? '';
  }

  snippet(file: string, line: number, radius: number): { snippet: string; startLine: number } {
    const lines = this.read(file);
    const start = Math.max(1, line - radius);
    return { snippet: lines.slice(start - 1, line + radius).join('\n'), startLine: start };
  }

  private read(file: string): string[] {
    let lines = this.lines.get(file);
    if (!lines) {
      try {
        lines = readFileSync(path.join(this.root, file), 'utf8').split('\n');
      } catch {
        lines = [];
      }
      this.lines.set(file, lines);
    }
    return lines;
  }
}
