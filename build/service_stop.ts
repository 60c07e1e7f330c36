/**
 * Stops the `choto service` a bridge started for a database folder: the MCP
 * Bundle's entry is a bridge, and its service is detached, so a check that
 * starts the bundle ends the service itself. Found by `ps` (its command line
 * runs `main.ts service` and names the folder in its flags), SIGTERM first,
 * SIGKILL when it is still there after ten seconds.
 *
 * @module
 */

const decoder = new TextDecoder();

/** The pids of `choto service` processes whose command line names `folder`. */
export function servicePidsFor(folder: string): number[] {
  const out = new Deno.Command("ps", { args: ["-eo", "pid=,args="], stdout: "piped" }).outputSync();
  return decoder.decode(out.stdout).split("\n")
    .filter((l) => l.includes("main.ts service") && l.includes(folder))
    .map((l) => Number(l.trim().split(/\s+/)[0]));
}

/** True when the process `pid` has gone (or is a zombie nobody reaped). */
export function pidGone(pid: number): boolean {
  const out = new Deno.Command("ps", { args: ["-o", "stat=", "-p", String(pid)], stdout: "piped" })
    .outputSync();
  const stat = decoder.decode(out.stdout).trim();
  return stat === "" || stat.startsWith("Z");
}

function signal(pid: number, sig: Deno.Signal): void {
  try {
    Deno.kill(pid, sig);
  } catch {
    // Gone already.
  }
}

/** Stops `pids` and every service of `folder`; resolves once they have all gone. */
export async function stopServicesOf(folder: string, pids: number[] = []): Promise<void> {
  const all = new Set([...pids, ...servicePidsFor(folder)]);
  for (const pid of all) signal(pid, "SIGTERM");
  for (const pid of all) {
    const end = performance.now() + 10_000;
    while (!pidGone(pid) && performance.now() < end) await new Promise((r) => setTimeout(r, 100));
    if (!pidGone(pid)) signal(pid, "SIGKILL");
  }
}
