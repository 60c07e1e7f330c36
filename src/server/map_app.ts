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

import type { ReadResourceResult, Resource } from "@modelcontextprotocol/server";
import { boundedMap } from "./map_resource.ts";
import { mapPage } from "../render/map/page.ts";
import type { Services } from "../services.ts";
import { APP_MIME, MAP_VIEW_URI } from "./map_link.ts";

export { APP_MIME, linkView, MAP_VIEW_URI, rendersApps, UI_EXTENSION } from "./map_link.ts";

/** The view as `resources/list` shows it. */
export const MAP_VIEW: Resource = {
  uri: MAP_VIEW_URI,
  name: "memory-map-view",
  title: "choto memory map",
  mimeType: APP_MIME,
  description: "The memory map drawn beside recall's reply, searched for what recall was asked.",
};

/** Reads the view: the whole map, with the handshake. */
export async function readMapView(services: Services): Promise<ReadResourceResult> {
  const map = await boundedMap(services, []);
  return { contents: [{ uri: MAP_VIEW_URI, mimeType: APP_MIME, text: mapPage(map, { view: true }) }] };
}
