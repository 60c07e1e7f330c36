/**
 * The point tool through a real MCP client on a scripted desktop: a target
 * is found as execute_plan finds it (the same matcher and surfaces) and
 * marked on its element's box; a bare box is drawn as given and is not
 * exact; several marks are numbered and a drag points onto the next one;
 * a miss or a desktop that cannot draw show nothing and say why; a mark
 * that would reach into a denied app's window is refused without naming it;
 * a box in fractions of a pixel is marked in whole pixels; bad arguments are refused naming the field; the note reaches
 * the desktop as one plain line. No call sends any input.
 */

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createServer, listingOf } from "../src/server/server.ts";
import { createServices } from "../src/services.ts";
import { Store } from "../src/db/store.ts";
import { buildPolicy } from "../src/common/policy.ts";
import { gatherRecall } from "../src/graph/recall/recall.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { FakeDesktop, fakeReader, text, window } from "./support/fake_desktop.ts";

const EDITOR = window("ed", "Mousepad", "notes.txt - Mousepad", { x: 0, y: 0, width: 400, height: 300 });
const MENU = window("mn", "Mousepad", "", { x: 10, y: 30, width: 120, height: 80 }, "menu");

function desk(): FakeDesktop {
  const d = new FakeDesktop();
  d.windowList = [EDITOR];
  d.focusWindowId = "ed";
  d.chrome = [MENU];
  d.texts = [text("File", 20, 15), text("Edit", 60, 15), text("Save As…", 60, 70), text("Delete", 300, 200)];
  return d;
}

async function connect(d: FakeDesktop, env: Record<string, string> = {}) {
  const store = new Store(":memory:");
  const services = createServices({
    store,
    policy: buildPolicy(null, "cfg", (n) => env[n]),
    openDesktop: () => d,
    openReader: () => fakeReader(d),
  });
  const server = createServer(services);
  const [a, b] = InMemoryTransport.createLinkedPair();
  const c = new Client({ name: "t", version: "0" });
  await Promise.all([server.connect(a), c.connect(b)]);
  const call = async (args: Record<string, unknown>) => {
    const r = await c.callTool({ name: "point", arguments: args });
    return {
      isError: Boolean(r.isError),
      text: (r.content as Array<{ text: string }>)[0].text,
      out: r.structuredContent as Record<string, unknown>,
    };
  };
  return { call, client: c, store, close: () => c.close() };
}

Deno.test("a target is marked on its element's box, found as execute_plan finds it; nothing is sent", async () => {
  const d = desk();
  const s = await connect(d);
  try {
    const r = await s.call({ marks: [{ target: { text: "Save As…", scope: "chrome" }, gesture: "click" }] });
    assert(!r.isError, r.text);
    assertEquals(r.out.shown, true);
    assertEquals(r.out.exact, true);
    assertEquals(r.out.matched, [{ text: "Save As…", stage: "exact", scope: "chrome" }]);
    assertEquals(r.out.where, [{ x: 28, y: 63, width: 64, height: 14 }]);
    const [set] = d.pointed;
    assertEquals(set.marks, [{
      box: { x: 28, y: 63, width: 64, height: 14 },
      gesture: "click",
      number: null,
      note: null,
      to: null,
    }]);
    assertEquals([set.options.tone, set.options.durationMs], ["guide", 6000]);
    assertMatch(r.text, /1\. "Save As…" \(exact, chrome\) at 28,63 64x14: click/);
    assertMatch(r.text, /nothing was clicked or typed, and the pointer and keyboard focus did not move/);
    assertEquals(d.log, []);
  } finally {
    await s.close();
  }
});

Deno.test("the windows point reads are recorded for recall, though it sends no input", async () => {
  const d = desk();
  const s = await connect(d);
  try {
    const r = await s.call({ marks: [{ target: { text: "Delete" } }] });
    assert(!r.isError, r.text);
    const known = gatherRecall(s.store, { now: Date.now(), window: "notes.txt" });
    assert(known.ok, JSON.stringify(known));
    assertEquals(known.data.window?.window.title, "notes.txt - Mousepad");
    assert(known.data.window!.elements.items.includes("Delete"), JSON.stringify(known.data.window));
    assertEquals(d.log, []);
  } finally {
    await s.close();
  }
});

Deno.test("a bare box is drawn as given and is not exact; several marks are numbered, a drag points onward", async () => {
  const d = desk();
  const s = await connect(d);
  try {
    const r = await s.call({
      marks: [
        { target: { text: "Delete" }, gesture: "drag_to", note: "Drag this\nline <b>onto</b> the box\u202e" },
        { box: [350, 250, 40, 30] },
      ],
      duration_ms: 2000,
    });
    assertEquals([r.out.shown, r.out.exact], [true, false]);
    assertEquals(r.out.matched, [{ text: "Delete", stage: "exact", scope: "window" }, null]);
    const [first, second] = d.pointed[0].marks;
    assertEquals([first.number, second.number], [1, 2]);
    assertEquals(first.to, second.box);
    assertEquals(second.box, { x: 350, y: 250, width: 40, height: 30 });
    // The note is one plain line: no line breaks or direction overrides, markup left as the text it is.
    assertEquals(first.note, "Drag this line <b>onto</b> the box");
    assertEquals(d.pointed[0].options.durationMs, 2000);
    assertMatch(
      r.text,
      /2\. a bare box \(not matched to anything read: exact false\) at 350,250 40x30: look here/,
    );
  } finally {
    await s.close();
  }
});

