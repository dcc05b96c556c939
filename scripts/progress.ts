/**
 * One status line for the command-line tools: rewritten in place on a terminal (`\r`), and on
 * anything else (a log file, CI) only the finished lines, one each.
 */
export class ProgressLine {
  private shown = false;

  constructor(private readonly stream: NodeJS.WriteStream = process.stdout) {}

  /** Replaces the line in progress (nothing when the output is not a terminal). */
  update(text: string): void {
    if (!this.stream.isTTY) return;
    this.stream.write(`\r\x1b[2K${text}`);
    this.shown = true;
  }

  /** Writes a finished line (over the line in progress, on a terminal). */
  done(text: string): void {
    this.stream.write(`${this.stream.isTTY && this.shown ? '\r\x1b[2K' : ''}${text}\n`);
    this.shown = false;
  }

  /** Leaves the line in progress as it is, on a line of its own (before an error is printed). */
  end(): void {
    if (this.shown) this.stream.write('\n');
    this.shown = false;
  }
}

export const count = (n: number): string => n.toLocaleString('en-IN');

export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
