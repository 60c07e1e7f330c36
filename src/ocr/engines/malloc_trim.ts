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

import { LIBC_PATHS, libcSymbols, M_ARENA_MAX } from "../../../ffi/linux/libc.ts";

interface Libc {
  trim(): void;
  arenaMax(n: number): void;
}

let trimmer: Libc | null | undefined;

function load(): Libc | null {
  if (Deno.build.os !== "linux") return null;
  try {
    if (Deno.permissions.querySync({ name: "ffi" }).state !== "granted") return null;
    const lib = openLibc();
    if (!lib) return null;
    return {
      trim: () => void lib.symbols.malloc_trim(0n),
      arenaMax: (n) => void lib.symbols.mallopt(M_ARENA_MAX, n),
    };
  } catch {
    return null;
  }
}

/** Opens the first libc soname that loads, or null. */
function openLibc(): Deno.DynamicLibrary<typeof libcSymbols> | null {
  for (const path of LIBC_PATHS) {
    try {
      return Deno.dlopen(path, libcSymbols);
    } catch {
      // try the next name
    }
  }
  return null;
}

/** Whether `trimNativeMemory` does anything in this process. */
export function canTrimNativeMemory(): boolean {
  if (trimmer === undefined) trimmer = load();
  return trimmer !== null;
}

/** Releases free native heap pages of every thread's arena to the system (best effort). */
export function trimNativeMemory(): void {
  if (canTrimNativeMemory()) trimmer!.trim();
}

/**
 * Caps the number of glibc malloc arenas, so threads started afterwards
 * (the recognisers) share arenas instead of each keeping its own
 * fragmented one. Best effort, as `trimNativeMemory`.
 */
export function limitMallocArenas(n: number): void {
  if (canTrimNativeMemory()) trimmer!.arenaMax(n);
}
