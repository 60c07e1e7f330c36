/**
 * The memory map as an MCP Apps view. Through a real client and server
 * pair: a client that declares the UI extension sees recall linked to
 * `ui://choto/map` and the view listed, and reads it as the map page with
 * the handshake; one that does not sees tools/list exactly as before. In
 * headless Chromium: a host page frames the view as a host does, answers
 * its `ui/initialize`, passes recall's arguments, and finds the map drawn
 * and searched for them; the plain map page says nothing to a host.
 */

import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { listingOf } from "../src/server/server.ts";
import { connectMapClient } from "./support/map_client.ts";
import type { Store } from "../src/db/store.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { chromiumPath, headless } from "./support/chromium.ts";
import { go, HOUR, NOW, see, tempStore } from "./graph_fixture.ts";

// The extension's own names (@modelcontextprotocol/ext-apps: EXTENSION_ID, RESOURCE_MIME_TYPE).
const EXTENSION = "io.modelcontextprotocol/ui";
const APP_MIME = "text/html;profile=mcp-app";
const CHROMIUM = chromiumPath() !== null;

function connect(store: Store, apps: boolean) {
  return connectMapClient(
    store,
    NOW,
    apps ? { capabilities: { extensions: { [EXTENSION]: { mimeTypes: [APP_MIME] } } } } : {},
  );
}

/** geany, last seen in its main window, with a route to Preferences; mousepad; a denied app. */
function learn(store: Store): { main: number; prefs: number; pad: number } {
  const main = see(store, "Geany", "untitled - Geany", ["File", "Edit"], NOW - 2 * HOUR);
  const prefs = see(store, "Geany", "Preferences", ["General", "Toolbar"], NOW - HOUR, "dialog");
  go(store, main, "Preferences", prefs, NOW - HOUR, "chrome", "Edit");
  see(store, "Geany", "untitled - Geany", ["File", "Edit"], NOW - 10 * 60_000);
  const pad = see(store, "Mousepad", "Untitled 1 - Mousepad", ["File"], NOW - HOUR);
  see(store, "KeePassXC", "Passwords - KeePassXC", ["secret entry"], NOW - HOUR);
  return { main, prefs, pad };
}

async function viewPage(store: Store): Promise<string> {
  const mcp = await connect(store, true);
  try {
    const read = await mcp.client.readResource({ uri: "ui://choto/map" });
    return String((read.contents[0] as { text: string }).text);
  } finally {
    await mcp.close();
  }
}

Deno.test("a client that renders MCP Apps gets recall linked to the map view; any other, the listing as before", async () => {
  using store = tempStore();
  learn(store);
  const plain = await connect(store, false);
  try {
    const { tools } = await plain.client.listTools();
    assertEquals(JSON.stringify(tools), JSON.stringify(listingOf()));
    const { resources } = await plain.client.listResources();
    assert(
      resources.every((r: { uri: string }) => !r.uri.startsWith("ui://")),
      "a view listed to a plain client",
    );
  } finally {
    await plain.close();
  }

  const host = await connect(store, true);
  try {
    const { tools } = await host.client.listTools();
    const recall = tools.find((t: Tool) => t.name === "recall")!;
    assertEquals(recall._meta, { ui: { resourceUri: "ui://choto/map" }, "ui/resourceUri": "ui://choto/map" });
    // Nothing else about any tool changed.
    const { _meta: _, ...bare } = recall;
    assertEquals(
      JSON.stringify([bare, ...tools.filter((t: Tool) => t.name !== "recall")]),
      JSON.stringify([
        listingOf().find((t) => t.name === "recall"),
        ...listingOf().filter((t) => t.name !== "recall"),
      ]),
    );

    const { resources } = await host.client.listResources();
    assertEquals(resources.map((r: { uri: string }) => r.uri), [
      "ui://choto/map",
      "choto://map",
      "choto://map/Geany",
      "choto://map/Mousepad",
    ]);
    assertEquals(resources[0].mimeType, APP_MIME);
    const read = await host.client.readResource({ uri: "ui://choto/map" });
    assertEquals(read.contents[0].mimeType, APP_MIME);
    const page = String((read.contents[0] as { text: string }).text);
    assertMatch(page, /^<!DOCTYPE html>/);
    assertMatch(page, /Geany, Mousepad · 3 windows, 1 transitions/);
    assertMatch(page, /"ui\/initialize"/);
    assert(!page.includes("KeePassXC") && !page.includes("secret entry"), "a denied app is in the view");
  } finally {
    await host.close();
  }
});

/**
 * A host page as a host frames a view: a sandboxed frame (same origin here,
 * so the test can read what the view drew), the handshake answered, then
 * recall's arguments and a ping; every message from the view is written
 * down, and once the ping is answered, what the view shows.
 */
