/**
 * The macOS window list across displays, through the recording FFI fake:
 * a window on a second display (at a negative origin, at another scale) is
 * listed, reachable by focus_app and a named target, seen by the deny
 * list, and once in front its display is captured and clicked in global
 * points.
 */
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { createMacDesktop } from "../src/desktop/macos.ts";
import { makeFake } from "./support/mac_fake.ts";
import { greyPng } from "./support/fake_macos.ts";
import { focusApp } from "../src/desktop/focus_app.ts";
import { guardDesktop } from "../src/desktop/guard.ts";
import { buildPolicy } from "../src/common/policy.ts";
import { chooseFront } from "../src/perceive/front.ts";
import { parentFromPs } from "../src/desktop/macos/ancestors.ts";

const host = { execPath: "/usr/local/bin/deno", termProgram: "Apple_Terminal" };

/** A Retina main display, and a 1x display to its left; Safari in front on the main one, Notes on the left. */
function twoDisplays() {
  return makeFake({
    displays: [
      { id: 1, bounds: [0, 0, 1440, 900], pixelWidth: 2880 },
      { id: 2, bounds: [-1920, -180, 1920, 1080], pixelWidth: 1920 },
    ],
    windows: [
      { n: 1, owner: "Window Server", layer: 24, bounds: [0, 0, 1440, 24] },
      { n: 4, owner: "Window Server", layer: 24, bounds: [-1920, -180, 1920, 24] },
      { n: 2, owner: "Safari", layer: 0, bounds: [100, 100, 800, 600], pid: 500, title: "Apple" },
      { n: 3, owner: "Notes", layer: 0, bounds: [-1800, -100, 600, 400], pid: 600, title: "Groceries" },
    ],
    image: null,
  });
}

Deno.test("windows on every display are listed, in the working display's pixels; its chrome only", () => {
  const f = twoDisplays();
  const d = createMacDesktop(f.libs, { host });
  const s = d.windows();
  assertEquals(s.focusWindowId, "2");
  assertEquals(s.windows.map((w) => `${w.id} ${w.app}`), ["2 Safari", "3 Notes"]);
  // Global points (-1800, -100) in the Retina main display's pixels: left of and above its frame.
  assertEquals(s.windows[1].bounds, { x: -3600, y: -200, width: 1200, height: 800 });
  assertEquals(s.chrome.map((w) => w.id), ["1"], "the other display's menu bar is not in this frame");
  d.close();
  assertEquals(f.leaks(), []);
});

Deno.test("focus_app reaches a window on another display; then that display is captured and clicked", async () => {
  const f = twoDisplays();
  const shots: number[][] = [];
  const d = createMacDesktop(f.libs, {
    host,
    log: () => {},
    screencapture: (r) => (shots.push([r.x, r.y, r.width, r.height]), greyPng(1920, 1080)),
  });
  const r = await focusApp(d, "Notes", 3000);
  assert(r.ok, JSON.stringify(r));
  assert(f.axCalls.includes("AXRaise on axwin 3"), f.axCalls.join("; "));
  const s = d.windows();
  assertEquals(s.focusWindowId, "3");
  // The left display is now the working one: 1 pixel per point, origin (-1920, -180).
  assertEquals(s.screen, { widthPx: 1920, heightPx: 1080, widthPt: 1920, heightPt: 1080, scale: 1 });
  assertEquals(s.windows[0].bounds, { x: 120, y: 80, width: 600, height: 400 });
  assertEquals(s.chrome.map((w) => w.id), ["4"]);
  const frame = d.capture();
  assertEquals([frame.width, frame.height], [1920, 1080]);
  assertEquals(shots, [[-1920, -180, 1920, 1080]], "the capture asks for the display's global rectangle");
  await d.click({ x: 200, y: 100 }, "left", 1, []);
  const down = f.posted.find((e) => e.type === "mouse1");
  assertEquals(down?.at, [-1720, -80], "pixels of the left display become global points");
  d.close();
  assertEquals(f.leaks(), []);
});

Deno.test("a named target on another display is activated; a denied app's window there is refused", async () => {
  const f = twoDisplays();
  const d = createMacDesktop(f.libs, { host, log: () => {} });
  await d.activate("3");
  assertEquals(d.windows().focusWindowId, "3");
  d.close();

  const g = twoDisplays();
  const events: string[] = [];
  const guarded = guardDesktop(
    createMacDesktop(g.libs, { host, log: () => {} }),
    buildPolicy({ deny_apps: ["Notes"] }, "choto.json", () => undefined),
    (e) => events.push(`${e.kind} ${e.action} ${e.outcome ?? ""}`),
  );
  const refused = await guarded.activate("3").then(() => null, (e) => (e as Error).message);
  assertMatch(refused ?? "", /deny list/);
  assert(!g.axCalls.some((c) => c.startsWith("AXRaise")), "nothing was raised");
  assertEquals(events, ["refusal activate deny list"]);
  guarded.close();
  assertEquals(g.leaks(), []);
});

