/**
 * On a Mac with Choto.app installed, a bridge has launchd start the app's
 * service (so the grants are Choto's) and never replaces it; everywhere
 * else it starts its own.
 */

import { assertEquals, assertMatch } from "./support/assert.ts";
import { launchdStart, olderAppNote } from "../src/cli/bridge_launchd.ts";
import { helloLine, parseHello } from "../src/cli/service_protocol.ts";

const HOME = "/Users/me";
const SOCKET = `${HOME}/Library/Application Support/choto/choto.sock`;
const AGENT = `${HOME}/Library/LaunchAgents/dev.choto.host.plist`;

Deno.test("with Choto.app's LaunchAgent installed, the bridge asks launchd to start the app's service", () => {
  const asked: string[] = [];
  const installed = (p: string) => (asked.push(p), p === AGENT);
  assertEquals(launchdStart(SOCKET, "darwin", HOME, 501, installed), [
    "/bin/launchctl",
    "kickstart",
    "gui/501/dev.choto.host",
  ]);
  assertEquals(asked, [AGENT]);
});

Deno.test("without the LaunchAgent, on Linux, or for a database elsewhere, the bridge starts its own service", () => {
  assertEquals(launchdStart(SOCKET, "darwin", HOME, 501, () => false), null);
  assertEquals(launchdStart(`${HOME}/.local/share/choto/choto.sock`, "linux", HOME, 1000, () => true), null);
  assertEquals(launchdStart("/Volumes/work/choto/choto.sock", "darwin", HOME, 501, () => true), null);
});

Deno.test("the greeting says when the service runs as the installed app, and an older app is kept, with the fix", () => {
  assertEquals(parseHello(helloLine("0.8.0", 42, true)), {
    choto: "service",
    version: "0.8.0",
    pid: 42,
    app: true,
  });
  assertEquals(parseHello(helloLine("0.8.0", 42)), { choto: "service", version: "0.8.0", pid: 42 });
  assertMatch(olderAppNote("0.9.0", "0.8.0", 42), /uses Choto\.app's older service 0\.8\.0 .*deno task app/);
});
