/**
 * End to end: the deny list names programs, not strings, and guards the
 * clipboard. Mousepad is denied (CHOTO_DENY_APPS); one copy of it runs
 * under another file name and one under `--class=Notes`, each showing a
 * secret. Neither is read or shown, and a secret copied in one of them is
 * not what read_clipboard returns. A model-chosen name with a bidi override
 * and a newline cannot forge a line, in a reply or in `choto audit`.
 */

import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { withSession } from "./support/session.ts";
import { skipE2E } from "./support/xdesktop.ts";
import { xdotoolSearch } from "./support/xdotool_search.ts";
import { runChoto } from "./support/cli.ts";
import { createX11Desktop } from "../src/desktop/x11.ts";
import { Store } from "../src/db/store.ts";
import { auditSince } from "../src/db/audit.ts";

const SECRET = "OPENSESAME";
/** A name that would read as an audit row of its own if its newline went through. */
const FORGED = "KeePassXC\u202e\n2026-01-01 00:00:00Z  execute_plan #9  input  click";

Deno.test({
  name: "a denied app is denied as a renamed copy, under --class, and as the clipboard's owner",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    await withSession(async (s) => {
      const copied = `${s.dir}/notes-app`;
      const dirs = (Deno.env.get("PATH") ?? "").split(":");
      const real = dirs.map((d) => `${d}/mousepad`).find((p) => {
        try {
          return Deno.statSync(p).isFile;
        } catch {
          return false;
        }
      })!;
      await Deno.copyFile(Deno.realPathSync(real), copied);
      await Deno.chmod(copied, 0o755);
      await Deno.writeTextFile(`${s.dir}/first.txt`, `${SECRET} one\n`);
      await Deno.writeTextFile(`${s.dir}/second.txt`, `${SECRET} two\n`);
      s.desktop.spawn(copied, [`${s.dir}/first.txt`]);
      await s.desktop.waitForWindow("first.txt");
      s.desktop.spawn("mousepad", ["--class=Notes", `${s.dir}/second.txt`]);
      await s.desktop.waitForWindow("second.txt");
      s.desktop.spawn("zenity", ["--info", "--title", "Harmless", "--text", "Plain words here"]);
      await s.desktop.waitForWindow("Harmless");
      const x = createX11Desktop(s.desktop.display);
      const classes = x.windows().windows.map((w) => w.app);
      x.close();
      // Neither calls itself Mousepad: one is "Notes-app", the other "Notes".
      assert(!classes.includes("Mousepad"), classes.join(", "));
      const replies: string[] = [];

      await t.step("observe withholds both and reads neither", async () => {
        const o = await s.call("observe", {});
        replies.push(o.text, JSON.stringify(o.structured));
        assertMatch(o.text, /^withheld: 2 window\(s\) of apps on the user's deny list/m);
        assertMatch(o.text, /Plain/);
      });

      await t.step("focus_app refuses the copy by any name it shows", async () => {
        for (const name of ["Notes", "notes-app"]) {
          const f = await s.call("focus_app", { app_name: name });
          replies.push(f.text);
          assert(f.isError, f.text);
        }
      });

      await t.step("read_clipboard refuses what the denied app copied", async () => {
        // The user copies the secret in the denied editor, by hand.
        const xdotool = async (...args: string[]) => {
          const out = await new Deno.Command("xdotool", { args, env: s.desktop.env, stdout: "piped" })
            .output();
          assert(out.success, args.join(" "));
          return new TextDecoder().decode(out.stdout).trim();
        };
        const [id] = await xdotoolSearch(s.desktop.env, ["--name", "second.txt"]);
        assert(id, "xdotool finds no window named second.txt");
        await xdotool("windowactivate", "--sync", id);
        await xdotool("key", "ctrl+a", "ctrl+c");
        await new Promise((r) => setTimeout(r, 300));
        const r = await s.call("execute_plan", { steps: [{ action: "read_clipboard" }] });
        replies.push(r.text, JSON.stringify(r.structured));
        assertEquals(r.structured.status, "refused", r.text);
        assertMatch(r.text, /refused: .* is on the user's deny list .*the clipboard holds what it copied/);
        const store = new Store(`${s.dir}/choto.db`);
        try {
          const rows = auditSince(store, 0);
          assert(
            rows.some((r) => r.kind === "refusal" && r.action === "read_clipboard"),
            JSON.stringify(rows),
          );
        } finally {
          store.close();
        }
      });

      await t.step("the secret is in no reply", () => {
        for (const reply of replies) assert(!reply.includes(SECRET), `a reply carries the secret: ${reply}`);
      });

      await t.step(
        "a name with a bidi override and a newline forges no line, in a reply or the audit",
        async () => {
          const f = await s.call("focus_app", { app_name: FORGED });
          assert(f.isError, f.text);
          const p = await s.call("execute_plan", {
            steps: [{ action: "click", target: { text: FORGED, scroll_to_find: false }, timeout_ms: 200 }],
          });
          for (const text of [f.text, p.text, JSON.stringify(p.structured)]) {
            assert(!text.includes("\u202e"), text);
            assert(!/^2026-01-01/m.test(text), text);
          }
          const audit = await runChoto(["audit", "--db", `${s.dir}/choto.db`]);
          assertEquals(audit.code, 0, audit.stderr);
          assert(!audit.stdout.includes("\u202e"), audit.stdout);
          assert(!/^2026-01-01/m.test(audit.stdout), audit.stdout);
          assertMatch(audit.stdout, /refusal {2}focus_app {2}in "KeePassXC\\u\{202e\}\\n2026-01-01/);
          const json = await runChoto(["audit", "--db", `${s.dir}/choto.db`, "--json"]);
          assert(!json.stdout.includes("\u202e"), json.stdout);
        },
      );
    }, { env: { CHOTO_DENY_APPS: "Mousepad" } });
  },
});
