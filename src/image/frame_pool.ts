/**
 * Memory for whole-screen frames, used again once a frame is gone. A frame
 * is megabytes written once per look; freshly allocated, every 4 KiB page
 * of it faults on its first write (on a 1440x900 screen, ~1,300 faults a
 * look, 4-13 ms of CPU in a VM). The pool keeps blocks of
 * that memory for good and hands each out as a new buffer that aliases it;
 * a block is handed out again only after the garbage collector has taken
 * its last buffer, and with it every view anyone kept of the frame's
 * pixels, so a frame still held (the last look's, a plan step's "before")
 * is never written over.
 *
 * Aliasing a block takes FFI permission (`Deno.UnsafePointer`), which the
 * capture that asks for frames needs anyway.
 *
 * @module
 */

/** A block of frame memory, owned by the pool for good. */
interface Block {
  memory: Uint8Array<ArrayBuffer>;
}

/**
 * Hands out frame buffers of one size: at most `blocks` of them pooled, and
 * no more than `maxBytes` in all (a 4K screen's frames are 33 MB each); more
 * come from the heap.
 */
export class FramePool {
  readonly #blocks: number;
  readonly #maxBytes: number;
  #size = 0;
  #owned: Block[] = [];
  #free: Block[] = [];
  readonly #gone = new FinalizationRegistry<Block>((block) => {
    // A block dropped meanwhile (the screen changed size) is let go with its last buffer.
    if (this.#owned.includes(block)) this.#free.push(block);
  });

  constructor(blocks: number, maxBytes: number) {
    this.#blocks = blocks;
    this.#maxBytes = maxBytes;
  }

  /**
   * A buffer of `size` bytes for a frame whose every byte the caller
   * writes (its content before is whatever an earlier frame left).
   */
  take(size: number): Uint8Array<ArrayBuffer> {
    if (size !== this.#size) {
      // A new screen size: the blocks of the old one are dropped (those in use go with their frames).
      this.#size = size;
      this.#owned = [];
      this.#free = [];
    }
    let block = this.#free.pop();
    if (!block) {
      const room = Math.min(this.#blocks, Math.floor(this.#maxBytes / size));
      if (this.#owned.length >= room) return new Uint8Array(size);
      block = { memory: new Uint8Array(size) };
      this.#owned.push(block);
    }
    const at = Deno.UnsafePointer.of(block.memory);
    if (!at) return new Uint8Array(size);
    const buffer = Deno.UnsafePointerView.getArrayBuffer(at, size);
    this.#gone.register(buffer, block);
    return new Uint8Array(buffer);
  }

  /**
   * Readies up to `count` more blocks of the size last asked for, their
   * pages written once, so that the frames they hold next fault none: the
   * pool's first frames are otherwise each a new block.
   */
  spare(count: number): void {
    const room = Math.min(this.#blocks, Math.floor(this.#maxBytes / Math.max(1, this.#size)));
    for (let i = 0; i < count && this.#size > 0 && this.#owned.length < room; i++) {
      const block = { memory: new Uint8Array(this.#size) };
      // A fresh allocation's pages are mapped on first write, not before.
      block.memory.fill(255);
      this.#owned.push(block);
      this.#free.push(block);
    }
  }

  /** Blocks waiting to be handed out again. */
  get free(): number {
    return this.#free.length;
  }

  /** Blocks the pool owns, free or in use. */
  get owned(): number {
    return this.#owned.length;
  }
}
