/**
 * End to end on mousepad: a plan types a password sentence, a PIN and a card
 * number; the editor holds them (its own clipboard copy says so) and observe
 * reads them on screen; yet `choto memory export`, `choto map` and the
 * graph's tables in the SQLite file hold none of the typed words or digit
 * groups, while mousepad's own menu words stay.
 */

import config from "../deno.json" with { type: "json" };
import { DatabaseSync } from "node:sqlite";
import { assert, assertEquals } from "./support/assert.ts";
import { runChoto } from "./support/cli.ts";
import { withSession } from "./support/session.ts";
import { skipE2E } from "./support/xdesktop.ts";

const FLAGS = config.tasks.memory.split(" ").filter((w) => w.startsWith("--allow-"));
const MAP_FLAGS = config.tasks.map.split(" ").filter((w) => w.startsWith("--allow-"));

const TYPED = "my password is hunter2 and PIN 4711\ncard 4929 1234 5678 9012\n";
const SECRETS = ["hunter2", "4711", "4929", "1234", "5678", "9012", "password"];
const OWN = ["File", "Edit"];

/**
 * Whether `out` (a pack or the map) holds the secret `w`. A word is looked for anywhere; a digit group only
 * as a number of its own: the pack's times (milliseconds since 1970, such as 1796552901234), its checksum
 * and the map's colours hold any four digits by chance (one CI run found "9012" in a pack whose database
 * texts held none).
 */
function holds(out: string, w: string): boolean {
  const low = out.toLowerCase();
  if (!/^\d+$/.test(w)) return low.includes(w);
  return [...low.matchAll(/[\p{L}\p{N}]+/gu)].some((m) => m[0] === w);
}

/** The texts of the graph's tables and the read memory in the database file, as one string. */
function storedTexts(path: string): string {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return [
      "SELECT text FROM elements",
      "SELECT title || ' ' || identity AS t FROM windows",
      "SELECT text FROM search",
      "SELECT near FROM glyph_sightings",
      "SELECT words FROM read_memory",
      "SELECT text FROM clicks",
      "SELECT text FROM transitions",
    ].flatMap((sql) => db.prepare(sql).all().map((r) => String(Object.values(r)[0]))).join("\n");
  } finally {
    db.close();
  }
}

Deno.test({
  name: "secrets typed into mousepad are read on screen but kept in no export, map or graph table",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withSession(async (s) => {
      s.desktop.spawn("mousepad", [], {}, s.dir);
      await s.desktop.waitForWindow("Mousepad");
      const typed = await s.call("execute_plan", {
        steps: [
          { action: "focus_app", app_name: "mousepad", timeout_ms: 15000 },
          { action: "type", text: TYPED, expect: { screen_changes: true } },
          { action: "hotkey", keys: ["ctrl", "a"] },
          { action: "hotkey", keys: ["ctrl", "c"] },
          { action: "read_clipboard" },
          // The selection let go of, so the text is read as it was typed.
          { action: "hotkey", keys: ["ctrl", "end"] },
        ],
      });
      assert(!typed.isError, typed.text);
      assertEquals(typed.structured.status, "success", typed.text);
      // The editor's own copy of its text: the typing reached it.
      assert(typed.text.includes("hunter2 and PIN 4711"), typed.text);
      const o = await s.call("observe", { screenshot: false });
      assert(!o.isError, o.text);
      const onScreen = SECRETS.filter((w) => o.text.toLowerCase().includes(w));
      assert(onScreen.length >= 3, `observe read too little of the typed text:\n${o.text}`);
      for (const own of OWN) assert(o.text.includes(own), `observe did not read "${own}":\n${o.text}`);
      await s.close();

      const stored = storedTexts(s.db);
      for (const w of SECRETS) {
        assert(!stored.toLowerCase().includes(w), `"${w}" is in the database:\n${stored}`);
      }
      for (const own of OWN) assert(stored.includes(own), `"${own}" is gone from the database:\n${stored}`);

      const ex = await runChoto(["memory", "export", "--db", s.db], { flags: FLAGS });
      assertEquals(ex.code, 0, ex.stderr);
      const map = await runChoto(["map", "--db", s.db], { flags: MAP_FLAGS });
      assertEquals(map.code, 0, map.stderr);
      for (const [what, out] of [["export", ex.stdout], ["map", map.stdout]]) {
        for (const w of SECRETS) assert(!holds(out, w), `"${w}" is in the ${what}`);
        for (const own of OWN) assert(out.includes(own), `"${own}" is not in the ${what}`);
      }
    });
  },
});
