/**
 * When observe attaches its screenshot, through an in-memory MCP client on
 * the fake desktop: unasked, a window whose text was read gets the listing
 * alone (and the line saying the PNG is one argument away), a screen where
 * nothing was read gets the picture, since it is all there is; asked, the
 * PNG comes either way, and `screenshot: false` is always obeyed.
 */

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createServer } from "../src/server/server.ts";
import { assertEquals, assertMatch } from "./support/assert.ts";
import { FakeDesktop, fakeServices, text, window } from "./support/fake_desktop.ts";

type Content = Array<{ type: string; text?: string }>;

/** Observes `d` with `args` and says how many images came and what the text said. */
async function observe(
  d: FakeDesktop,
  args: Record<string, unknown>,
): Promise<{ images: number; text: string }> {
  const server = createServer(fakeServices(d));
  const [a, b] = InMemoryTransport.createLinkedPair();
  const c = new Client({ name: "t", version: "0" });
  await Promise.all([server.connect(a), c.connect(b)]);
  try {
    const r = await c.callTool({ name: "observe", arguments: args });
    const content = r.content as Content;
    return {
      images: content.filter((x) => x.type === "image").length,
      text: content.filter((x) => x.type === "text").map((x) => x.text).join("\n"),
    };
  } finally {
    await c.close();
  }
}

/** An editor in front, showing `texts`. */
function editor(texts: ReturnType<typeof text>[]): FakeDesktop {
  const d = new FakeDesktop();
  d.windowList = [window("ed", "Mousepad", "notes.txt - Mousepad", { x: 0, y: 0, width: 400, height: 300 })];
  d.focusWindowId = "ed";
  d.texts = texts;
  return d;
}

Deno.test("unasked, observe of a window with text sends the listing alone and says how to get the PNG", async () => {
  const r = await observe(editor([text("File", 30, 20), text("Save", 80, 20)]), {});
  assertEquals(r.images, 0, r.text);
  assertMatch(r.text, /^screenshot: not attached \(screenshot:true for one\)$/m);
  assertMatch(r.text, /File@30/);
});

Deno.test("unasked, observe of a screen with no text read attaches the picture", async () => {
  const r = await observe(editor([]), {});
  assertEquals(r.images, 1, r.text);
  assertMatch(r.text, /^screenshot: 400x300, scale 1: /m);
});

Deno.test("screenshot:true attaches the PNG to a listing; screenshot:false leaves it out even with no text", async () => {
  const asked = await observe(editor([text("File", 30, 20)]), { screenshot: true });
  assertEquals(asked.images, 1, asked.text);
  const declined = await observe(editor([]), { screenshot: false });
  assertEquals(declined.images, 0, declined.text);
  assertMatch(declined.text, /^screenshot: not attached/m);
});
