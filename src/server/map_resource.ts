/**
 * The memory map as MCP resources: `choto://map` (every app) and
 * `choto://map/{app}` (one app), each the page `choto map` writes, so a
 * client can show the user what choto remembers without leaving the
 * conversation. The list is read from the graph on each request: an app
 * learned since appears, a denied one never does.
 *
 * @module
 */

import {
  ErrorCode,
  McpError,
  type ReadResourceResult,
  type Resource,
} from "@modelcontextprotocol/sdk/types.js";
import { deniedEntry } from "../common/policy.ts";
import { readMap } from "../graph/map_data.ts";
import { mapPage } from "../render/map/page.ts";
import type { Services } from "../services.ts";

/** The whole map's address. */
export const MAP_URI = "choto://map";
/** One app's map: `choto://map/` and the app's name, URI-encoded. */
export const MAP_TEMPLATE = "choto://map/{app}";
const MIME = "text/html";

/** The resources: the whole map, then one per remembered app that is not denied. */
export function listMapResources(services: Services): Resource[] {
  const apps = services.store.all<{ name: string }>("pack_apps")
    .filter((a) => deniedEntry(services.policy, a.name) === null);
  return [
    {
      uri: MAP_URI,
      name: "memory-map",
      title: "choto memory map",
      mimeType: MIME,
      description:
        "Every window choto remembers, the transitions between them, coverage and search, as one page.",
    },
    ...apps.map((a) => ({
      uri: `${MAP_URI}/${encodeURIComponent(a.name)}`,
      name: `memory-map-${a.name}`,
      title: `choto memory map: ${a.name}`,
      mimeType: MIME,
      description: `The windows of ${a.name} choto remembers, as one page.`,
    })),
  ];
}

/** Reads one map resource; an address that is not one, or an app not remembered, is an invalid-params error. */
export function readMapResource(services: Services, uri: string): ReadResourceResult {
  let apps: string[];
  if (uri === MAP_URI) apps = [];
  else if (uri.startsWith(`${MAP_URI}/`)) {
    let name: string;
    try {
      name = decodeURIComponent(uri.slice(MAP_URI.length + 1));
    } catch {
      throw new McpError(
        ErrorCode.InvalidParams,
        `"${uri.slice(0, 200)}" is not a map address: encode the app name`,
      );
    }
    apps = [name];
  } else {
    throw new McpError(
      ErrorCode.InvalidParams,
      `there is no resource "${
        uri.slice(0, 200)
      }"; read ${MAP_URI} or ${MAP_URI}/APP (resources/list names them)`,
    );
  }
  const r = readMap(services.store, { apps, policy: services.policy, now: services.now() });
  if (!r.ok) throw new McpError(ErrorCode.InvalidParams, r.text);
  return { contents: [{ uri, mimeType: MIME, text: mapPage(r.map) }] };
}
