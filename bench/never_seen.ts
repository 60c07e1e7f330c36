/**
 * The never-seen look and the page change, each against the tuned CLI on
 * the same screen in the same round. Each round starts a new server on a new
 * database while a small mousepad window is shown, lets it settle (`--settle`
 * ms idle once it answers a ping: it has loaded and read that screen), then
 * opens a window it never saw, times observe (screenshot off) and the tuned
 * CLI (`OMP_THREAD_LIMIT=1`, median of 3) on that screen. The forty-line
 * editor (`OTHER_WORDS`) and 40 lines of prose (`bench/fixtures/prose40.txt`)
 * are each a round's never-seen window; after the editor's look the whole
 * text area is replaced by another forty lines (the page change) and timed
 * the same way. `--load` keeps two busy loops running (both cores busy with
 * another process) for the whole run.
 *
 * Run: deno run -A bench/never_seen.ts [--rounds 5] [--settle 5000] [--load] [--only forty|prose]
 *
 * @module
 */

import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { parseArgs } from "node:util";
import { ROOT } from "../tests/support/mcp.ts";
import { startDesktop, type TestDesktop } from "../tests/support/xdesktop.ts";
import { createX11Desktop } from "../src/desktop/x11.ts";
import { encodePng } from "../src/image/png.ts";
import { fortyLines, OTHER_WORDS } from "./forty_lines.ts";
import { cliFileRead } from "./observe_bench.ts";

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? NaN;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The tuned CLI on the screen as it is now, median of 3. */
async function tunedCli(display: string, dir: string): Promise<number> {
  const x = createX11Desktop(display);
  let png: Uint8Array;
  try {
    png = encodePng(x.capture());
  } finally {
    x.close();
  }
  const file = `${dir}/screen.png`;
  await Deno.writeFile(file, png);
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) runs.push((await cliFileRead(file, true)).ms);
  return median(runs);
}

interface Look {
  ms: number;
  stages: string;
  elements: number;
}

/** A server on its own database, with the stage lines it logs. */
async function server(desktop: TestDesktop, db: string) {
  const stages: string[] = [];
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: ["task", "--quiet", "start", "--db", db],
    cwd: ROOT,
    env: { ...Deno.env.toObject(), ...desktop.env, NO_COLOR: "1", CHOTO_STAGES: "1" },
    stderr: "pipe",
  });
  let pending = "";
  transport.stderr?.on("data", (d: Uint8Array) => {
    pending += new TextDecoder().decode(d);
    const lines = pending.split("\n");
    pending = lines.pop()!;
    for (const l of lines) if (l.startsWith("observe stages ms: ")) stages.push(l.slice(19));
  });
  const client = new Client({ name: "choto-never-seen", version: "0.0.0" });
  await client.connect(transport);
  await client.listTools();
  await client.ping();
  const observe = async (): Promise<Look> => {
    const t0 = performance.now();
    const r = await client.callTool({ name: "observe", arguments: { screenshot: false } });
    const ms = performance.now() - t0;
    if (r.isError) throw new Error(JSON.stringify(r.content));
    await sleep(50);
    const s = r.structuredContent as { elements: unknown[] };
    return { ms, stages: stages[stages.length - 1] ?? "-", elements: s.elements.length };
  };
  return { client, observe };
}

async function main() {
  const args = parseArgs({
    args: Deno.args,
    options: {
      rounds: { type: "string", default: "5" },
      settle: { type: "string", default: "5000" },
      load: { type: "boolean", default: false },
      only: { type: "string" },
    },
  });
  const rounds = Math.max(1, Number(args.values.rounds));
  const settle = Number(args.values.settle);
  const busy = args.values.load
    ? [0, 1].map(() =>
      new Deno.Command("sh", { args: ["-c", "while :; do :; done"], stdout: "null", stderr: "null" }).spawn()
    )
    : [];
  const desktop = await startDesktop();
  const dir = await Deno.makeTempDir({ prefix: "choto-never-seen-" });
  const prose = await Deno.readTextFile(new URL("./fixtures/prose40.txt", import.meta.url));
  const startFile = `${dir}/start.txt`;
  await Deno.writeTextFile(startFile, "Ready when you are.\n");
  const results: Record<string, number[]> = { forty: [], prose: [], page: [] };
  const loads: string[] = [await Deno.readTextFile("/proc/loadavg")];
  try {
    for (let round = 0; round < rounds; round++) {
      for (const what of ["forty", "prose"] as const) {
        if (args.values.only && args.values.only !== what) continue;
        const shown = desktop.spawn("mousepad", [startFile]);
        await desktop.waitForWindow("start");
        const { client, observe } = await server(desktop, `${dir}/${what}-${round}.db`);
        try {
          await sleep(settle);
          const name = `${what}${round}`;
          const file = `${dir}/${name}.txt`;
          await Deno.writeTextFile(file, what === "forty" ? fortyLines(round, OTHER_WORDS) : prose);
          shown.kill();
          await shown.status;
          const editor = desktop.spawn("mousepad", [file]);
          await desktop.waitForWindow(name);
          await sleep(1000);
          const look = await observe();
          const cli = await tunedCli(desktop.display, dir);
          results[what].push(look.ms / cli);
          console.log(
            `round ${round} ${what} never seen: ${look.ms.toFixed(0)} ms, CLI ${cli.toFixed(0)} ms = ${
              (look.ms / cli).toFixed(2)
            }x (${look.elements} elements; ${look.stages})`,
          );
          if (what === "forty") {
            const x = createX11Desktop(desktop.display);
            try {
              await x.hotkey(["ctrl", "a"]);
              await x.type(fortyLines(round + 1));
              await x.hotkey(["ctrl", "Home"]);
            } finally {
              x.close();
            }
            await sleep(500);
            const page = await observe();
            const cli2 = await tunedCli(desktop.display, dir);
            results.page.push(page.ms / cli2);
            console.log(
              `round ${round} page change: ${page.ms.toFixed(0)} ms, CLI ${cli2.toFixed(0)} ms = ${
                (page.ms / cli2).toFixed(2)
              }x (${page.elements} elements; ${page.stages})`,
            );
          }
          editor.kill();
          await editor.status;
        } finally {
          await client.close();
        }
      }
    }
  } finally {
    loads.push(await Deno.readTextFile("/proc/loadavg"));
    for (const b of busy) b.kill();
    await Promise.all(busy.map((b) => b.status));
    await desktop.stop();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
  console.log(`${args.values.load ? "loaded (two busy loops)" : "quiet"}; loadavg before ${loads[0].trim()}`);
  console.log(`loadavg after ${loads[1].trim()}`);
  for (const [k, v] of Object.entries(results)) {
    if (!v.length) continue;
    console.log(
      `${k}: median ${median(v).toFixed(2)}x  [${v.map((r) => r.toFixed(2)).join(" ")}]`,
    );
  }
}

if (import.meta.main) await main();
