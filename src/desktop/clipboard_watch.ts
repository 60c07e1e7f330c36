/**
 * Whether the clipboard's content may have come from a denied app, on a
 * platform that does not say who put it there (macOS keeps only a change
 * count). The guard notes the count at every window listing, with whether a
 * denied app had the focus then. A content is suspect when its count first
 * shows up at a listing with a denied app in front, or right after one: it
 * may have been copied there before that app left the front. A copy made
 * while choto was not looking at all cannot be told apart.
 *
 * @module
 */

/** Change counts seen at window listings, and those a denied app may have written. */
export class ClipboardWatch {
  #last: { generation: number; deniedFront: boolean } | null = null;
  #tainted = new Set<number>();

  /** Notes one listing: the clipboard's change count then, and whether a denied app had the focus. */
  saw(generation: number | null, deniedFront: boolean): void {
    if (generation === null) return;
    const last = this.#last;
    const changed = last === null || last.generation !== generation;
    if (changed && (deniedFront || last?.deniedFront)) this.#tainted.add(generation);
    this.#last = { generation, deniedFront };
  }

  /** True when the content with this change count may be a denied app's. */
  tainted(generation: number): boolean {
    return this.#tainted.has(generation);
  }
}
