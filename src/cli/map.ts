/**
 * `choto map`: the interface graph drawn as one self-contained HTML page,
 * written on stdout (> map.html), to open in any browser.
 *
 * @module
 */

import { configPath, loadPolicy } from "../common/config.ts";
import { readMap } from "../graph/map_data.ts";
import { mapPage } from "../render/map/page.ts";
import type { Command } from "./command.ts";
import { dbPath, withStore } from "./open.ts";

/** `choto map`. */
export const mapCommand: Command = {
  usage: [["map", "draw what the graph remembers as one HTML page, on stdout (> map.html)"]],
  details: ["map: --app NAME (again for more apps; default every app)"],
  options: ["db", "app"],
  manyApps: true,
  maxArgs: 0,
  run: async (v) => {
    const policy = loadPolicy(configPath(dbPath(v.db)));
    return await withStore(v.db, (store) => {
      const r = readMap(store, { apps: v.apps ?? [], policy, now: Date.now() });
      if (!r.ok) {
        console.error(`choto: ${r.text}`);
        return 1;
      }
      // A page can be megabytes: stdout takes it in as many writes as it needs.
      for (let rest = new TextEncoder().encode(mapPage(r.map)); rest.length > 0;) {
        rest = rest.subarray(Deno.stdout.writeSync(rest));
      }
      const { apps, windows, edges } = r.map;
      console.error(
        `map of ${
          apps.map((a) => a.name).join(", ") || "no app"
        }: ${windows.length} windows, ${edges.length} transitions`,
      );
      return 0;
    });
  },
};
