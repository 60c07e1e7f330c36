/**
 * Reads `/proc` for the X11 backend: which processes run, a process's
 * command name and its executable. Deno refuses `/proc/<pid>` (and listing
 * `/proc`) to anything short of `--allow-all`, so under choto's scoped
 * permissions these reads go through libc, which `--allow-ffi` covers. Where
 * libc cannot be opened (not glibc), Deno's own calls are tried instead.
 *
 * @module
 */

import { DIRENT_NAME_OFFSET, LIBC_PATHS, procfsSymbols } from "../../../ffi/linux/libc.ts";

type Libc = Deno.DynamicLibrary<typeof procfsSymbols>["symbols"];

let libc: Libc | null | undefined;

function open(): Libc | null {
  if (libc !== undefined) return libc;
  libc = null;
  if (Deno.build.os !== "linux") return libc;
  for (const path of LIBC_PATHS) {
    try {
      libc = Deno.dlopen(path, procfsSymbols).symbols;
      break;
    } catch {
      // try the next name
    }
  }
  return libc;
}

const cString = (s: string) => new TextEncoder().encode(`${s}\0`);

/** The target of a `/proc` symlink such as `/proc/<pid>/exe`, or null. */
export function procLink(path: string): string | null {
  const c = open();
  if (!c) {
    try {
      return Deno.readLinkSync(path);
    } catch {
      return null;
    }
  }
  const buf = new Uint8Array(4096);
  const n = Number(c.readlink(cString(path), buf, BigInt(buf.length)));
  return n > 0 ? new TextDecoder().decode(buf.subarray(0, n)) : null;
}

/** The text of a small `/proc` file such as `/proc/<pid>/comm` (at most `max` bytes), or null. */
export function procText(path: string, max = 4096): string | null {
  const c = open();
  if (!c) {
    try {
      return Deno.readTextFileSync(path);
    } catch {
      return null;
    }
  }
  const file = c.fopen(cString(path), cString("r"));
  if (file === null) return null;
  try {
    const buf = new Uint8Array(max);
    const n = Number(c.fread(buf, 1n, BigInt(buf.length), file));
    return new TextDecoder().decode(buf.subarray(0, n));
  } finally {
    c.fclose(file);
  }
}

/** The ids of the running processes, or an empty list when `/proc` cannot be read. */
export function procPids(): number[] {
  const c = open();
  if (!c) {
    try {
      return [...Deno.readDirSync("/proc")].filter((e) => /^\d+$/.test(e.name)).map((e) => Number(e.name));
    } catch {
      return [];
    }
  }
  const dir = c.opendir(cString("/proc"));
  if (dir === null) return [];
  const pids: number[] = [];
  try {
    for (let entry = c.readdir(dir); entry !== null; entry = c.readdir(dir)) {
      const name = new Deno.UnsafePointerView(entry).getCString(DIRENT_NAME_OFFSET);
      if (/^\d+$/.test(name)) pids.push(Number(name));
    }
  } finally {
    c.closedir(dir);
  }
  return pids;
}

/**
 * One variable of a process's starting environment, or null when it is not
 * set or the process belongs to another user (its environ is unreadable).
 */
export function procEnv(pid: number, name: string): string | null {
  const environ = procText(`/proc/${pid}/environ`, 256 * 1024);
  if (!environ) return null;
  const prefix = `${name}=`;
  return environ.split("\0").find((v) => v.startsWith(prefix))?.slice(prefix.length) ?? null;
}