function hostPage(view: string, args: Record<string, string>): string {
  const json = (v: unknown) => JSON.stringify(v).replace(/</g, "\\u003c");
  return `<!DOCTYPE html><html><body>
<pre id="log"></pre><pre id="shown"></pre>
<iframe id="view" sandbox="allow-scripts allow-same-origin" width="1200" height="800"></iframe>
<script>
const frame = document.getElementById("view");
const log = [];
const to = (m) => frame.contentWindow.postMessage(Object.assign({ jsonrpc: "2.0" }, m), "*");
window.addEventListener("message", (e) => {
  if (e.source !== frame.contentWindow) return;
  const m = e.data;
  log.push(m);
  document.getElementById("log").textContent = JSON.stringify(log);
  if (m.method === "ui/initialize") {
    to({ id: m.id, result: { protocolVersion: m.params.protocolVersion, hostInfo: { name: "test-host", version: "0" },
      hostCapabilities: {}, hostContext: { theme: "light", displayMode: "inline" } } });
  } else if (m.method === "ui/notifications/initialized") {
    to({ method: "ui/notifications/tool-input", params: { arguments: ${json(args)} } });
    to({ id: 900, method: "ping", params: {} });
  } else if (m.id === 900) {
    const d = frame.contentDocument;
    document.getElementById("shown").textContent = JSON.stringify({
      nodes: [...d.querySelectorAll("g.node")].map((g) => Number(g.dataset.window)),
      selected: [...d.querySelectorAll("g.node.selected")].map((g) => Number(g.dataset.window)),
      routes: d.querySelectorAll("g.edge.route").length,
      status: d.getElementById("search-status").textContent,
      box: d.getElementById("search").value,
    });
  }
});
frame.srcdoc = ${json(view)};
</script></body></html>`;
}

async function hostRun(dir: string, view: string, args: Record<string, string>) {
  const file = `${dir}/host${crypto.randomUUID()}.html`;
  await Deno.writeTextFile(file, hostPage(view, args));
  const dom = await headless(`file://${file}`, { dumpDom: true, settleMs: 10_000 });
  const text = (id: string) =>
    (new RegExp(`<pre id="${id}">([^<]*)</pre>`).exec(dom)?.[1] ?? "").replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  return {
    log: JSON.parse(text("log") || "[]") as {
      id?: number;
      method?: string;
      params?: Record<string, unknown>;
    }[],
    shown: text("shown") ? JSON.parse(text("shown")) : null,
  };
}

Deno.test({
  name: "the map view in a host: the handshake, then the map drawn and searched for recall's query",
  ignore: !CHROMIUM,
  fn: async () => {
    using store = tempStore();
    const w = learn(store);
    const dir = await Deno.makeTempDir({ prefix: "choto-map-app-" });
    try {
      const view = await viewPage(store);
      const { log, shown } = await hostRun(dir, view, { query: "Toolbar" });
      const init = log[0];
      assertEquals(init.method, "ui/initialize");
      assertEquals(typeof init.id, "number");
      assertEquals(init.params?.protocolVersion, "2026-01-26");
      assertEquals((init.params?.appInfo as { name: string }).name, "choto memory map");
      assertEquals(init.params?.appCapabilities, {});
      assertEquals(log[1].method, "ui/notifications/initialized");
      const size = log.find((m) => m.method === "ui/notifications/size-changed");
      assert(size && Number(size.params?.height) > 100, `no size reported: ${JSON.stringify(log)}`);
      assert(log.every((m) => (m as { jsonrpc?: string }).jsonrpc === "2.0"));
      assertEquals(log.find((m) => m.id === 900), { jsonrpc: "2.0", id: 900, result: {} } as never);

      assert(shown !== null, `the view never answered: ${JSON.stringify(log)}`);
      assertEquals(shown.nodes.sort(), [w.main, w.prefs, w.pad].sort());
      assertEquals(shown.box, "Toolbar");
      assertMatch(shown.status, new RegExp(`best in #${w.prefs}$`));
      assertEquals(shown.selected, [w.prefs]);
      assertEquals(shown.routes, 1);

      // recall asked about a window by id: the view selects it.
      const byId = await hostRun(dir, view, { app_name: "Mousepad", window: `#${w.pad}` });
      assertEquals(byId.shown?.selected, [w.pad]);

      // The map page choto://map and `choto map` give says nothing to a host that frames it.
      const plain = await connect(store, false);
      try {
        const read = await plain.client.readResource({ uri: "choto://map" });
        const quiet = await hostRun(dir, String((read.contents[0] as { text: string }).text), {
          query: "Toolbar",
        });
        assertEquals(quiet.log, []);
      } finally {
        await plain.close();
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
