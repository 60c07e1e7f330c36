/**
 * Objective-C blocks made by hand, for APIs that answer through a
 * completion handler (ScreenCaptureKit). A block is a small struct whose
 * `invoke` pointer the framework calls with the block itself first; with
 * `BLOCK_IS_GLOBAL` the runtime never copies or frees it (Block_copy and
 * Block_release return at once), so one block lives as long as the process
 * in memory from `malloc`, which nothing moves.
 *
 * Layout (Block ABI, libclosure's Block_private.h, 64-bit):
 *
 *     struct Block_layout { void *isa; int32_t flags; int32_t reserved;
 *                           void (*invoke)(void *, ...); struct Block_descriptor_1 *descriptor; };  // 32 bytes
 *     struct Block_descriptor_1 { uintptr_t reserved; uintptr_t size; };
 *     struct Block_descriptor_3 { const char *signature; const char *layout; };  // BLOCK_HAS_SIGNATURE
 *
 * Writing pointers into that memory needs Deno's raw-pointer APIs, which
 * an `--allow-ffi` scoped to paths does not grant (nor `Deno.UnsafeCallback`).
 *
 * @module
 */

/** Block_private.h: the block is a global one (never copied, never freed). */
export const BLOCK_IS_GLOBAL = 1 << 28;
/** Block_private.h: the descriptor carries the type signature (Block_descriptor_3). */
export const BLOCK_HAS_SIGNATURE = 1 << 30;

/** What a block needs from libSystem. */
export interface BlockRuntime {
  malloc(size: bigint): Deno.PointerValue;
  /** The ADDRESS of `_NSConcreteGlobalBlock` (a pointer static): a global block's isa. */
  _NSConcreteGlobalBlock: Deno.PointerValue;
}

const LITERAL_SIZE = 32;
const DESCRIPTOR_SIZE = 32;

function address(p: Deno.PointerValue): bigint {
  return BigInt(Deno.UnsafePointer.value(p));
}

/**
 * A global block whose `invoke` is `invoke` (a C function taking the block
 * first), with type signature `signature` ("v24@?0@8@16": void, the block,
 * two objects). Never freed: a framework may read its flags after the call.
 */
export function globalBlock(
  rt: BlockRuntime,
  invoke: NonNullable<Deno.PointerValue>,
  signature: string,
): NonNullable<Deno.PointerValue> {
  const sig = new TextEncoder().encode(`${signature}\0`);
  const size = LITERAL_SIZE + DESCRIPTOR_SIZE + sig.length;
  const mem = rt.malloc(BigInt(size));
  if (!mem) throw new Error("malloc failed for a block literal");
  const base = address(mem);
  const bytes = new Uint8Array(Deno.UnsafePointerView.getArrayBuffer(mem, size));
  const v = new DataView(bytes.buffer);
  v.setBigUint64(0, address(rt._NSConcreteGlobalBlock), true); // isa
  v.setInt32(8, BLOCK_IS_GLOBAL | BLOCK_HAS_SIGNATURE, true); // flags
  v.setInt32(12, 0, true); // reserved
  v.setBigUint64(16, address(invoke), true); // invoke
  v.setBigUint64(24, base + BigInt(LITERAL_SIZE), true); // descriptor
  v.setBigUint64(32, 0n, true); // descriptor.reserved
  v.setBigUint64(40, BigInt(LITERAL_SIZE), true); // descriptor.size: the literal's size
  v.setBigUint64(48, base + BigInt(LITERAL_SIZE + DESCRIPTOR_SIZE), true); // signature
  v.setBigUint64(56, 0n, true); // layout (read only with BLOCK_HAS_EXTENDED_LAYOUT)
  bytes.set(sig, LITERAL_SIZE + DESCRIPTOR_SIZE);
  return mem;
}

/** The arguments a completion handler of two objects is invoked with: the block, then the two. */
export const COMPLETION_INVOKE = {
  parameters: ["pointer", "pointer", "pointer"],
  result: "void",
} as const satisfies Deno.UnsafeCallbackDefinition;

/** What a completion handler answered: its first argument (retained by the handler's owner) or the error. */
export interface Answer {
  obj: Deno.PointerValue;
  error: string | null;
}

/**
 * One completion handler as a reusable global block: `wait` starts a call
 * with the block and resolves with what the handler was given, or rejects
 * after `timeoutMs`. The callback runs on this thread's event loop (Deno
 * queues a call from the framework's thread and holds that thread until it
 * returns), so `keep` can retain the object before the framework lets it go.
 */
export class Completion {
  readonly block: NonNullable<Deno.PointerValue>;
  #callback: Deno.UnsafeCallback<typeof COMPLETION_INVOKE>;
  #pending: ((a: Answer) => void) | null = null;

  constructor(
    rt: BlockRuntime,
    signature: string,
    keep: (obj: NonNullable<Deno.PointerValue>) => Deno.PointerValue,
    describe: (error: NonNullable<Deno.PointerValue>) => string,
  ) {
    this.#callback = new Deno.UnsafeCallback(COMPLETION_INVOKE, (_block, obj, error) => {
      const answer = this.#pending;
      this.#pending = null;
      if (!answer) return; // a late answer after a timeout: nobody waits for it, nothing is kept
      this.#callback.unref();
      answer({ obj: obj ? keep(obj) : null, error: error ? describe(error) : null });
    });
    this.block = globalBlock(rt, this.#callback.pointer, signature);
  }

  /** Whether a call timed out and its answer may still come (the block must not be reused then). */
  stale = false;

  /** Calls `start` with the block and waits for the answer, at most `timeoutMs`. */
  wait(
    start: (block: NonNullable<Deno.PointerValue>) => void,
    timeoutMs: number,
    what: string,
  ): Promise<Answer> {
    if (this.stale) return Promise.reject(new Error(`${what} did not answer an earlier call`));
    return new Promise<Answer>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#pending = null;
        this.stale = true;
        this.#callback.unref();
        reject(new Error(`${what} did not answer within ${timeoutMs} ms`));
      }, timeoutMs);
      this.#pending = (a) => (clearTimeout(timer), resolve(a));
      this.#callback.ref();
      try {
        start(this.block);
      } catch (e) {
        clearTimeout(timer);
        this.#pending = null;
        this.#callback.unref();
        reject(e);
      }
    });
  }
}
