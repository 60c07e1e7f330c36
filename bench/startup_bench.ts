/**
 * How soon a started server answers its client: for each OCR engine
 * (`tesseract`, `tesseract-fast`, tesseract.js with `CHOTO_OCR_NATIVE=0`)
 * and each shipped way of starting it from this checkout (`deno task start`
 * through the task runner, as the MCP SDK's stdio client would spawn it;
 * the README's Linux config, `deno run` with its flags; the MCP Bundle's
 * Linux entry, its flags and environment on this checkout, whose
 * node_modules stand in for the bundle's packed cache), the time from
 * spawning the process to the `initialize` answer, to the `tools/list`
 * answer (sent once `initialize` is answered, as a client does), and to the
 * answer of a first tool call (recall, sent right after: it waits for the
 * server to load and open its database). Medians of several starts, each on
 * a new database, beside Deno's own start: a script that answers one line,
 * with no configuration and with this checkout's deno.json.
 *
 * `--against DIR` times another checkout (say, a worktree of an older commit)
 * in the same run, start for start, for ratios.
 *
 * Run: deno task bench:startup [--rounds N] [--against DIR]
 *
 * @module
 */

import { join } from "node:path";
import { parseArgs } from "node:util";
import { bundleEntry, clientEnv, readmeConfig, type Shipped, taskStart } from "../tests/support/shipped.ts";
import { ROOT } from "../tests/support/mcp.ts";
import { handshake, initializeRequest, spawnServer, toolCall } from "../tests/support/raw_server.ts";

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? NaN;

const ENGINES: Array<[string, Record<string, string>]> = [
  ["tesseract", {}],
  ["tesseract-fast", { CHOTO_OCR_ENGINE: "tesseract-fast" }],
  ["tesseract.js", { CHOTO_OCR_NATIVE: "0" }],
];

/** A script that answers the first line it reads: Deno's start and a pipe's round trip, nothing of choto. */
const BARE = `const b = new Uint8Array(65536);
const n = await Deno.stdin.read(b);
const id = JSON.parse(new TextDecoder().decode(b.subarray(0, n ?? 0)).split("\\n")[0]).id;
await Deno.stdout.write(new TextEncoder().encode(JSON.stringify({ jsonrpc: "2.0", id, result: {} }) + "\\n"));
`;

interface Start {
  name: string;
  args: (db: string) => string[];
  env?: Record<string, string>;
}

/** The command lines, read from this checkout, run from `root` (`bundle`: the bundle's Linux entry here). */
function starts(home: string, root: string, bundle: Shipped): Start[] {
  const here = ROOT.replace(/\/$/, "");
  const readme = readmeConfig("linux");
  const flags = readme.flags.map((f) => f.replaceAll("/home/me", home));
  const script = readme.script.map((s) => s.replaceAll("/path/to/choto", root));
  const shipped = taskStart(home);
  const task = { flags: shipped.flags, script: shipped.script.map((s) => s.replace(here, root)) };
  return [
    { name: "deno task start", args: (db) => ["task", "--quiet", "start", "--db", db] },
    { name: "README Linux config", args: (db) => [...flags, ...script, "--db", db] },
    // The task's flags without the task runner: what the tests start.
    { name: "deno run, task's flags", args: (db) => [...task.flags, ...task.script, "--db", db] },
    // For reference: the same without deno.json's `"nodeModulesDir": "auto"` check of node_modules.
    {
      name: "deno run, task's flags, --node-modules-dir=manual",
      args: (
        db,
      ) => [task.flags[0], "--node-modules-dir=manual", ...task.flags.slice(1), ...task.script, "--db", db],
    },
    {
      name: "MCP Bundle's Linux entry",
      // Its own --db (in the database folder it was given) is replaced by each start's.
      args: (db) => [
        ...bundle.flags.map((f) => f.replaceAll(here, root)),
        ...bundle.script.slice(0, -2).map((s) => s.replace(here, root)),
        "--db",
        db,
      ],
      // The bundle's packed package cache does not exist in a checkout: its node_modules serve.
      env: Object.fromEntries(Object.entries(bundle.env).filter(([k]) => k !== "DENO_DIR")),
    },
  ];
}

