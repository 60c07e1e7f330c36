/**
 * `/proc` reads under choto's own permission flags (the test task grants
 * read and ffi, never all): the executable and command name of a process,
 * and the list of processes, which feed STALE marks, app aliases and apps
 * without a window.
 */

import { procEnv, procLink, procPids, procText } from "../src/desktop/x11/procfs.ts";
import { processes, sameDisplay } from "../src/desktop/x11/apps.ts";
import { assert, assertEquals } from "./support/assert.ts";

const linux = Deno.build.os === "linux";

Deno.test({
  name: "Deno alone refuses /proc/<pid> without --allow-all, which is why choto reads it through libc",
  ignore: !linux,
  fn() {
    let refused = false;
    try {
      Deno.readLinkSync(`/proc/${Deno.pid}/exe`);
    } catch (e) {
      refused = e instanceof Deno.errors.NotCapable;
    }
    assert(refused, "Deno read /proc/<pid>/exe without --allow-all: the libc path may no longer be needed");
  },
});

Deno.test({
  name: "a process's executable and command name are read under scoped permissions",
  ignore: !linux,
  fn() {
    assertEquals(procLink(`/proc/${Deno.pid}/exe`), Deno.execPath());
    assertEquals(procText(`/proc/${Deno.pid}/comm`)?.trim(), "deno");
  },
});

Deno.test({
  name: "the running processes include this one, with its command name",
  ignore: !linux,
  fn() {
    assert(procPids().includes(Deno.pid));
    assert(processes().some((p) => p.pid === Deno.pid && p.comm === "deno"));
  },
});

Deno.test({
  name: "a process that is gone reads as null, not an error",
  ignore: !linux,
  fn() {
    assertEquals(procLink("/proc/999999999/exe"), null);
    assertEquals(procText("/proc/999999999/comm"), null);
  },
});

Deno.test({
  name: "a process's own environment is read, and an unset variable is null",
  ignore: !linux,
  async fn() {
    const child = new Deno.Command("sleep", {
      args: ["5"],
      env: { DISPLAY: ":321" },
      stdout: "null",
      stderr: "null",
    }).spawn();
    try {
      // Until the child has become `sleep`, /proc shows the forked copy of this process's environment; and
      // the kernel names the new program before it places its environment, which reads as empty meanwhile.
      const execed = () =>
        procText(`/proc/${child.pid}/comm`)?.trim() === "sleep" && procText(`/proc/${child.pid}/environ`);
      for (let i = 0; i < 250 && !execed(); i++) await new Promise((r) => setTimeout(r, 20));
      assertEquals(procEnv(child.pid, "DISPLAY"), ":321");
      assertEquals(procEnv(child.pid, "CHOTO_SURELY_UNSET"), null);
    } finally {
      child.kill();
      await child.status;
    }
  },
});

Deno.test("display names that differ only in host or screen are the same display", () => {
  assert(sameDisplay(":1", ":1.0"));
  assert(sameDisplay("unix:1", ":1"));
  assert(sameDisplay("localhost:12.0", ":12"));
  assert(!sameDisplay(":1", ":12"));
  assert(!sameDisplay(":1", ":10.1"));
});
