/**
 * choto's parent chain on macOS, read once through `/bin/ps -o ppid=`
 * (allowed by every shipped command line, as for the grant holder's name):
 * the processes that started it, the MCP client among them (Claude
 * Desktop starts a server through its `disclaimer` helper, whose parent
 * owns the chat window).
 *
 * @module
 */

import { ancestorChain } from "../client_windows.ts";

/** The parent pid `ps -o ppid= -p PID` printed, or null for no answer (the process is gone). */
export function parentFromPs(out: string): number | null {
  const text = out.trim();
  if (!/^\d+$/.test(text)) return null;
  return Number(text);
}

/** Reads one process's parent through `ps` (the program's path given); null when it cannot. */
export function psParentReader(ps: string): (pid: number) => number | null {
  return (pid) => {
    try {
      const out = new Deno.Command(ps, { args: ["-o", "ppid=", "-p", String(pid)], stderr: "null" })
        .outputSync();
      return out.success ? parentFromPs(new TextDecoder().decode(out.stdout)) : null;
    } catch {
      // Without permission to run ps nothing is known of the chain: no window is passed over.
      return null;
    }
  };
}

/**
 * choto's ancestors, nearest first, launchd (pid 1) left out, through
 * `parentOf`; read on first use and kept (choto ends with the client that
 * started it).
 */
export function ancestorsReader(
  parentOf: (pid: number) => number | null,
  ppid: () => number,
): () => number[] {
  let chain: number[] | null = null;
  return () => chain ??= ancestorChain(ppid(), parentOf);
}
