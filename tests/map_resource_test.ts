/**
 * The memory map as MCP resources, through a real client and server pair:
 * listed (the whole map, one per remembered app, none for a denied app),
 * read as the page `choto map` writes, an app learned after the listing
 * readable at once, and unknown addresses refused with what to read instead.
 */

import { connectMapClient } from "./support/map_client.ts";
import type { Store } from "../src/db/store.ts";
import { assert, assertEquals, assertMatch, assertRejects } from "./support/assert.ts";
import { go, HOUR, NOW, see, tempStore } from "./graph_fixture.ts";

function connect(store: Store) {
  return connectMapClient(store, NOW);
}

Deno.test("choto://map: listed per app, read as the page, unknown addresses refused", async () => {
  using store = tempStore();
  const main = see(store, "Geany", "untitled - Geany", ["File", "Edit"], NOW - 2 * HOUR);
  const prefs = see(store, "Geany", "Preferences", ["Toolbar"], NOW - HOUR, "dialog");
  go(store, main, "Preferences", prefs, NOW - HOUR, "chrome", "Edit");
  see(store, "Mousepad", "Untitled 1 - Mousepad", ["File"], NOW - HOUR);
  see(store, "KeePassXC", "Passwords - KeePassXC", ["secret entry"], NOW - HOUR);
  const mcp = await connect(store);
  try {
    assert(mcp.client.getServerCapabilities()?.resources !== undefined, "resources are not offered");
    const { resources } = await mcp.client.listResources();
    assertEquals(resources.map((r: { uri: string }) => r.uri), [
      "choto://map",
      "choto://map/Geany",
      "choto://map/Mousepad",
    ]);
    assert(resources.every((r: { mimeType?: string }) => r.mimeType === "text/html"));
    const { resourceTemplates } = await mcp.client.listResourceTemplates();
    assertEquals(resourceTemplates.map((t: { uriTemplate: string }) => t.uriTemplate), ["choto://map/{app}"]);

    const all = await mcp.client.readResource({ uri: "choto://map" });
    const page = String((all.contents[0] as { text: string }).text);
    assertMatch(page, /^<!DOCTYPE html>/);
    assertMatch(page, /Geany, Mousepad · 3 windows, 1 transitions/);
    assert(!page.includes("KeePassXC") && !page.includes("secret entry"));

    const one = await mcp.client.readResource({ uri: "choto://map/Geany" });
    const geany = String((one.contents[0] as { text: string }).text);
    assertMatch(geany, /Geany · 2 windows, 1 transitions/);
    assert(!geany.includes("Mousepad"));

    // Learned after the listing: readable now, and listed next time.
    see(store, "galculator", "galculator", ["7"], NOW);
    const late = await mcp.client.readResource({ uri: "choto://map/galculator" });
    assertMatch(String((late.contents[0] as { text: string }).text), /galculator · 1 windows/);

    await assertRejects(() => mcp.client.readResource({ uri: "choto://map/KeePassXC" }), /deny list/);
    await assertRejects(() => mcp.client.readResource({ uri: "choto://map/gimp" }), /no app named "gimp"/);
    await assertRejects(() => mcp.client.readResource({ uri: "choto://elsewhere" }), /read choto:\/\/map/);
  } finally {
    await mcp.close();
  }
});
