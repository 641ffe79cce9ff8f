/**
 * For a figure fed both by pushes and by reads (a balance): a read answered after a figure was set since it was sent
 * may have been read before that figure's change committed, so it must not put its older figure back.
 */
export class FiguresSet {
  private count = 0;

  /** A figure was set (a push, or any answer newer than the reads out). */
  counted(): void {
    this.count++;
  }

  /** Call as a read is sent: the answer tells whether a figure has been set since, overtaking that read. */
  readSent(): () => boolean {
    const before = this.count;
    return () => this.count !== before;
  }
}
