/**
 * A memory pack end to end on geany, through real MCP clients: server A
 * learns the toolbar's names from tooltips (hover_icons) and the way into
 * Preferences through the Edit menu; `choto memory export` writes A's graph
 * under the flags of `deno task memory`; a fresh database B imports it, and
 * B's server then shows the icons already named, clicks one by name without
 * hovering, recall on B answers the route, and B's map (in headless
 * Chromium) finds an icon by its imported name. The same first task on an
 * empty database C (try the click, learn the names, click again) is the
 * comparison: B needs fewer tool calls. Seconds are printed, not asserted.
 */

import config from "../deno.json" with { type: "json" };
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { headless } from "./support/chromium.ts";
import { runChoto } from "./support/cli.ts";
import { type Connected, withSession } from "./support/session.ts";
import { skipE2E } from "./support/xdesktop.ts";

const FLAGS = config.tasks.memory.split(" ").filter((w) => w.startsWith("--allow-"));
const MAP_FLAGS = config.tasks.map.split(" ").filter((w) => w.startsWith("--allow-"));
const ICON = "Create a new file";

interface ObserveOut {
  icons: { labeled: number; named: Array<{ text: string }> };
}

/**
 * The first task on a machine: click the New icon by name, learning the names first if that fails;
 * `fromPack`: its name came from a pack, and the journey says so.
 */
async function firstTask(server: Connected, fromPack: boolean): Promise<{ calls: number; ms: number }> {
  const start = performance.now();
  const click = () =>
    server.call("execute_plan", {
      steps: [{ action: "click", target: { text: ICON }, expect: { screen_changes: true } }],
    });
  let calls = 1;
  let r = await click();
  // A target not found is a run that stopped, not a failed call: its status says so.
  if (!/^status: success/m.test(r.text)) {
    const hover = await server.call("hover_icons", { limit: 40 });
    assert(!hover.isError, hover.text);
    assert((hover.structured as { named: string[] }).named.includes(ICON), hover.text);
    r = await click();
    calls += 2;
  }
  assert(!r.isError, r.text);
  assertMatch(r.text, new RegExp(`matched icon "${ICON}" \\(exact\\)`));
  // A name only a pack gave is said to be one; a name learned here is not.
  assertEquals(/its name came from a memory pack/.test(r.text), fromPack, r.text);
  return { calls, ms: Math.round(performance.now() - start) };
}

Deno.test({
  name: "geany's names and routes learned on one server arrive on a fresh one through a pack",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    await withSession(async (a) => {
      a.desktop.spawn("geany", ["-i"], { GTK_THEME: "Adwaita" });
      await a.desktop.waitForWindow("Geany");
      const focus = await a.call("focus_app", { app_name: "geany" });
      assert(!focus.isError, focus.text);

      await t.step("A learns the toolbar's names and the way to Preferences", async () => {
        const o = await a.call("observe", { screenshot: false });
        assert(!o.isError, o.text);
        const hover = await a.call("hover_icons", { limit: 40 });
        assert(!hover.isError, hover.text);
        assert((hover.structured as { named: string[] }).named.includes(ICON), hover.text);
        const plan = await a.call("execute_plan", {
          steps: [
            { action: "click", target: { text: "Edit" }, expect: { appears: "Preferences" } },
            {
              action: "click",
              target: { text: "Preferences", scope: "chrome" },
              expect: { appears: "Keybindings" },
            },
            { action: "hotkey", keys: ["escape"], expect: { disappears: "Keybindings" } },
          ],
        });
        assert(!plan.isError, plan.text);
        assertMatch(plan.text, /status: success/);
        // Back in the main window, where routes start.
        assert(!(await a.call("observe", { screenshot: false })).isError);
      });

      const pack = `${a.dir}/geany.pack`;
      await t.step("choto memory export writes A's graph; a fresh database imports it", async () => {
        await a.close();
        const ex = await runChoto(["memory", "export", "--db", a.db, "--app", "geany"], { flags: FLAGS });
        assertEquals(ex.code, 0, ex.stderr);
        assertMatch(ex.stderr, /^exported 1 app \(Geany\): \d+ windows?, \d+ texts, (\d+) named icons/);
        assert(Number(/(\d+) named icons/.exec(ex.stderr)![1]) >= 8, ex.stderr);
        await Deno.writeTextFile(pack, ex.stdout);
        const im = await runChoto(["memory", "import", pack, "--db", `${a.dir}/b.db`], { flags: FLAGS });
        assertEquals(im.code, 0, im.stderr);
        assertMatch(im.stdout, /apps: 1 new/);
      });

      await t.step(
        "B's map shows the imported names: a search for an icon finds it in the main window",
        async () => {
          const map = await runChoto(["map", "--db", `${a.dir}/b.db`, "--app", "geany"], {
            flags: MAP_FLAGS,
          });
          assertEquals(map.code, 0, map.stderr);
          await Deno.writeTextFile(`${a.dir}/map.html`, map.stdout);
          const dom = await headless(`file://${a.dir}/map.html#search=${encodeURIComponent(ICON)}`, {
            dumpDom: true,
          });
          assertMatch(dom, new RegExp(`<li>${ICON} — icon in #\\d+ \\(exact\\)</li>`));
          assertMatch(dom, new RegExp(`<h3>Icons \\(\\d+\\)</h3><ul class="icons">.*<li>${ICON}</li>`));
        },
      );

      // B's icon names are the pack's claim: a click on one asks the user, who says yes here.
      const asked: string[] = [];
      const b = await a.connect({ db: `${a.dir}/b.db`, elicit: (m) => (asked.push(m), "accept") });
      let onB = { calls: 0, ms: 0 };
      await t.step(
        "B sees the icons named, clicks one by name without hovering, and recalls the route",
        async () => {
          const o = await b.call("observe", { screenshot: false });
          assert(!o.isError, o.text);
          const out = o.structured as unknown as ObserveOut;
          assert(out.icons.labeled >= 8, o.text);
          assert(out.icons.named.some((i) => i.text === ICON), o.text);
          const r = await b.call("recall", { app_name: "geany", query: "Keybindings" });
          assert(!r.isError, r.text);
          assertMatch(
            r.text,
            /route: in #\d+ "[^"]*Geany[^"]*" click "Edit" then click "Preferences" \(chrome\) -> #\d+/,
          );
          // The same map as a resource, from the server `deno task start` runs.
          const page = await b.client.readResource({ uri: "choto://map/Geany" });
          assertMatch(
            String((page.contents[0] as { text: string }).text),
            /Geany · \d+ windows, \d+ transitions/,
          );
          onB = await firstTask(b, true);
          assertEquals(onB.calls, 1, "B had to learn the names again");
          assertEquals(asked.length, 1, "the user was asked once, about the pack's name");
          assertMatch(asked[0], new RegExp(`The icon's name "${ICON}" comes from a memory pack`));
        },
      );

      await t.step("the same first task on an empty database takes more calls", async () => {
        const c = await a.connect({ db: `${a.dir}/c.db` });
        // The click on B opened a tab; C starts from the same window.
        const onC = await firstTask(c, false);
        assert(onC.calls > onB.calls, `C ${onC.calls} calls, B ${onB.calls}`);
        console.log(
          `first task: with the pack ${onB.calls} call(s), ${onB.ms} ms; empty ${onC.calls} calls, ${onC.ms} ms`,
        );
      });
    });
  },
});