Deno.test("a miss, a box off screen, a denied window and a desktop that cannot draw show nothing, saying why", async () => {
  const d = desk();
  d.windowList = [window("vault", "Vault", "Private", { x: 250, y: 150, width: 150, height: 150 }), EDITOR];
  const s = await connect(d, { CHOTO_DENY_APPS: "Vault" });
  try {
    const miss = await s.call({ marks: [{ target: { text: "Sav As" } }] });
    assert(!miss.isError);
    assertEquals(miss.out.shown, false);
    assertMatch(String(miss.out.reason), /target "Sav As" not found in the window "notes.txt - Mousepad"/);
    // Searched as a step searches: the window's surface only (the menu is chrome).
    assertMatch(String(miss.out.reason), /searched the window surface only, not chrome/);
    assert((miss.out.closest as unknown[]).length > 0);
    assertMatch(miss.text, /not shown: .* closest texts: "/);
    assertMatch(miss.text, /a menu item is on scope chrome while its menu is open/);

    const off = await s.call({ marks: [{ target: { text: "File" } }, { box: [900, 900, 10, 10] }] });
    assertMatch(String(off.out.reason), /mark 2: the box \[900, 900, 10, 10\] does not lie on the screen/);

    const denied = await s.call({ marks: [{ box: [300, 200, 20, 20] }] });
    assert(denied.isError, denied.text);
    assertMatch(
      denied.text,
      /^point was refused: the mark's frame would cover a window the user's deny list withholds/,
    );
    // Centre outside the window, the frame's edge inside it: refused as well, saying which mark.
    const edge = await s.call({ marks: [{ target: { text: "File" } }, { box: [200, 200, 45, 20] }] });
    assert(edge.isError, edge.text);
    assertMatch(
      edge.text,
      /^point was refused: mark 2's (frame|gesture sign) would cover a window .*Nothing was drawn\./,
    );
    for (const r of [denied, edge]) assert(!/Vault|Private/.test(r.text), r.text);

    const noWindow = await s.call({ marks: [{ target: { text: "File", window: "report" } }] });
    assertMatch(String(noWindow.out.reason), /no open window's title contains "report"/);

    d.cannotPoint = "this display cannot show marks: the X server has no SHAPE extension";
    const blind = await s.call({ marks: [{ target: { text: "File" } }] });
    assertEquals(blind.out.shown, false);
    assertMatch(String(blind.out.reason), /no SHAPE extension/);
    assertEquals(d.pointed.length, 0);
    assertEquals(d.log, []);
  } finally {
    await s.close();
  }
});

Deno.test("a box in fractions of a pixel is marked in whole pixels, its drag target too", async () => {
  const d = desk();
  const s = await connect(d);
  try {
    const r = await s.call({
      marks: [
        { box: [20.4, 100.6, 40.5, 19.49], gesture: "drag_to", note: "From here" },
        { box: [300.5, 200.2, 30, 20.7] },
      ],
    });
    assert(!r.isError, r.text);
    assertEquals(r.out.where, [{ x: 20, y: 101, width: 41, height: 19 }, {
      x: 301,
      y: 200,
      width: 30,
      height: 21,
    }]);
    const [first, second] = d.pointed[0].marks;
    assertEquals(first.box, { x: 20, y: 101, width: 41, height: 19 });
    assertEquals(first.to, second.box);
    assertMatch(r.text, /1\. a bare box .* at 20,101 41x19: drag onto the next mark/);
  } finally {
    await s.close();
  }
});

Deno.test("a call cancelled while its marks are being drawn takes them down", async () => {
  const d = desk();
  let drawing!: () => void, draw!: () => void;
  const started = new Promise<void>((r) => drawing = r), go = new Promise<void>((r) => draw = r);
  const point = d.point.bind(d);
  d.point = async (marks, options) => {
    drawing();
    await go;
    return await point(marks, options);
  };
  const s = await connect(d);
  try {
    const stop = new AbortController();
    const call = s.client.callTool(
      { name: "point", arguments: { marks: [{ box: [10, 10, 20, 20] }] } },
      undefined,
      {
        signal: stop.signal,
      },
    ).catch(() => null);
    await started;
    stop.abort();
    await call;
    // The cancellation reaches the server before the marks are up.
    for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
    draw();
    for (let i = 0; i < 200 && !(d.pointed.length && !d.pointed[0].up); i++) {
      await new Promise((r) => setTimeout(r, 0));
    }
    assertEquals(d.pointed.map((p) => p.up), [false]);
  } finally {
    await s.close();
  }
});

Deno.test("bad arguments are refused naming the field, and nothing is drawn", async () => {
  const d = desk();
  const s = await connect(d);
  try {
    const both = await s.call({ marks: [{ target: { text: "File" }, box: [1, 2, 3, 4] }] });
    assert(both.isError);
    assertMatch(both.text, /marks\.0: each mark takes exactly one of target .* or box/);
    const drag = await s.call({ marks: [{ target: { text: "File" }, gesture: "drag_to" }] });
    assertMatch(drag.text, /marks: a drag_to mark points onto the mark after it/);
    const field = await s.call({ marks: [{ target: { text: "File", scrol_to_find: false } }] });
    assertMatch(field.text, /marks\.0\.target: unknown field "scrol_to_find"/);
    const top = await s.call({ mark: [] });
    assertMatch(top.text, /unknown field "mark"; did you mean "marks"\?/);
    const long = await s.call({ marks: [{ box: [1, 2, 3] }], duration_ms: 90_000 });
    assertMatch(long.text, /marks\.0\.box/);
    assertMatch(long.text, /duration_ms/);
    assertEquals(d.pointed.length, 0);
  } finally {
    await s.close();
  }
});

Deno.test("point's definition stays within 1,450 characters (a new tool's 900, and its typed target)", () => {
  const t = listingOf().find((x) => x.name === "point")!;
  const reads = JSON.stringify({
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: t.inputSchema,
  });
  assert(reads.length <= 1_450, `point reads ${reads.length} chars`);
  assertEquals(t.annotations, {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: true,
  });
});
