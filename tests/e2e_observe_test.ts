/**
 * End to end: a real MCP client starts `deno task start` on an Xvfb +
 * openbox desktop, launches mousepad through focus_app, and observes it.
 */

import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { withSession } from "./support/session.ts";
import { createX11Desktop } from "../src/desktop/x11.ts";
import { skipE2E } from "./support/xdesktop.ts";
import { parseRow } from "../src/render/element_rows.ts";

type Content = Array<{ type: string; text?: string; data?: string; mimeType?: string }>;

function textOf(content: unknown): string {
  return (content as Content).filter((c) => c.type === "text").map((c) => c.text).join("\n");
}

Deno.test({
  name: "focus_app launches mousepad and observe reads its window",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    await withSession(async (server) => {
      const { desktop } = server;
      await t.step("focus_app starts the app and confirms it is in front", async () => {
        const r = await server.client.callTool({
          name: "focus_app",
          arguments: { app_name: "mousepad", timeout_ms: 30000 },
        });
        const text = textOf(r.content);
        assert(!r.isError, `focus_app failed: ${text}\n${server.stderr()}`);
        assertMatch(text, /^focused "Mousepad"/);
        const s = r.structuredContent as { action: string };
        assertEquals(s.action, "launched");
      });

      await t.step("focus_app again finds the running app without relaunching", async () => {
        const r = await server.client.callTool({ name: "focus_app", arguments: { app_name: "MOUSE" } });
        assert(!r.isError, textOf(r.content));
        assert((r.structuredContent as { action: string }).action !== "launched");
      });

      await t.step("observe lists the menu words, the title, an image and structured content", async () => {
        const r = await server.client.callTool({ name: "observe", arguments: { screenshot: true } });
        const text = textOf(r.content);
        assert(!r.isError, text);
        assertMatch(text, /^app: Mousepad$/m);
        assertMatch(text, /^window: ".*Mousepad"/m);
        assertMatch(text, /^elements in focus window \(\d+\):$/m);
        assertMatch(text, /^chrome \(.*, 0\):$/m);
        const listed = text.split("\n").flatMap(parseRow);
        for (const word of ["File", "Edit", "Search", "View", "Help"]) {
          assert(listed.some((e) => e.text === word), `${word} is not listed:\n${text}`);
        }
        const image = (r.content as Content).find((c) => c.type === "image");
        assert(image?.data, "no image content");
        assertEquals(image.mimeType, "image/png");
        const png = Uint8Array.from(atob(image.data), (c) => c.charCodeAt(0));
        assert(png.length < 1_000_000, `screenshot is ${png.length} bytes`);
        assertEquals([...png.subarray(1, 4)].map((b) => String.fromCharCode(b)).join(""), "PNG");
        const s = r.structuredContent as {
          app: string;
          window: { title: string };
          elements: Array<{ text: string; cx: number; cy: number }>;
          known_window: boolean;
          screen: { width_px: number };
        };
        // Every element of the structured output is in the listing, by its text and centre.
        for (const e of s.elements) {
          assert(
            listed.some((l) => l.text === e.text && l.cx === e.cx && Math.abs(l.cy - e.cy) <= 2),
            `${e.text} @ (${e.cx},${e.cy}) is not listed:\n${text}`,
          );
        }
        assertEquals(s.app, "Mousepad");
        assertMatch(s.window.title, /Mousepad$/);
        assertEquals(s.screen.width_px, 1440);
        assert(s.elements.some((e) => e.text === "File"));
        assertEquals(s.known_window, false);
      });

      await t.step("a second observe knows the window; unasked, it attaches no image", async () => {
        const r = await server.client.callTool({ name: "observe", arguments: {} });
        assert(!r.isError, textOf(r.content));
        assertEquals((r.structuredContent as { known_window: boolean }).known_window, true);
        assertEquals((r.content as Content).filter((c) => c.type === "image").length, 0);
        assertMatch(textOf(r.content), /^screenshot: not attached \(screenshot:true for one\)$/m);
      });

      await t.step("an open menu is reported as chrome", async () => {
        const obs = await server.client.callTool({ name: "observe", arguments: { screenshot: false } });
        const file = (obs.structuredContent as { elements: Array<{ text: string; cx: number; cy: number }> })
          .elements.find((e) => e.text === "File")!;
        // The executor is not part of this test: click through the backend directly.
        const x = createX11Desktop(desktop.display);
        try {
          await x.click({ x: file.cx, y: file.cy }, "left", 1, []);
        } finally {
          x.close();
        }
        await new Promise((r) => setTimeout(r, 700));
        const r = await server.client.callTool({ name: "observe", arguments: { screenshot: false } });
        const text = textOf(r.content);
        const s = r.structuredContent as { chrome: Array<{ text: string }>; chrome_surfaces: unknown[] };
        assert(s.chrome_surfaces.length > 0, text);
        assert(s.chrome.some((e) => /^Save/.test(e.text)), text);
      });

      await t.step("bad arguments come back as isError with what to change", async () => {
        const r = await server.client.callTool({ name: "focus_app", arguments: { app_name: "   " } });
        assert(r.isError);
        assertMatch(textOf(r.content), /app_name is empty: pass the application's name/);
        const r2 = await server.client.callTool({ name: "observe", arguments: { screenshot: "yes" } });
        assert(r2.isError);
        assertMatch(textOf(r2.content), /screenshot/);
      });

      await t.step("an unknown app is refused with the reason", async () => {
        const r = await server.client.callTool({
          name: "focus_app",
          arguments: { app_name: "no-such-app-xyz" },
        });
        assert(r.isError);
        assertMatch(textOf(r.content), /no running or installed app is called "no-such-app-xyz"/);
        // An error is text only: the output schema describes answers, not refusals.
        assertEquals(r.structuredContent, undefined);
      });
    });
  },
});
