/** `choto missions`: a person sees the missions, their checklists and the recipes kept. */

import { Store } from "../src/db/store.ts";
import { activeItem, finishMission, markItem, recordRun, startMission } from "../src/mission/store.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { runChoto } from "./support/cli.ts";

const missions = (...args: string[]) =>
  runChoto(["missions", ...args], { flags: ["--allow-read", "--allow-write", "--allow-env", "--allow-ffi"] });

Deno.test("choto missions lists missions newest first with items, reasons and recipes", async () => {
  const dir = await Deno.makeTempDir({ prefix: "choto-missions-" });
  const db = `${dir}/choto.db`;
  try {
    const empty = await missions("--db", db);
    assertEquals(empty.code, 0, empty.stderr);
    assertMatch(empty.stdout, /no missions yet/);

    const store = new Store(db);
    const items = [
      { title: "add 7 and 8", intent: "check adding", acceptance: "15 shows" },
      { title: "print", intent: "paper copy", acceptance: "a page" },
    ];
    assert(startMission(store, "first goal", items, Date.UTC(2026, 0, 1)).ok);
    assert(finishMission(store, "abandoned", Date.UTC(2026, 0, 2)).ok);
    assert(startMission(store, "calculator check", items, Date.UTC(2026, 0, 3)).ok);
    const one = activeItem(store, 1, "test");
    assert(one.ok);
    recordRun(store, {
      itemId: one.item.id,
      kind: "plan",
      outcome: "success",
      reason: null,
      llmVersionTag: "model-a",
      route: [{ node: null, app: "Galculator", title: "galculator" }],
      startedAt: 1,
      finishedAt: 2,
      recipe: {
        plan: {
          steps: [{ action: "click", target: { text: "7" } }, { action: "click", target: { text: "=" } }],
        },
        fingerprint: {
          app: "Galculator",
          appBuild: null,
          llmVersionTag: "model-a",
          screen: { width: 1440, height: 900 },
          window: { identity: "window|galculator", title: "galculator" },
          windowSize: { width: 333, height: 368 },
        },
      },
    }, Date.UTC(2026, 0, 3, 12));
    assert(markItem(store, 2, "failed", "no printer configured", 3).ok);
    store.close();

    const r = await missions("--db", db);
    assertEquals(r.code, 0, r.stderr);
    const text = r.stdout;
    assertMatch(text, /2 most recent mission\(s\), newest first/);
    assert(text.indexOf("calculator check") < text.indexOf("first goal"), "newest first");
    assertMatch(text, /mission #2 \(active\): calculator check/);
    assertMatch(text, /mission #1 \(abandoned on 2026-01-02T00:00:00\.000Z\): first goal/);
    assertMatch(text, /1\. \[passed\] add 7 and 8 \(by a run; recipe kept/);
    assertMatch(text, /reason: no printer configured/);
    assertMatch(
      text,
      /item 1 recipe: 2 step\(s\) recorded 2026-01-03T12:00:00\.000Z in Galculator \(window "galculator", 333x368, screen 1440x900, model tag "model-a"\); route Galculator "galculator"/,
    );

    const extra = await missions("--db", db, "everything");
    assertEquals(extra.code, 2);
    assertMatch(extra.stderr, /"missions" takes no arguments/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
