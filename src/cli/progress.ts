/** A one-line progress bar for TTYs: files done, files/s, ETA. Silent when stderr is not a TTY. */
export class ProgressBar {
  private readonly started = performance.now();
  private lastDraw = 0;
  private readonly enabled: boolean;

  constructor(private readonly label: string, stream: NodeJS.WriteStream = process.stderr) {
    this.enabled = Boolean(stream.isTTY);
    this.stream = stream;
  }

  private readonly stream: NodeJS.WriteStream;

  update(done: number, total: number): void {
    if (!this.enabled) return;
    const now = performance.now();
    if (now - this.lastDraw < 80 && done < total) return;
    this.lastDraw = now;
    const seconds = (now - this.started) / 1000;
    const rate = seconds > 0 ? done / seconds : 0;
    const eta = rate > 0 ? (total - done) / rate : 0;
    const width = 24;
    const filled = total > 0 ? Math.round((done / total) * width) : width;
    const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
    this.stream.write(`\r${this.label} ${bar} ${done}/${total} files  ${rate.toFixed(0)} files/s  ETA ${eta.toFixed(1)} s `);
  }

  finish(): void {
    if (this.enabled) this.stream.write('\r\x1b[2K');
  }
}
