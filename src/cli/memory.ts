/**
 * `choto memory export` and `choto memory import`: the interface graph as a
 * pack a person can read and another machine can start from.
 *
 * @module
 */

import { configPath, loadPolicy } from "../common/config.ts";
import { type Command, UsageError } from "./command.ts";
import { dbPath, withStore } from "./open.ts";
import { exportMemory, importMemory } from "./pack.ts";
import { type PackBytes, readPackStream } from "./pack_read.ts";

/** Reads a pack from a file, or from stdin for `-`, no further than its header and the limit allow. */
async function readPack(path: string, maxBytes: number): Promise<PackBytes> {
  const stream = path === "-" ? Deno.stdin.readable : (await Deno.open(path, { read: true })).readable;
  return await readPackStream(stream, maxBytes);
}

/** `choto memory`. */
export const memoryCommand: Command = {
  usage: [
    ["memory export", "write what the graph remembers as a pack, on stdout (> pack)"],
    ["memory import PACK", "merge a pack (a file, or - for stdin) into the graph"],
  ],
  details: ["export: --app NAME (again for more apps; default every app)  --recipes (kept recipes too)"],
  options: ["db", "app", "recipes"],
  manyApps: true,
  maxArgs: 2,
  tooMany: (rest) => `memory takes a subcommand and at most a pack (got "${rest.join(" ")}")`,
  run: async (v, rest) => {
    const [sub, file] = rest;
    const policy = () => loadPolicy(configPath(dbPath(v.db)));
    if (sub === "export") {
      if (file !== undefined) {
        throw new UsageError(`memory export takes no file: redirect its output (> ${file})`);
      }
      const p = policy();
      return await withStore(v.db, (store) => {
        const r = exportMemory(store, {
          apps: v.apps ?? [],
          recipes: Boolean(v.recipes),
          policy: p,
          now: Date.now(),
        });
        if (!r.ok) {
          console.error(`choto: ${r.text}`);
          return 1;
        }
        // A pack can be megabytes: stdout takes it in as many writes as it needs.
        for (let rest = new TextEncoder().encode(r.pack); rest.length > 0;) {
          rest = rest.subarray(Deno.stdout.writeSync(rest));
        }
        console.error(r.text);
        return 0;
      });
    }
    if (sub === "import") {
      if (file === undefined) throw new UsageError("memory import needs a pack: a file, or - for stdin");
      if (v.apps || v.recipes) {
        throw new UsageError("memory import takes the pack whole: --app and --recipes are for export");
      }
      const p = policy();
      let read: PackBytes;
      try {
        read = await readPack(file, p.packMaxBytes);
      } catch (err) {
        console.error(`choto: cannot read ${file}: ${(err as Error).message}. Nothing was imported.`);
        return 1;
      }
      if (!read.ok) {
        console.error(`choto: ${read.text}`);
        return 1;
      }
      const data = read.data;
      return await withStore(v.db, (store) => {
        const r = importMemory(store, data, p, Date.now());
        (r.ok ? console.log : console.error)(r.ok ? r.text : `choto: ${r.text}`);
        return r.ok ? 0 : 1;
      });
    }
    throw new UsageError(
      `memory needs a subcommand: "export" or "import" (got ${sub ? `"${sub}"` : "nothing"})`,
    );
  },
};
