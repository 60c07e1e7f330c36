/**
 * `/proc` reads under choto's own permission flags (the test task grants
 * read and ffi, never all): the executable and command name of a process,
 * and the list of processes, which feed STALE marks, app aliases and apps
 * without a window.
 */

import { procLink, procPids, procText } from "../src/desktop/x11/procfs.ts";
import { processes } from "../src/desktop/x11/apps.ts";
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
