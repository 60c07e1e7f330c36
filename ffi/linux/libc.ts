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
/** `mallopt` parameter: free memory at a heap's top kept before it is returned (`M_TRIM_THRESHOLD`). */
export const M_TRIM_THRESHOLD = -1;
/** `mallopt` parameter: blocks at least this large get a mapping of their own (`M_MMAP_THRESHOLD`). */
export const M_MMAP_THRESHOLD = -3;

/**
 * glibc file and directory symbols (from `<stdio.h>`, `<unistd.h>`,
 * `<dirent.h>`), used to read `/proc/<pid>`: Deno grants that only to
 * `--allow-all`, while a native call needs just `--allow-ffi`.
 */
export const procfsSymbols = {
  // ssize_t readlink(const char *restrict pathname, char *restrict buf, size_t bufsiz);
  readlink: { parameters: ["buffer", "buffer", "usize"], result: "isize" },
  // FILE *fopen(const char *restrict pathname, const char *restrict mode);
  fopen: { parameters: ["buffer", "buffer"], result: "pointer" },
  // size_t fread(void *restrict ptr, size_t size, size_t nmemb, FILE *restrict stream);
  fread: { parameters: ["buffer", "usize", "usize", "pointer"], result: "usize" },
  // int fclose(FILE *stream);
  fclose: { parameters: ["pointer"], result: "i32" },
  // DIR *opendir(const char *name);
  opendir: { parameters: ["buffer"], result: "pointer" },
  // struct dirent *readdir(DIR *dirp);
  readdir: { parameters: ["pointer"], result: "pointer" },
  // int closedir(DIR *dirp);
  closedir: { parameters: ["pointer"], result: "i32" },
} as const;

/**
 * Offset of `d_name` in glibc's `struct dirent` on 64-bit Linux: `d_ino` (8),
 * `d_off` (8), `d_reclen` (2), `d_type` (1).
 */
export const DIRENT_NAME_OFFSET = 19;

/** glibc `free` (from `<stdlib.h>`), for memory a C library malloc'ed and hands to its caller (an XCB reply). */
export const freeSymbols = {
  // void free(void *ptr);
  free: { parameters: ["pointer"], result: "void" },
} as const;

/** glibc's heap (from `<stdlib.h>`): a block allocated and freed as any large buffer of a look is. */
export const heapSymbols = {
  // void *malloc(size_t size);
  malloc: { parameters: ["usize"], result: "pointer" },
  // void free(void *ptr);
  free: { parameters: ["pointer"], result: "void" },
} as const;
