/**
 * Hands freed native memory back to the system on Linux/glibc.
 *
 * The tesseract.js recognisers run on worker threads; each thread allocates
 * from its own glibc malloc arena, and glibc returns an arena's free pages
 * only from its top. Between reads those arenas hold tens of megabytes of
 * freed memory each, which shows as resident memory of the server.
 * `malloc_trim(0)` releases free pages from every arena. It is called
 * through FFI only when FFI is already permitted (no prompt), and is a no-op
 * elsewhere (macOS, musl, no permission).
 *
 * @module
 */

type Trim = () => void;

let trimmer: Trim | null | undefined;

function load(): Trim | null {
  if (Deno.build.os !== "linux") return null;
  try {
    if (Deno.permissions.querySync({ name: "ffi" }).state !== "granted") return null;
    const lib = Deno.dlopen("libc.so.6", {
      malloc_trim: { parameters: ["usize"], result: "i32" },
    });
    return () => {
      lib.symbols.malloc_trim(0n);
    };
  } catch {
    return null;
  }
}

/** Whether `trimNativeMemory` does anything in this process. */
export function canTrimNativeMemory(): boolean {
  if (trimmer === undefined) trimmer = load();
  return trimmer !== null;
}

/** Releases free native heap pages of every thread's arena to the system (best effort). */
export function trimNativeMemory(): void {
  if (canTrimNativeMemory()) trimmer!();
}
