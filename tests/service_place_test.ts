/** Where the service's socket and lock are for a database, and which paths and folders are refused. */

import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { folderProblem, servicePlace, socketPathProblem } from "../src/cli/service_place.ts";

Deno.test("the socket and the lock are beside the database; an in-memory database has none", () => {
  assertEquals(servicePlace("/home/u/.local/share/choto/choto.db"), {
    dir: "/home/u/.local/share/choto",
    socket: "/home/u/.local/share/choto/choto.sock",
    lock: "/home/u/.local/share/choto/choto-service.lock",
  });
  assertEquals(servicePlace("/x.db")?.socket, "/choto.sock");
  assertEquals(servicePlace(":memory:"), null);
});

Deno.test("a socket path too long for the OS, or relative, is refused saying why", () => {
  assertEquals(socketPathProblem("/home/u/.local/share/choto/choto.sock", "linux"), null);
  const long = `/${"d".repeat(100)}/choto.sock`;
  assertMatch(socketPathProblem(long, "linux")!, /more than the 107 a Unix socket takes/);
  const mac = `/${"d".repeat(92)}/choto.sock`;
  assertEquals(socketPathProblem(mac, "linux"), null);
  assertMatch(socketPathProblem(mac, "darwin")!, /more than the 103/);
  assertMatch(socketPathProblem("data/choto.sock", "linux")!, /not absolute/);
});

Deno.test("a folder of the user's own is fit (narrowed to 0700); a shared or another's folder is refused", () => {
  assertEquals(folderProblem("/home/u/d", 0o700, true), null);
  assertEquals(folderProblem("/home/u/d", 0o755, true), null);
  assertMatch(folderProblem("/tmp", 0o1777, true)!, /shared with other users/);
  assertMatch(folderProblem("/srv/d", 0o755, false)!, /shared with other users/);
  assert(folderProblem("/srv/d", 0o700, false) === null);
});
