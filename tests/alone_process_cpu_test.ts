/**
 * bench:observe's CPU readings from `/proc`: a process tree's CPU counts
 * its children's, and a child's CPU is counted once it has been waited for.
 *
 * Run alone (`test:alone`): each test waits for a child to use some CPU. The
 * margins, measured here: the counting child of the first ran 186 ms
 * against the one 10 ms tick asked; the second asks 30 ms of a child that
 * counts for seconds, within 10 s, and saw it at its first look, 50 ms in.
 */

import { assertEquals } from "./support/assert.ts";
import { treeCpuMs, waitedChildrenCpuMs } from "../bench/process_cpu.ts";
import { procText } from "../src/desktop/x11/procfs.ts";

/** A shell that counts to `n` and exits: CPU work whatever the machine's load. */
const counting = (n: number) => ["-c", `i=0; while [ $i -lt ${n} ]; do i=$((i+1)); done`];

Deno.test("a child's CPU is counted in this process's waited-for children once it has ended", async () => {
  const before = waitedChildrenCpuMs();
  // The shell prints its own CPU ticks (utime, stime) when its counting is done.
  const own = `${counting(200_000)[1]}; read -r s < /proc/$$/stat; echo "\${s##*) }"`;
  const out = await new Deno.Command("sh", { args: ["-c", own], stdout: "piped" }).output();
  const f = new TextDecoder().decode(out.stdout).trim().split(" ").map(Number);
  const childMs = (f[11] + f[12]) * 10;
  assertEquals(childMs > 0, true);
  // At least the child's own (tests in other files may add their children's: never less).
  assertEquals(waitedChildrenCpuMs() - before >= childMs, true);
});

Deno.test("a process tree's CPU counts the process under it", async () => {
  // `sh` waits for a second `sh` that counts for seconds: the work is the grandchild's, and the first
  // shell, idle, never comes near 30 ms of its own.
  const parent = new Deno.Command("sh", { args: ["-c", `sh -c '${counting(20_000_000)[1]}'`] }).spawn();
  const under = () =>
    (procText(`/proc/${parent.pid}/task/${parent.pid}/children`) ?? "").split(" ").filter(Boolean);
  try {
    let seen = 0;
    for (let i = 0; i < 200 && seen < 30; i++) {
      await new Promise((r) => setTimeout(r, 50));
      seen = treeCpuMs(parent.pid);
    }
    assertEquals(seen >= 30, true);
  } finally {
    for (const pid of under()) Deno.kill(Number(pid), "SIGKILL");
    parent.kill("SIGKILL");
    await parent.status;
  }
  // A process that is gone counts nothing, and is no error.
  assertEquals(treeCpuMs(parent.pid), 0);
});
