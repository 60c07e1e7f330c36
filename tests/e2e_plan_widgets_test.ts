/**
 * End to end: execute_plan on other GTK apps through a real MCP client — a
 * calculator's single-character keys, a long list searched by scrolling, a
 * slider moved until its readout says a value, and a long document read to
 * its end with every line exactly once.
 */

import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { until, withSession } from "./support/session.ts";
import { skipE2E } from "./support/xdesktop.ts";

const WORDS = [
  "apple",
  "banana",
  "cherry",
  "damson",
  "elder",
  "fig",
  "grape",
  "guava",
  "kiwi",
  "lemon",
  "lime",
  "lychee",
  "mango",
  "melon",
  "nectarine",
  "olive",
  "orange",
  "papaya",
  "peach",
  "pear",
  "plum",
  "quince",
  "raisin",
  "rhubarb",
  "satsuma",
  "sloe",
  "tangerine",
  "tomato",
  "ugli",
  "walnut",
  "almond",
  "apricot",
  "avocado",
  "bilberry",
  "blackberry",
  "blueberry",
  "cashew",
  "coconut",
  "cranberry",
  "currant",
  "date",
  "durian",
  "feijoa",
  "gooseberry",
  "hazelnut",
  "huckleberry",
  "jackfruit",
  "kumquat",
  "loganberry",
  "mulberry",
];

function titleCase(w: string): string {
  return w[0].toUpperCase() + w.slice(1);
}

/** Starts a zenity dialog whose answer (its standard output) the test reads back. */
function zenity(env: Record<string, string>, args: string[]): Deno.ChildProcess {
  return new Deno.Command("zenity", { args, env, stdout: "piped", stderr: "null" }).spawn();
}

async function collect(child: Deno.ChildProcess): Promise<string> {
  const out = await child.output();
  return new TextDecoder().decode(out.stdout).trim();
}

Deno.test({
  name: "execute_plan on a calculator, a long list, a slider and a long document",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    await withSession(async (s) => {
      await t.step("galculator: single-character keys compute 7 + 8 = 15", async () => {
        s.desktop.spawn("galculator");
        await s.desktop.waitForWindow("galculator");
        const r = await s.call("execute_plan", {
          steps: [
            { action: "focus_app", app_name: "galculator" },
            { action: "click", target: { text: "AC" } },
            { action: "click", target: { text: "7" } },
            { action: "click", target: { text: "+" } },
            { action: "click", target: { text: "8" } },
            { action: "click", target: { text: "=" }, expect: { appears: "15" } },
            { action: "read", target: { text: "", region: "top" } },
          ],
        });
        assertEquals(r.structured.status, "success", r.text);
        const extracted = r.structured.extracted as Array<{ text: string }>;
        assertMatch(extracted[0].text, /\b15\b/);
      });

      await t.step("a list item below the fold is found by scrolling, then chosen", async () => {
        const items = WORDS.map(titleCase);
        const child = zenity(s.desktop.env, [
          "--list",
          "--title",
          "Pick a fruit",
          "--column",
          "Fruit",
          "--width",
          "360",
          "--height",
          "360",
          ...items,
        ]);
        await s.desktop.waitForWindow("Pick a fruit");
        const r = await s.call("execute_plan", {
          steps: [
            { action: "focus_app", app_name: "zenity" },
            { action: "click", target: { text: "Gooseberry" } },
            { action: "click", target: { text: "OK" } },
          ],
        });
        assertEquals(r.structured.status, "success", r.text);
        assertMatch(r.text, /not on screen, scrolled \d+x down -> matched "Gooseberry"/);
        assertEquals(await collect(child), "Gooseberry");
      });

      await t.step("shift held through a click selects a range of a list", async () => {
        const fruits = WORDS.slice(0, 6).map(titleCase);
        const child = zenity(s.desktop.env, [
          "--list",
          "--multiple",
          "--title",
          "Basket",
          "--column",
          "Fruit",
          "--height",
          "360",
          ...fruits,
        ]);
        await s.desktop.waitForWindow("Basket");
        const r = await s.call("execute_plan", {
          steps: [
            { action: "focus_app", app_name: "zenity" },
            { action: "click", target: { text: "Banana" } },
            { action: "click", target: { text: "Elder" }, modifiers: ["shift"] },
            { action: "click", target: { text: "OK" } },
          ],
        });
        assertEquals(r.structured.status, "success", r.text);
        assertMatch(r.text, /click "Elder" \(window\) with shift/);
        assertEquals(await collect(child), "Banana|Cherry|Damson|Elder");
      });

      await t.step("a slider is dragged until its readout shows 75", async () => {
        const child = zenity(s.desktop.env, [
          "--scale",
          "--title",
          "Volume",
          "--text",
          "Set the volume",
          "--value",
          "20",
        ]);
        await s.desktop.waitForWindow("Volume");
        const focused = await s.call("focus_app", { app_name: "zenity" });
        assert(!focused.isError, focused.text);
        let seen = "";
        const obs = await until(async () => {
          const o = await s.call("observe", { screenshot: false });
          seen = o.text;
          const els = o.structured.elements as Array<{ text: string; x: number; cx: number; cy: number }>;
          return els.some((e) => /^20\b/.test(e.text)) && els.some((e) => e.text === "Set the volume")
            ? els
            : null;
        }).catch((err) => {
          throw new Error(`${err.message}; last observe:\n${seen}`);
        });
        const readout = obs.find((e) => /^20\b/.test(e.text))!;
        const label = obs.find((e) => e.text === "Set the volume")!;
        // The knob sits at 20% of a track that runs from the label's left edge to the readout.
        const start = { x: Math.round(label.x + 8 + (readout.x - 12 - label.x) * 0.2), y: readout.cy };
        const r = await s.call("execute_plan", {
          steps: [
            {
              action: "drag",
              // The second point is only a direction and a first guess.
              path: [start, { x: start.x + 100, y: readout.cy }],
              until_readout: { watch: { text: "20" }, value: "75", tolerance: 1 },
            },
            { action: "click", target: { text: "OK" } },
          ],
        });
        assertEquals(r.structured.status, "success", r.text);
        assertMatch(r.text, /push\(es\), reached/);
        const value = Number(await collect(child));
        assert(Math.abs(value - 75) <= 1, `zenity printed ${value}`);
      });

      await t.step(
        "a long document is read to its end, every line exactly once, and scrolled back",
        async () => {
          const file = `${s.dir}/long.txt`;
          const lines = Array.from(
            { length: 120 },
            (_, i) => `Line ${String(i + 1).padStart(3, "0")} ${WORDS[i % 50]}`,
          );
          await Deno.writeTextFile(file, lines.join("\n") + "\n");
          s.desktop.spawn("mousepad", [file]);
          await s.desktop.waitForWindow("long.txt");
          const r = await s.call("execute_plan", {
            steps: [
              { action: "focus_app", app_name: "mousepad" },
              { action: "read", scroll: true },
              { action: "read", from_text: "Line 001", to_text: "Line 003" },
            ],
            max_actions: 100,
          });
          assertEquals(r.structured.status, "success", r.text);
          const [whole, bounded] = r.structured.extracted as Array<{ text: string }>;
          const numbers = [...whole.text.matchAll(/^\s*(?:Line)?\s*(\d{3})\s/gm)].map((m) => Number(m[1]));
          assertEquals(numbers, Array.from({ length: 120 }, (_, i) => i + 1));
          // The view is back at the top: the bounded read finds the first lines on screen.
          assertMatch(bounded.text, /001[\s\S]*003/);
          assert(!/004/.test(bounded.text), bounded.text);
        },
      );
    });
  },
});
