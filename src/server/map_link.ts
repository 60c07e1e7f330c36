/**
 * How a client that renders MCP Apps sees the tool list: whether it does
 * (the `io.modelcontextprotocol/ui` extension with the app MIME type in its
 * capabilities) and recall linked to the map view. Pure, and free of the
 * SDK's runtime, so the handshake can answer `tools/list` with it before
 * the server has loaded.
 *
 * @module
 */

import type { ClientCapabilities, Tool } from "@modelcontextprotocol/server";

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