/** Notes in front, Safari's "Docs" behind it; AXRaise is ignored, as when macOS declines the activation. */
function declined() {
  return makeFake({
    windows: [
      { n: 2, owner: "Notes", layer: 0, bounds: [0, 30, 500, 400], pid: 300, title: "Notes" },
      { n: 3, owner: "Safari", layer: 0, bounds: [300, 200, 800, 600], pid: 500, title: "Docs" },
    ],
    raiseWorks: false,
  });
}

Deno.test("a declined activation falls back to open -b <bundle id>, and the reply says so", async () => {
  const f = declined();
  const ran: string[] = [];
  const logged: string[] = [];
  const d = createMacDesktop(f.libs, {
    host,
    log: (l) => logged.push(l),
    systemRoot: "/fake",
    run: (cmd, args) => {
      ran.push(`${cmd} ${args.join(" ")}`);
      // LaunchServices brings the app forward; its window comes to the front.
      const w = f.world.windows.find((x) => x.n === 3)!;
      f.world.windows.splice(f.world.windows.indexOf(w), 1);
      f.world.windows.unshift(w);
      return Promise.resolve();
    },
  });
  const note = await d.activate("3");
  assertEquals(ran, ["/fake/usr/bin/open -b com.apple.Safari"]);
  assertEquals(
    note,
    "brought forward with open -b com.apple.Safari: macOS declined activateFromApplication:options:",
  );
  assertEquals(d.windows().focusWindowId, "3");
  assertMatch(logged.join("\n"), /activation declined, then open -b com\.apple\.Safari; confirmed in front/);
  // focus_app's reply names the path taken.
  const g = declined();
  const d2 = createMacDesktop(g.libs, {
    host,
    log: () => {},
    run: () => {
      const w = g.world.windows.find((x) => x.n === 3)!;
      g.world.windows.splice(g.world.windows.indexOf(w), 1);
      g.world.windows.unshift(w);
      return Promise.resolve();
    },
  });
  const r = await focusApp(d2, "Safari", 5000);
  assert(r.ok && r.via === note, JSON.stringify(r));
  d.close();
  d2.close();
  assertEquals(f.leaks(), []);
  assertEquals(g.leaks(), []);
});

Deno.test("when open -b fails too, the error names both the decline and the failure", async () => {
  const f = declined();
  const d = createMacDesktop(f.libs, {
    host,
    log: () => {},
    run: () => Promise.reject(new Error("LSOpenURLsWithRole() failed with error -600")),
  });
  const why = await d.activate("3").then(() => "", (e) => (e as Error).message);
  assertMatch(
    why,
    /could not confirm that the Safari window "Docs" is in front \(the front window is Notes "Notes"; macOS declined the activation, and open -b com\.apple\.Safari failed: LSOpenURLsWithRole\(\) failed with error -600\)/,
  );
  d.close();
  assertEquals(f.leaks(), []);
});

Deno.test("no fallback when the app came forward but another of its windows is in front", async () => {
  const f = makeFake({
    windows: [
      { n: 2, owner: "Safari", layer: 0, bounds: [100, 100, 800, 600], pid: 500, title: "Apple" },
      { n: 3, owner: "Safari", layer: 0, bounds: [300, 200, 800, 600], pid: 500, title: "Docs" },
    ],
    raiseWorks: false,
  });
  const ran: string[] = [];
  const d = createMacDesktop(f.libs, {
    host,
    log: () => {},
    run: (cmd) => (ran.push(cmd), Promise.resolve()),
  });
  const why = await d.activate("3").then(() => "", (e) => (e as Error).message);
  assertMatch(
    why,
    /could not confirm that the Safari window "Docs" is in front \(the front window is Safari "Apple"\)/,
  );
  assertEquals(ran, []);
  d.close();
  assertEquals(f.leaks(), []);
});

Deno.test("the client's own window (Claude Desktop in front) is passed over for the next one down", () => {
  const f = makeFake({
    windows: [
      { n: 1, owner: "Window Server", layer: 24, bounds: [0, 0, 1440, 24] },
      { n: 5, owner: "Claude", layer: 0, bounds: [0, 30, 700, 800], pid: 4242, title: "Claude" },
      { n: 2, owner: "Safari", layer: 0, bounds: [100, 100, 800, 600], pid: 500, title: "Apple" },
    ],
  });
  // choto ← disclaimer (its parent) ← Claude ← launchd, as Claude Desktop starts a server.
  const parents: Record<number, number> = { [Deno.ppid]: 4300, 4300: 4242, 4242: 1 };
  const asked: number[] = [];
  const d = createMacDesktop(f.libs, {
    host,
    parentOf: (pid) => (asked.push(pid), parents[pid] ?? null),
  });
  const s = d.windows();
  assertEquals(s.clientWindowIds, ["5"]);
  const choice = chooseFront(s);
  assertEquals(choice.kind, "client");
  assertEquals(choice.window?.app, "Safari");
  d.windows();
  assertEquals(asked, [Deno.ppid, 4300, 4242], "the chain is read once");
  d.close();
  assertEquals(f.leaks(), []);
});

Deno.test("ps's answer is a parent pid, or nothing for a process that is gone", () => {
  assertEquals(parentFromPs("  4242\n"), 4242);
  assertEquals(parentFromPs(""), null);
  assertEquals(parentFromPs("/Applications/Claude.app/Contents/MacOS/Claude\n"), null);
});
