/**
 * End to end: an app on the deny list is never read, shown, stored or
 * touched. Mousepad holds a secret and is denied through CHOTO_DENY_APPS;
 * a zenity dialog beside it stays allowed. A real MCP client observes,
 * plans and recalls, and the secret is in no reply, no screenshot pixel
 * and no byte of the database file.
 */

import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { withSession } from "./support/session.ts";
import { skipE2E } from "./support/xdesktop.ts";
import { createX11Desktop } from "../src/desktop/x11.ts";
import { decodeImage } from "../src/image/codec.ts";
import { Store } from "../src/db/store.ts";
import { auditSince } from "../src/db/audit.ts";

const SECRET = "OPENSESAME";

type Content = Array<{ type: string; text?: string; data?: string }>;

Deno.test({
  name: "a denied app's windows are blanked, withheld and untouchable",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    await withSession(async (s) => {
      const file = `${s.dir}/vault-notes.txt`;
      await Deno.writeTextFile(file, `${SECRET} hunter2\n${SECRET} again\n`);
      s.desktop.spawn("mousepad", [file]);
      await s.desktop.waitForWindow("vault-notes");
      s.desktop.spawn("zenity", ["--info", "--title", "Harmless", "--text", "Plain words here"]);
      await s.desktop.waitForWindow("Harmless");
      const x = createX11Desktop(s.desktop.display);
      const state = x.windows();
      x.close();
      const vault = state.windows.find((w) => w.title.includes("vault-notes"))!;
      const front = state.windows.filter((w) => w !== vault).map((w) => w.bounds);
      const replies: string[] = [];

      await t.step("observe withholds the window and blanks its pixels", async () => {
        const r = await s.client.callTool({ name: "observe", arguments: { screenshot: true } }, undefined, {
          timeout: 180_000,
        });
        const content = r.content as Content;
        const text = content.filter((c) => c.type === "text").map((c) => c.text).join("\n");
        replies.push(text, JSON.stringify(r.structuredContent));
        assert(!r.isError, text);
        assertMatch(text, /^withheld: 1 window\(s\) of apps on the user's deny list/m);
        const image = content.find((c) => c.type === "image")!;
        const shot = await decodeImage(Uint8Array.from(atob(image.data!), (ch) => ch.charCodeAt(0)));
        const scale = shot.width / state.screen.widthPx;
        const b = vault.bounds;
        let sampled = 0;
        for (let y = b.y + 12; y < b.y + b.height - 12; y += 7) {
          for (let px = b.x + 12; px < b.x + b.width - 12; px += 7) {
            // Leave a margin around windows in front: resampling blends their edges.
            const nearFront = front.some((f) =>
              px > f.x - 12 && px < f.x + f.width + 12 && y > f.y - 12 && y < f.y + f.height + 12
            );
            if (nearFront) continue;
            const o = (Math.floor(y * scale) * shot.width + Math.floor(px * scale)) * 4;
            const grey = [shot.data[o], shot.data[o + 1], shot.data[o + 2]].every((v) =>
              Math.abs(v - 128) <= 3
            );
            assert(grey, `pixel (${px},${y}) of the denied window is not blank`);
            sampled++;
          }
        }
        assert(sampled > 100, `only ${sampled} pixels of the denied window could be checked`);
      });

      await t.step("focus_app and every step refuse it with the reason", async () => {
        const f = await s.call("focus_app", { app_name: "mousepad" });
        replies.push(f.text);
        assert(f.isError);
        assertMatch(f.text, /deny list/);
        const p = await s.call("execute_plan", {
          steps: [{ action: "focus_app", app_name: "Mousepad" }, { action: "type", text: "x" }],
        });
        replies.push(p.text, JSON.stringify(p.structured));
        assertEquals(p.structured.status, "refused", p.text);
        assertMatch(p.text, /deny list/);
      });

      await t.step("a drag toward the denied window is refused before anything is pressed", async () => {
        // A point of the denied window that no other window covers.
        const b = vault.bounds;
        let spot: { x: number; y: number } | null = null;
        for (let y = b.y + 30; y < b.y + b.height - 30 && !spot; y += 10) {
          for (let px = b.x + 30; px < b.x + b.width - 30 && !spot; px += 10) {
            const covered = front.some((f) =>
              px > f.x - 10 && px < f.x + f.width + 10 && y > f.y - 10 && y < f.y + f.height + 10
            );
            if (!covered) spot = { x: px, y };
          }
        }
        assert(spot, "no point of the denied window is uncovered");
        const o = await s.call("observe", { screenshot: false });
        const plain = (o.structured.elements as Array<{ text: string; cx: number; cy: number }>)
          .find((e) => e.text.startsWith("Plain"));
        assert(plain, o.text);
        const x = createX11Desktop(s.desktop.display);
        const pointer = x.pointer();
        x.close();
        const p = await s.call("execute_plan", {
          steps: [{
            action: "drag",
            path: [
              { target: { text: "Plain" } },
              { target: { text: "Plain" }, offset: { dx: spot.x - plain.cx, dy: spot.y - plain.cy } },
            ],
          }],
        });
        replies.push(p.text, JSON.stringify(p.structured));
        assertEquals(p.structured.status, "refused", p.text);
        assertMatch(p.text, /failed: refused: \S+ is on the user's deny list/);
        assert(!/input was sent/.test(p.text), p.text);
        // Nothing moved: the pointer never left where it was.
        const after = createX11Desktop(s.desktop.display);
        assertEquals(after.pointer(), pointer);
        after.close();
        const store = new Store(`${s.dir}/choto.db`);
        try {
          const rows = auditSince(store, 0);
          assert(rows.some((r) => r.kind === "refusal" && r.action === "drag"), JSON.stringify(rows));
          assert(!rows.some((r) => r.kind === "input" && /drag|press/.test(r.action)), JSON.stringify(rows));
        } finally {
          store.close();
        }
      });

      await t.step("the allowed dialog still reads, and recall knows nothing of the denied one", async () => {
        const o = await s.call("observe", { screenshot: false });
        replies.push(o.text);
        assertMatch(o.text, /Plain/);
        const r = await s.call("recall", {});
        replies.push(r.text, JSON.stringify(r.structured));
        assert(!/mousepad|vault-notes/i.test(r.text), r.text);
      });

      await t.step("the secret is in no reply and no byte of the database", async () => {
        for (const reply of replies) {
          assert(!reply.includes(SECRET), `a reply carries the secret: ${reply}`);
          assert(!reply.includes("vault-notes"), `a reply carries the denied title: ${reply}`);
        }
        for (const name of ["choto.db", "choto.db-wal"]) {
          const bytes = await Deno.readFile(`${s.dir}/${name}`).catch(() => new Uint8Array());
          const raw = new TextDecoder("latin1").decode(bytes);
          assert(!raw.includes(SECRET) && !raw.includes("vault-notes"), `${name} holds the denied window`);
        }
      });
    }, { env: { CHOTO_DENY_APPS: "Mousepad" } });
  },
});
