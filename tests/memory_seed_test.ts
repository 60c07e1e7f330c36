/**
 * `CHOTO_MEMORY_SEED` under the command lines choto ships: `deno task
 * start`, the README's configs and the bundle's entries (the service their
 * bridge starts, with the flags the manifest gives it), each read from its
 * source and started word for word (placeholders filled in) with only what
 * an MCP client passes plus the variable. Each server imports a pack kept in
 * its database folder as it starts, before it answers a client; where a
 * command line may read only some folders (the macOS ones), a pack elsewhere
 * is refused in a sentence that says where to put it, and the server starts
 * all the same. The seeding happens before anything touches a desktop, so
 * the macOS lines run here too.
 */

import { exportMemory } from "../src/cli/pack.ts";
import { defaultPolicy } from "../src/common/policy.ts";
import { Store } from "../src/db/store.ts";
import { gatherRecall } from "../src/graph/recall/recall.ts";
import { assert, assertMatch } from "./support/assert.ts";
import { NOW, see, tempStore } from "./graph_fixture.ts";
import {
  bundleEntry,
  CHECKOUT,
  clientEnv,
  readmeConfig,
  type Shipped,
  taskStart,
} from "./support/shipped.ts";

/** A pack holding geany's Preferences dialog. */
function seedPack(): string {
  using store = tempStore();
  see(store, "Geany", "Preferences", ["General", "Toolbar", "Keybindings"], NOW, "dialog");
  const r = exportMemory(store, { apps: [], recipes: false, policy: defaultPolicy(), now: NOW });
  assert(r.ok);
  return r.pack;
}

/**
 * Starts `shipped` on `db` with the seed (for the bundle's bridge, the
 * service it starts), waits for what it says of it, and ends it by closing
 * stdin (a service: by SIGTERM).
 */
async function start(shipped: Shipped, home: string, db: string, seed: string): Promise<string> {
  // A bridge (the bundle's entry) hands the database to the service it starts: the service imports the seed.
  const line = shipped.service ?? shipped;
  const args = [...line.flags, ...line.script].map((a) =>
    a.replaceAll("/path/to/choto", CHECKOUT).replaceAll("/Users/me", home).replaceAll("/home/me", home)
  );
  const at = args.indexOf("--db");
  if (at >= 0) args[at + 1] = db;
  else args.push("--db", db);
  const env: Record<string, string> = { ...clientEnv(home), ...shipped.env, CHOTO_MEMORY_SEED: seed };
  // The bundle's packed package cache does not exist in a checkout: this one's serves.
  delete env.DENO_DIR;
  const child = new Deno.Command(Deno.execPath(), {
    args,
    clearEnv: true,
    env,
    stdin: "piped",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  let said = "";
  const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
  // A server that says nothing of the seed is ended after a while, and the test fails on what it said.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const silent = new Promise<{ value: undefined; done: true }>((resolve) => {
    timer = setTimeout(() => resolve({ value: undefined, done: true }), 30_000);
  });
  while (!/memory seed [^\n]*\n(?:.*\n)*.*clicks: \d+|was not imported: [^\n]*\n/.test(said)) {
    const { value, done } = await Promise.race([reader.read(), silent]);
    if (done) break;
    said += value;
  }
  clearTimeout(timer);
  await child.stdin.close();
  // A service outlives its stdin (its bridges come and go): it is stopped the way its users stop it.
  if (shipped.service) child.kill("SIGTERM");
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    said += value;
  }
  await child.status;
  return said;
}

Deno.test("every shipped command line imports CHOTO_MEMORY_SEED from the database folder as it starts", async (t) => {
  const home = await Deno.makeTempDir({ prefix: "choto-seed-" });
  const pack = seedPack();
  try {
    const macData = `${home}/Library/Application Support/choto`;
    const lines: Array<{ shipped: Shipped; dir: string; narrow: boolean }> = [
      { shipped: taskStart(home), dir: `${home}/.local/share/choto`, narrow: false },
      { shipped: readmeConfig("linux"), dir: `${home}/.local/share/choto`, narrow: false },
      { shipped: readmeConfig("darwin"), dir: macData, narrow: true },
      {
        shipped: await bundleEntry("linux", { home, databaseFolder: `${home}/bundle-linux` }),
        dir: `${home}/bundle-linux`,
        narrow: false,
      },
      {
        shipped: await bundleEntry("darwin", { home, databaseFolder: `${home}/bundle-mac` }),
        dir: `${home}/bundle-mac`,
        narrow: true,
      },
    ];
    await Deno.writeTextFile(`${home}/elsewhere.pack`, pack);
    for (const [i, { shipped, dir, narrow }] of lines.entries()) {
      await t.step(shipped.name, async () => {
        await Deno.mkdir(dir, { recursive: true });
        const db = `${dir}/choto-${i}.db`;
        await Deno.writeTextFile(`${dir}/seed.pack`, pack);
        const said = await start(shipped, home, db, `${dir}/seed.pack`);
        assertMatch(said, /choto: memory seed .*seed\.pack: imported a memory pack/, said);
        assertMatch(said, /windows: 1 new/, said);
        {
          const store = new Store(db);
          try {
            const r = gatherRecall(store, { query: "Keybindings", now: NOW });
            assert(r.ok && r.data.hits!.items.length === 1, JSON.stringify(r));
          } finally {
            store.close();
          }
        }
        if (narrow) {
          const refused = await start(shipped, home, `${dir}/other-${i}.db`, `${home}/elsewhere.pack`);
          assertMatch(
            refused,
            /the memory seed .*elsewhere\.pack \(CHOTO_MEMORY_SEED\) was not imported: this command line may not read it; put the pack in the database folder/,
            refused,
          );
        }
      });
    }
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});
