/**
 * Whether a process of this machine is still running, to tell a note it left
 * behind from one it keeps. `/bin/ps` answers on Linux and macOS alike (the
 * shipped command lines may run it; Deno lets only `--allow-all` read
 * `/proc/<pid>`). When it cannot answer, the process counts as running: its
 * note is then believed, which costs only words.
 *
 * @module
 */

/** True unless the process `pid` is known to be gone. */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    const out = new Deno.Command("/bin/ps", {
      args: ["-p", String(pid), "-o", "pid="],
      stdin: "null",
      stdout: "piped",
      stderr: "null",
    }).outputSync();
    // ps exits 1 and prints nothing when no such process exists.
    return new TextDecoder().decode(out.stdout).trim() === String(pid);
  } catch {
    return true;
  }
}
