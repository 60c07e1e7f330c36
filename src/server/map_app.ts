/**
 * The memory map as an MCP Apps view, offered only to a client that says it
 * renders them (the `io.modelcontextprotocol/ui` extension in its
 * capabilities, with the app MIME type): the UI resource `ui://choto/map`,
 * the map page speaking the view's handshake, and recall linked to it in
 * its `_meta`, so the host draws the map beside recall's reply and searches
 * it for what recall was asked. Every other client sees the tools and
 * resources it always saw.
 *
 * @module
 */

import type {
  ClientCapabilities,
  ReadResourceResult,
  Resource,
  Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { readMap } from "../graph/map_data.ts";
import { mapPage } from "../render/map/page.ts";
import type { Services } from "../services.ts";

/** The extension's key in a client's `capabilities.extensions`. */
export const UI_EXTENSION = "io.modelcontextprotocol/ui";
/** The MIME type of an MCP Apps view. */
export const APP_MIME = "text/html;profile=mcp-app";
/** The map view's address. */
export const MAP_VIEW_URI = "ui://choto/map";
/** The tool whose reply the view is drawn beside. */
const LINKED_TOOL = "recall";

/** Whether the client renders MCP Apps views of our MIME type. */
export function rendersApps(capabilities: ClientCapabilities | undefined): boolean {
  const ui = capabilities?.extensions?.[UI_EXTENSION] as { mimeTypes?: unknown } | undefined;
  return Array.isArray(ui?.mimeTypes) && ui.mimeTypes.includes(APP_MIME);
}

const WITH_VIEW = new WeakMap<Tool[], Tool[]>();

/**
 * The listing with recall linked to the view, in the nested form the
 * extension defines and the flat key older hosts read; built once per listing.
 */
export function linkView(listing: Tool[]): Tool[] {
  let linked = WITH_VIEW.get(listing);
  if (!linked) {
    linked = listing.map((t) =>
      t.name === LINKED_TOOL
        ? { ...t, _meta: { ...t._meta, ui: { resourceUri: MAP_VIEW_URI }, "ui/resourceUri": MAP_VIEW_URI } }
        : t
    );
    WITH_VIEW.set(listing, linked);
  }
  return linked;
}

/** The view as `resources/list` shows it. */
export const MAP_VIEW: Resource = {
  uri: MAP_VIEW_URI,
  name: "memory-map-view",
  title: "choto memory map",
  mimeType: APP_MIME,
  description: "The memory map drawn beside recall's reply, searched for what recall was asked.",
};

/** Reads the view: the whole map, with the handshake. */
export function readMapView(services: Services): ReadResourceResult {
  const r = readMap(services.store, { apps: [], policy: services.policy, now: services.now() });
  if (!r.ok) throw new McpError(ErrorCode.InvalidParams, r.text);
  return { contents: [{ uri: MAP_VIEW_URI, mimeType: APP_MIME, text: mapPage(r.map, { view: true }) }] };
}
