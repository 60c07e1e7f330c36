/**
 * The tool contract through a real MCP client (in memory, over a fake
 * desktop): progress notifications from execute_plan, mission_replay and
 * focus_app in the steps' own words, in order, the last at the total; the
 * typed replies carrying what the text carries; a closed mission's recipe
 * replayed by its id; the hints the definitions set; the README's tool
 * table as the definitions give it.
 */

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { README, withGlance } from "../build/docs_tools.ts";
import { missionById } from "../src/mission/store.ts";
import { createServer, listingOf } from "../src/server/server.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { FakeDesktop, fakeServices, text, window } from "./support/fake_desktop.ts";
import { longList } from "./support/plan_run.ts";

type Note = { progress: number; total?: number; message?: string };

async function connect(d: FakeDesktop) {
  const services = fakeServices(d);
  const server = createServer(services);
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "contract-test", version: "0" });
  await client.connect(b);
  // With the list fetched, the client checks every typed reply against the published schema.
  await client.listTools();
  return {
    services,
    async call(name: string, args: Record<string, unknown>, notes?: Note[]) {
      const r = await client.callTool(
        { name, arguments: args },
        undefined,
        notes ? { onprogress: (p: Note) => void notes.push(p), resetTimeoutOnProgress: true } : {},
      );
      const content = r.content as Array<{ type: string; text?: string }>;
      return {
        isError: Boolean(r.isError),
        text: content.map((c) => c.text ?? "").join("\n"),
        images: content.filter((c) => c.type === "image").length,
        structured: (r.structuredContent ?? {}) as Record<string, unknown>,
      };
    },
    async close() {
      await client.close();
      await services.close();
    },
  };
}

/** Progress only grows, and the last notification stands at the total. */
function assertOrdered(notes: Note[]): void {
  assert(notes.length >= 2, JSON.stringify(notes));
  for (let i = 1; i < notes.length; i++) {
    assert(notes[i].progress > notes[i - 1].progress, JSON.stringify(notes));
  }
  const last = notes.at(-1)!;
  assertEquals(last.progress, last.total);
}

Deno.test("execute_plan sends progress per step, per screenful and per search scroll, in the steps' words", async () => {
  const d = longList();
  const s = await connect(d);
  try {
    const notes: Note[] = [];
    const r = await s.call("execute_plan", {
      steps: [
        { action: "click", target: { text: "Row 1" } },
        { action: "read", scroll: true },
        { action: "click", target: { text: "Row 30" } },
      ],
      max_actions: 60,
    }, notes);
    assert(!r.isError, r.text);
    assertEquals(r.structured.status, "success", r.text);
    assertOrdered(notes);
    const said = notes.map((n) => n.message);
    assertEquals(said[0], 'step 1 of 3: click "Row 1"');
    assert(said.includes("step 2 of 3: read to the end"), said.join("\n"));
    assert(said.includes("step 2 of 3: read to the end, screenful 2"), said.join("\n"));
    assert(said.includes('step 3 of 3: click "Row 30"'), said.join("\n"));
    assert(
      said.some((m) => /^step 3 of 3: click "Row 30", scrolling down to find it \(\d+ notches\)$/.test(m!)),
    );
    assertEquals(said.at(-1), "done: 3 of 3 steps");
    assert(notes.every((n) => n.total === 3));
  } finally {
    await s.close();
  }
});

Deno.test("an escalation's typed reply carries the screenshot's scale and the advice the text gives", async () => {
  const d = longList();
  const s = await connect(d);
  try {
    const r = await s.call("execute_plan", {
      steps: [{ action: "click", target: { text: "Publish", scroll_to_find: false }, timeout_ms: 200 }],
    });
    assertEquals(r.structured.status, "escalated");
    assertEquals(r.images, 1);
    const shot = r.structured.screenshot as { width: number; height: number; scale: number };
    assertMatch(r.text, new RegExp(`screenshot: attached \\(scale ${shot.scale} of the screen\\)`));
    assertEquals(r.structured.next, r.text.split("\n").find((l) => l.startsWith("next: "))?.slice(6));
  } finally {
    await s.close();
  }
});

const VIEWER = window("vw", "Viewer", "notes.md - Viewer", { x: 20, y: 20, width: 300, height: 200 });

Deno.test("focus_app's launch wait sends progress, the last one at the total", async () => {
  const d = new FakeDesktop();
  d.launchable = [{ name: "Viewer", aliases: ["viewer"], launch: ["viewer"] }];
  d.onLaunch = (_, desk) => {
    // The window shows up a while after the launch, as a real program's does.
    setTimeout(() => {
      desk.windowList = [VIEWER];
      desk.running = [{ name: "Viewer", pid: 7, aliases: ["viewer"], windowIds: ["vw"] }];
    }, 1300);
  };
  const s = await connect(d);
  try {
    const notes: Note[] = [];
    const r = await s.call("focus_app", { app_name: "viewer", timeout_ms: 8000 }, notes);
    assert(!r.isError, r.text);
    assertEquals(r.structured.action, "launched");
    assert(!("focused" in r.structured), "a field that cannot vary is not sent");
    assertOrdered(notes);
    assertMatch(notes[0].message!, /^waiting for "viewer" to come to the front \(\d+ of 8 s\)$/);
    assertEquals(notes.at(-1)!.message, 'focused "Viewer"');
  } finally {
    await s.close();
  }
});