async function oneStart(args: string[], env: Record<string, string>, root: string) {
  const server = spawnServer(args, env, root);
  try {
    const { initialize, list } = await handshake(server);
    await server.send(toolCall(3, "recall"));
    const call = await server.reply(3);
    return {
      initialize: initialize.at - server.spawnedAt,
      list: list.at - server.spawnedAt,
      call: call.at - server.spawnedAt,
    };
  } finally {
    await server.close();
  }
}

async function bareStart(script: string, config: boolean): Promise<number> {
  const server = spawnServer(
    ["run", ...(config ? [] : ["--no-config"]), script],
    clientEnv(Deno.env.get("HOME")!),
    ROOT,
  );
  try {
    await server.send(initializeRequest(1));
    return (await server.reply(1)).at - server.spawnedAt;
  } finally {
    await server.close();
  }
}

async function main() {
  const args = parseArgs({
    args: Deno.args,
    options: { rounds: { type: "string", default: "7" }, against: { type: "string" } },
  });
  const rounds = Math.max(1, Number(args.values.rounds));
  const roots = [
    ROOT.replace(/\/$/, ""),
    ...(args.values.against ? [Deno.realPathSync(args.values.against)] : []),
  ];
  // A home of its own, so the README's write permission (its data folder) covers the databases; Deno's
  // cache stays where it is.
  const denoDir = Deno.env.get("DENO_DIR") ?? join(Deno.env.get("HOME")!, ".cache", "deno");
  const home = await Deno.makeTempDir({ prefix: "choto-startup-bench-" });
  const dir = join(home, ".local", "share", "choto");
  await Deno.mkdir(dir, { recursive: true });
  // The bare script lives in the checkout, so one run sees this deno.json as the server does.
  const bare = join(ROOT, `.startup_bench_${Deno.pid}.ts`);
  await Deno.writeTextFile(bare, BARE);
  try {
    console.log(`load average at start: ${Deno.loadavg().map((v) => v.toFixed(2)).join(" ")} (2 cores)`);
    console.log(`median of ${rounds} starts, ms from spawn (a new database each start; no display)`);
    const bareNo: number[] = [];
    const bareCfg: number[] = [];
    for (let i = 0; i < rounds; i++) {
      bareNo.push(await bareStart(bare, false));
      bareCfg.push(await bareStart(bare, true));
    }
    console.log(
      `${"Deno's own start, one line answered (--no-config)".padEnd(58)} ${
        median(bareNo).toFixed(0).padStart(5)
      }`,
    );
    console.log(
      `${"Deno's own start, one line answered (this deno.json)".padEnd(58)} ${
        median(bareCfg).toFixed(0).padStart(5)
      }`,
    );
    console.log(
      `${"".padEnd(58)} ${"initialize".padStart(10)} ${"tools/list".padStart(10)} ${
        "first call".padStart(10)
      }`,
    );
    const bundle = await bundleEntry("linux", { home, databaseFolder: dir });
    for (const [n, start] of starts(home, roots[0], bundle).entries()) {
      for (const [engine, env] of ENGINES) {
        const got = roots.map(() => [] as Array<{ initialize: number; list: number; call: number }>);
        for (let i = 0; i < rounds; i++) {
          // Start for start, so both checkouts see the same load.
          for (const [r, root] of roots.entries()) {
            const line = starts(home, root, bundle)[n];
            const db = join(dir, `${engine}-${i}-${n}-${r}.db`);
            got[r].push(
              await oneStart(
                line.args(db),
                { ...clientEnv(home), ...line.env, DENO_DIR: denoDir, ...env },
                root,
              ),
            );
          }
        }
        for (const [r, root] of roots.entries()) {
          const m = (k: "initialize" | "list" | "call") => median(got[r].map((g) => g[k]));
          const cell = (k: "initialize" | "list" | "call") =>
            (r === 0
              ? m(k).toFixed(0)
              : `${m(k).toFixed(0)} (${(median(got[0].map((g) => g[k])) / m(k)).toFixed(2)}x)`)
              .padStart(10);
          const name = `${start.name}, ${engine}${r === 0 ? "" : `, ${root}`}`;
          console.log(`${name.padEnd(58)} ${cell("initialize")} ${cell("list")} ${cell("call")}`);
        }
      }
    }
    console.log(`load average at end: ${Deno.loadavg().map((v) => v.toFixed(2)).join(" ")}`);
  } finally {
    await Deno.remove(bare).catch(() => {});
    await Deno.remove(home, { recursive: true }).catch(() => {});
  }
}

if (import.meta.main) await main();
