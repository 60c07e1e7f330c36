/**
 * What program an X11 window's process runs, for the deny list, which must
 * name programs and not just the strings a window shows: the executable's
 * file name, the name it was started under, the script an interpreter runs,
 * and the desktop application whose executable that is, whether it is the
 * same file (a link or a rename) or a byte-for-byte copy under another name.
 *
 * @module
 */

import { createHash } from "node:crypto";
import type { LaunchableApp } from "../types.ts";
import { procLink, procText } from "./procfs.ts";

/** Programs that run the file named by their first argument. */
const INTERPRETER =
  /^(python[\d.]*|perl[\d.]*|ruby[\d.]*|node|nodejs|bash|sh|dash|zsh|ld-linux[\w.-]*\.so[\d.]*)$/;

/** Files larger than this are not hashed to find a copy (a browser's binary). */
const MAX_HASHED_BYTES = 256 * 1024 * 1024;

/** An application's executable as found on disk. */
interface AppFile {
  path: string;
  names: string[];
  size: number;
}

/** The file facts that tell one executable from another. */
interface FileId {
  inode: string;
  size: number;
  stamp: string;
}

const base = (p: string) => p.split("/").pop() ?? p;

/**
 * The file a launch command runs: past `env` and its assignments, and past
 * an interpreter to its script (indexing python3 itself would name every
 * Python program after one application).
 */
export function programOf(argv: readonly string[]): string | null {
  let i = 0;
  if (base(argv[i] ?? "") === "env") {
    i++;
    while (i < argv.length && (/^[A-Za-z_][A-Za-z0-9_]*=/.test(argv[i]) || argv[i].startsWith("-"))) i++;
  }
  const first = argv[i];
  if (!first) return null;
  if (!INTERPRETER.test(base(first))) return first;
  return argv.slice(i + 1).find((a) => !a.startsWith("-") && a.includes("/")) ?? null;
}

function fileId(path: string): FileId | null {
  try {
    const st = Deno.statSync(path);
    if (!st.isFile) return null;
    return {
      inode: `${st.dev}:${st.ino}`,
      size: st.size,
      stamp: `${st.size}:${st.mtime?.getTime() ?? 0}`,
    };
  } catch {
    return null;
  }
}

/** Names by pid, from `/proc` and an index of the installed applications' executables. */
export class ProgramNames {
  #byPid = new Map<number, { exe: string; names: string[] }>();
  #index: { byInode: Map<string, string[]>; bySize: Map<number, AppFile[]> } | null = null;
  #digests = new Map<string, string | null>();

  /**
   * `apps` lists the installed applications (every desktop entry), `which`
   * finds a command on PATH; both are read once, when first needed.
   */
  constructor(
    private readonly apps: () => LaunchableApp[],
    private readonly which: (bin: string) => string | null,
  ) {}

  /** The names process `pid` answers to; empty when its executable cannot be read (another user's). */
  names(pid: number): string[] {
    const link = procLink(`/proc/${pid}/exe`);
    if (!link) return [];
    const known = this.#byPid.get(pid);
    if (known && known.exe === link) return known.names;
    const names = this.#namesOf(pid, link.replace(/ \(deleted\)$/, ""));
    this.#byPid.set(pid, { exe: link, names });
    return names;
  }

  #namesOf(pid: number, exe: string): string[] {
    const argv = (procText(`/proc/${pid}/cmdline`, 64 * 1024) ?? "").split("\0").filter(Boolean);
    const files = [exe];
    const names = [base(exe), ...(argv[0] ? [base(argv[0])] : [])];
    if (INTERPRETER.test(base(exe))) {
      const script = argv.slice(1).find((a) => !a.startsWith("-"));
      if (script) {
        const cwd = procLink(`/proc/${pid}/cwd`) ?? "/";
        const path = script.startsWith("/") ? script : `${cwd}/${script}`;
        files.push(path);
        names.push(base(script));
      }
    }
    for (const f of files) names.push(...this.#appsRunning(f));
    return [...new Set(names.filter(Boolean))];
  }

  /** The applications whose executable `path` is: the same file, or a copy of it. */
  #appsRunning(path: string): string[] {
    const id = fileId(path);
    if (!id) return [];
    const index = this.#index ??= this.#build();
    const same = index.byInode.get(id.inode);
    if (same) return same;
    const candidates = index.bySize.get(id.size) ?? [];
    if (!candidates.length || id.size > MAX_HASHED_BYTES) return [];
    const mine = this.#digest(path, id);
    if (mine === null) return [];
    return candidates.filter((a) => {
      const theirs = fileId(a.path);
      return theirs !== null && this.#digest(a.path, theirs) === mine;
    }).flatMap((a) => a.names);
  }

  #digest(path: string, id: FileId): string | null {
    const key = `${path}|${id.stamp}`;
    if (!this.#digests.has(key)) {
      let digest: string | null = null;
      try {
        digest = createHash("sha256").update(Deno.readFileSync(path)).digest("hex");
      } catch {
        // unreadable: no copy can be proven
      }
      this.#digests.set(key, digest);
    }
    return this.#digests.get(key)!;
  }

  /** Every installed application's executable, by inode and by size. */
  #build() {
    const byInode = new Map<string, string[]>();
    const bySize = new Map<number, AppFile[]>();
    for (const app of this.apps()) {
      const bin = programOf(app.launch);
      const found = bin ? this.which(bin) : null;
      if (!found) continue;
      let path: string;
      try {
        path = Deno.realPathSync(found);
      } catch {
        continue;
      }
      const id = fileId(path);
      if (!id) continue;
      const names = [app.name, ...app.aliases];
      byInode.set(id.inode, [...(byInode.get(id.inode) ?? []), ...names]);
      bySize.set(id.size, [...(bySize.get(id.size) ?? []), { path, names, size: id.size }]);
    }
    return { byInode, bySize };
  }
}
