/**
 * The view side of the MCP Apps extension (`io.modelcontextprotocol/ui`,
 * protocol 2026-01-26) for the map page, written out rather than bundled:
 * the package's own app code is half a megabyte, the handshake a few
 * JSON-RPC messages over `postMessage` to the host that framed the page.
 * The view asks `ui/initialize`, says `ui/notifications/initialized`,
 * reports its size, and when the host passes recall's arguments
 * (`ui/notifications/tool-input`) searches the map for the query or the
 * window asked about, as typing in the box would. Opened on its own (no
 * parent frame) the page is the plain map.
 *
 * @module
 */

import { VERSION } from "../../common/version.ts";

/** The protocol version the view asks for. */
export const VIEW_PROTOCOL = "2026-01-26";

/** The script, run after the map's own; `search`, `select` and `box` come from it. */
export const VIEW_SCRIPT = String.raw`
(function () {
  if (window.parent === window) return;
  const host = window.parent;
  const waiting = new Map();
  let next = 1;
  function send(message) {
    host.postMessage(Object.assign({ jsonrpc: "2.0" }, message), "*");
  }
  function request(method, params) {
    const id = next++;
    send({ id: id, method: method, params: params });
    return new Promise(function (resolve, reject) { waiting.set(id, { resolve: resolve, reject: reject }); });
  }
  function notify(method, params) {
    send({ method: method, params: params || {} });
  }
  // What recall was asked: a query is searched; a window is searched by its title or selected by its id.
  function show(args) {
    if (!args || typeof args !== "object") return;
    const id = typeof args.window === "string" ? /^#?(\d+)$/.exec(args.window.trim()) : null;
    if (typeof args.query === "string") {
      box.value = args.query;
      search(args.query);
    } else if (id) {
      select(Number(id[1]), null);
    } else if (typeof args.window === "string") {
      box.value = args.window;
      search(args.window);
    }
  }
  function size() {
    const root = document.documentElement;
    notify("ui/notifications/size-changed", { width: root.scrollWidth, height: root.scrollHeight });
  }
  window.addEventListener("message", function (event) {
    if (event.source !== host) return;
    const m = event.data;
    if (!m || m.jsonrpc !== "2.0") return;
    if (m.method === undefined && waiting.has(m.id)) {
      const w = waiting.get(m.id);
      waiting.delete(m.id);
      if (m.error) w.reject(new Error(m.error.message));
      else w.resolve(m.result);
      return;
    }
    if (m.method === "ui/notifications/tool-input") show(m.params && m.params.arguments);
    else if (m.id !== undefined && (m.method === "ping" || m.method === "ui/resource-teardown")) {
      send({ id: m.id, result: {} });
    } else if (m.id !== undefined) {
      send({ id: m.id, error: { code: -32601, message: "the map view does not handle " + m.method } });
    }
  });
  request("ui/initialize", {
    appInfo: { name: "choto memory map", version: ${JSON.stringify(VERSION)} },
    appCapabilities: {},
    protocolVersion: ${JSON.stringify(VIEW_PROTOCOL)},
  }).then(function () {
    notify("ui/notifications/initialized");
    size();
    if (typeof ResizeObserver === "function") new ResizeObserver(size).observe(document.body);
  }, function () { /* a host that refuses the view leaves the plain map */ });
})();
`;
