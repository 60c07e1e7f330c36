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
  ProtocolError,
  ProtocolErrorCode,
  type ReadResourceResult,
  type Resource,
} from "@modelcontextprotocol/server";
import { deniedEntry } from "../common/policy.ts";
import { type MapData, readMap } from "../graph/map_data.ts";
import { cutMap, joinMaps, mapBytes } from "../graph/map_fit.ts";
import { keptText } from "../graph/pack/clean.ts";
import { escapeScreenText } from "../common/untrusted.ts";
import { mapPage } from "../render/map/page.ts";
import type { Services } from "../services.ts";

/** The whole map's address. */
export const MAP_URI = "choto://map";
/** One app's map: `choto://map/` and the app's name, URI-encoded. */
export const MAP_TEMPLATE = "choto://map/{app}";
const MIME = "text/html";

/** The resources: the whole map, then one per remembered app that is not denied. */
export function listMapResources(services: Services): Resource[] {
  const apps = rememberedApps(services);
  return [
    {
      uri: MAP_URI,
      name: "memory-map",
      title: "choto memory map",
      mimeType: MIME,
      description:
        "Every window choto remembers, the transitions between them, coverage and search, as one page.",
    },
    ...apps.map((a) => {
      // The name as a client may print it: a pack's app name is someone else's text.
      const shown = keptText(a.name, 100);
      return {
        uri: `${MAP_URI}/${encodeURIComponent(a.name)}`,
        name: `memory-map-${shown}`,
        title: `choto memory map: ${shown}`,
        mimeType: MIME,
        description: `The windows of ${shown} choto remembers, as one page (screen text, escaped).`,
      };
    }),
  ];
}

/** Reads one map resource; an address that is not one, or an app not remembered, is an invalid-params error. */
export async function readMapResource(services: Services, uri: string): Promise<ReadResourceResult> {
  let apps: string[];
  if (uri === MAP_URI) apps = [];
  else if (uri.startsWith(`${MAP_URI}/`)) {
    let name: string;
    try {
      name = decodeURIComponent(uri.slice(MAP_URI.length + 1));
    } catch {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `"${uri.slice(0, 200)}" is not a map address: encode the app name`,
      );
    }
    apps = [name];
  } else {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `there is no resource "${
        uri.slice(0, 200)
      }"; read ${MAP_URI} or ${MAP_URI}/APP (resources/list names them)`,
    );
  }
  const map = await boundedMap(services, apps);
  return { contents: [{ uri, mimeType: MIME, text: mapPage(map) }] };
}

/** The most bytes of map data one page holds: a client takes the page whole, and may have little room. */
export const MAP_MAX_BYTES = 1_000_000;

/** Lets input tools waiting on the event loop go first: a map is never more urgent than a click. */
const yieldToInput = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The map of `apps` (every app not denied when empty), app by app, each
 * read after the event loop has had its turn, within `budget` bytes: apps
 * that do not fit are left out whole and named with their own address; an
 * app that alone does not fit keeps the windows that do. An app that is not
 * remembered or is denied is an invalid-params error.
 */
export async function boundedMap(
  services: Services,
  apps: string[],
  budget = MAP_MAX_BYTES,
): Promise<MapData> {
  const now = services.now();
  // Texts are most of a page: no more of them are read than the page could hold.
  const read = (names: string[]) => {
    const r = readMap(services.store, { apps: names, policy: services.policy, now, maxTextBytes: budget });
    if (!r.ok) throw new ProtocolError(ProtocolErrorCode.InvalidParams, r.text);
    return r.map;
  };
  const names = apps.length ? apps : rememberedApps(services).map((a) => a.name);
  if (names.length === 0) return read([]);
  const pieces: MapData[] = [];
  const skipped: string[] = [];
  let used = 0;
  let cutWindows = 0;
  for (const name of names) {
    await yieldToInput();
    const piece = read([name]);
    const size = mapBytes(piece);
    if (used + size <= budget && !piece.not_read) {
      pieces.push(piece);
      used += size;
    } else if (pieces.length === 0) {
      const cut = cutMap(piece, budget);
      pieces.push(cut.map);
      used = budget;
      cutWindows = cut.left + (piece.not_read ?? 0);
    } else skipped.push(name);
  }
  const map = joinMaps(pieces, now);
  const said: string[] = [];
  if (cutWindows) {
    said.push(
      `${cutWindows} of ${names[0]}'s windows left out to keep this page under ${
        Math.round(budget / 1000)
      } kB; recall(app, window) reads any of them`,
    );
  }
  if (skipped.length) {
    said.push(
      `${skipped.length} app${skipped.length === 1 ? "" : "s"} left out to keep this page under ${
        Math.round(budget / 1000)
      } kB; read each on its own page: ${
        skipped.slice(0, 20).map((a) => `${MAP_URI}/${encodeURIComponent(a)}`).join(", ")
      }${skipped.length > 20 ? ` and ${skipped.length - 20} more (resources/list names them)` : ""}`,
    );
  }
  return said.length ? { ...map, cut: escapeScreenText(said.join(". ")) + "." } : map;
}

/** The apps the graph remembers that are not denied, names escaped as every page shows screen text. */
function rememberedApps(services: Services): Array<{ name: string }> {
  return services.store.all<{ name: string }>("pack_apps")
    .filter((a) => deniedEntry(services.policy, a.name) === null);
}