const ITEM = { title: "save", intent: "keep the text", acceptance: "no asterisk in the title" };
const EDITOR = window("ed", "Editor", "notes.txt - Editor", { x: 10, y: 10, width: 380, height: 280 });

Deno.test("mission_replay: progress, the run's typed facts, and a closed mission's recipe replayed by id", async () => {
  const d = new FakeDesktop();
  d.windowList = [EDITOR];
  d.focusWindowId = "ed";
  d.texts = [text("File", 40, 30), text("Save", 100, 120)];
  const s = await connect(d);
  try {
    let r = await s.call("mission_start", { goal: "save notes", items: [ITEM] });
    assert(!r.isError, r.text);
    r = await s.call("execute_plan", {
      steps: [{ action: "click", target: { text: "Save" } }],
      mission_item_id: 1,
      llm_version_tag: "model-a",
    });
    assertEquals(r.structured.status, "success", r.text);
    // The fake desktop reads no app build: unknown then and now, so the replay waits for the caller's word.
    r = await s.call("mission_replay", { mission_item_id: 1, llm_version_tag: "model-a" });
    assert(r.isError, r.text);
    assertMatch(r.text, /preflight: app_build could not be compared, so no step was run/);
    assertMatch(r.text, /call again with allow_unknown=true to replay anyway/);
    assertEquals(r.structured.not_compared, ["app_build"]);
    assertEquals(d.log.filter((l) => l.startsWith("click")).length, 1, "only the recorded run clicked");
    const notes: Note[] = [];
    r = await s.call(
      "mission_replay",
      { mission_item_id: 1, llm_version_tag: "model-a", allow_unknown: true },
      notes,
    );
    assertEquals(r.structured.status, "success", r.text);
    assertOrdered(notes);
    assertEquals(notes[0].message, 'step 1 of 1: click "Save"');
    const steps = r.structured.steps as Array<{ line: string }>;
    assertEquals(steps.length, 1);
    assert(r.text.includes(steps[0].line), "the typed journey is the text's");
    assertEquals(r.structured.actions_used, 1);

    const missionId = (s.services.store.db.prepare("SELECT id FROM missions").get() as { id: number }).id;
    r = await s.call("mission_finish", { status: "done" });
    assert(!r.isError, r.text);
    const clicks = () => d.log.filter((l) => l.startsWith("click")).length;
    const before = clicks();
    r = await s.call("mission_replay", { mission_item_id: 1, llm_version_tag: "model-a" });
    assert(r.isError, "without mission_id a finished mission is not the active one");
    r = await s.call("mission_replay", {
      mission_item_id: 1,
      llm_version_tag: "model-a",
      mission_id: missionId,
      allow_unknown: true,
    });
    assert(!r.isError, r.text);
    assertEquals(r.structured.status, "success", r.text);
    assertEquals(clicks(), before + 1);
    // A failed replay of a closed mission's item is recorded; the mark it closed with stays.
    d.texts = [text("File", 40, 30)];
    r = await s.call("mission_replay", {
      mission_item_id: 1,
      llm_version_tag: "model-a",
      mission_id: missionId,
      allow_unknown: true,
    });
    assertEquals(r.structured.status, "escalated", r.text);
    const item = missionById(s.services.store, missionId)!.items[0];
    assertEquals([item.status, item.runs], ["passed", 4]);
  } finally {
    await s.close();
  }
});

Deno.test("hints say what the tools do: the pointer over any app is open-world; closing a mission is final", () => {
  const byName = new Map(listingOf().map((t: Tool) => [t.name, t]));
  assertEquals(byName.get("hover_icons")!.annotations?.openWorldHint, true);
  assertEquals(byName.get("mission_finish")!.annotations?.destructiveHint, true);
  assertEquals(byName.get("submit_icon_labels")!.annotations?.destructiveHint, true);
  const plan = byName.get("execute_plan")!.description!;
  assert(!/fix the failed step and resend/.test(plan), "no unconditional resend advice");
  assertMatch(plan, /A step that sent input: observe, then send only what is missing; never resend it whole/);
  assertMatch(plan, /semantic \(synonyms, Remove↔Delete: check it before consequential clicks\)/);
  assertMatch(byName.get("observe")!.description!, /a PNG to look at \(act on listed texts\) when asked/);
});

Deno.test("the README's tools at a glance are what the definitions give", async () => {
  const readme = await Deno.readTextFile(new URL(`../${README}`, import.meta.url));
  assertEquals(readme, withGlance(readme, listingOf()), "run `deno task docs:tools`");
});
