/**
 * glibc malloc-tuning symbols (from `<malloc.h>`), used to hand freed native
 * memory back to the system. Declarations only.
 *
 * @module
 */

/** Candidate sonames, most specific first. */
export const LIBC_PATHS = ["libc.so.6"];

export const libcSymbols = {
  // int malloc_trim(size_t pad);
  malloc_trim: { parameters: ["usize"], result: "i32" },
  // int mallopt(int param, int value);
  mallopt: { parameters: ["i32", "i32"], result: "i32" },
} as const;

/** `mallopt` parameter: the most malloc arenas the process may create (`M_ARENA_MAX` in malloc.h). */
export const M_ARENA_MAX = -8;
