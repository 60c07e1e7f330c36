/**
 * Observe through the MCP server on Xvfb, each figure as a ratio with the
 * tuned CLI (the stock `tesseract` CLI with `OMP_THREAD_LIMIT=1`) timed on
 * the same screen in the same run, right after the look. A real client
 * starts `deno task start` (screenshot off, a new database per server) on a
 * 1440x900 screen, mousepad showing a 40-line file, and times:
 * - `cold first call`: a fresh server, `initialize`, and observe at once
 *   (as a client that starts a server and calls it);
 * - `page change`: the never-seen editor's server (below) once the whole
 *   text area changed to 40 other lines;
 * - `one typed character`: that server after one typed character;
 * - `page change after pauses`: that server, its text changed twice more,
 *   each time by typing 40 lines (about 20 s without a call, as a model
 *   thinking), looked at after each, timed at the second: V8 reshapes an
 *   idle heap on timers, which a server's first pause may not yet meet;
 * - `never-seen editor` / `never-seen prose`: a server that has loaded and
 *   read the screen it started on (a client waits before its first call),
 *   at the first look of a window it never saw, 40 lines of other words
 *   (`OTHER_WORDS`) or of prose (`bench/fixtures/prose40.txt`).
 *
 * Each figure is the client's wall time, as a user's client waits. The
 * client's own share of it (compiling observe's output-schema validator on
 * its first call of the tool, and checking the reply) is timed inside the
 * client and printed beside it, with the ratio without it. Below the table,
 * each figure's CPU work: the server's process (all threads) and this
 * client's during the call, against the tuned CLI's, read from `/proc`.
 *
 * `--loaded` keeps both cores busy with two busy child processes for the
 * whole run, so quiet and loaded figures come from the same bench.
 * `--stages` adds each figure's median stage times (the server's
 * `CHOTO_STAGES` log); `--only cold,page` runs some figures alone;
 * `--against DIR` times another checkout's server too, round by round, so
 * that both meet the same load.
 *
 * Run: deno task bench:observe [--rounds N] [--loaded] [--stages] [--only LIST] [--against DIR]
 *
 * @module
 */

import {
  Client,
  type JsonSchemaType,
  type JsonSchemaValidator,
  type jsonSchemaValidator,
} from "@modelcontextprotocol/client";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/client/validators/ajv";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { parseArgs } from "node:util";
import { ROOT } from "../tests/support/mcp.ts";
import { startDesktop, type TestDesktop } from "../tests/support/xdesktop.ts";
import { createX11Desktop } from "../src/desktop/x11.ts";
import { encodePng } from "../src/image/png.ts";
import { fortyLines, OTHER_WORDS } from "./forty_lines.ts";
import { type Figure, figureRows, FIGURES, type Sample } from "./observe_figures.ts";
import { ownCpuMs, treeCpuMs, waitedChildrenCpuMs } from "./process_cpu.ts";

export { fortyLines };

type Content = Array<{ type: string; text?: string }>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * What one observe call gave: its wall time, the client's own share, its stage line, its engine wait,
 * and the CPU the server (all its threads) and this process used meanwhile.
 */
interface Look {
  ms: number;
  clientMs: number;
  cpu: { server: number; client: number };
  stages: string;
  engineWaitMs: number | null;
  text: string;
}

/**
 * Wall time of the stock CLI on a PNG file and the words it printed; `tuned`
 * runs it on one OpenMP thread, `psm` sets its page segmentation.
 */
export async function cliFileRead(
  file: string,
  tuned: boolean,
  psm?: number,
): Promise<{ ms: number; words: number }> {
  const env: Record<string, string> = tuned ? { OMP_THREAD_LIMIT: "1" } : {};
  const args = [file, "stdout", ...(psm ? ["--psm", String(psm)] : [])];
  const t0 = performance.now();
  const out = await new Deno.Command("tesseract", { args, env, stdout: "piped", stderr: "null" }).output();
  const ms = performance.now() - t0;
  return { ms, words: new TextDecoder().decode(out.stdout).split(/\s+/).filter(Boolean).length };
}

/** Wall time of the stock CLI on a PNG file; `tuned` runs it on one OpenMP thread. */
export async function cliFileMs(file: string, tuned: boolean): Promise<number> {
  return (await cliFileRead(file, tuned)).ms;
}

/** The tuned CLI on the screen as it is now (captured into `dir`): its wall time and its CPU time. */
async function tunedCli(display: string, dir: string): Promise<{ ms: number; cpuMs: number }> {
  const x = createX11Desktop(display);
  let png: Uint8Array;
  try {
    png = encodePng(x.capture());
  } finally {
    x.close();
  }
  const file = `${dir}/screen.png`;
  await Deno.writeFile(file, png);
  const cpu = waitedChildrenCpuMs();
  const ms = await cliFileMs(file, true);
  return { ms, cpuMs: waitedChildrenCpuMs() - cpu };
}

/** Two processes that spin for the whole run, one per core; stopped by the returned function. */
function busyCores(): () => Promise<void> {
  const spinners = [0, 1].map(() =>
    new Deno.Command("sh", { args: ["-c", "while :; do :; done"], stdout: "null", stderr: "null" }).spawn()
  );
  return async () => {
    for (const s of spinners) {
      try {
        s.kill("SIGKILL");
      } catch { /* already gone */ }
      await s.status;
    }
  };
}

/**
 * The client's default validators (the SDK's Ajv), counting the time the
 * client spends compiling them and checking replies with them.
 */
class TimedValidators implements jsonSchemaValidator {
  readonly #ajv = new AjvJsonSchemaValidator();
  /** Milliseconds spent so far. */
  spentMs = 0;

  #timed<R>(work: () => R): R {
    const t0 = performance.now();
    try {
      return work();
    } finally {
      this.spentMs += performance.now() - t0;
    }
  }

  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    const check = this.#timed(() => this.#ajv.getValidator<T>(schema));
    return (input) => this.#timed(() => check(input));
  }
}

/** A client of one server of its own, on a new database, with the server's stage log. */
class Server {
  readonly #validators = new TimedValidators();
  readonly client = new Client({ name: "choto-bench", version: "0.0.0" }, {
    jsonSchemaValidator: this.#validators,
  });
  readonly transport: StdioClientTransport;
  readonly #stages: string[] = [];

  constructor(desktop: TestDesktop, db: string, root: string) {
    this.transport = new StdioClientTransport({
      command: Deno.execPath(),
      args: ["task", "--quiet", "start", "--db", db],
      cwd: root,
      env: { ...Deno.env.toObject(), ...desktop.env, NO_COLOR: "1", CHOTO_STAGES: "1" },
      stderr: "pipe",
    });
    let pending = "";
    this.transport.stderr?.on("data", (d: Uint8Array) => {
      pending += new TextDecoder().decode(d);
      const lines = pending.split("\n");
      pending = lines.pop()!;
      for (const l of lines) if (l.startsWith("observe stages ms: ")) this.#stages.push(l.slice(19));
    });
  }

  /** Spawns the server and answers `initialize`. */
  async connect(): Promise<void> {
    await this.client.connect(this.transport);
  }

  /** Waits until the server has loaded (the handshake answers `initialize` and `tools/list` alone). */
  async settle(ms: number): Promise<void> {
    await this.client.listTools();
    await this.client.ping();
    await sleep(ms);
  }

  async observe(): Promise<Look> {
    const before = this.#stages.length;
    const spent = this.#validators.spentMs;
    const pid = this.transport.pid!;
    const [server0, client0] = [treeCpuMs(pid), ownCpuMs()];
    const t0 = performance.now();
    const r = await this.client.callTool({ name: "observe", arguments: { screenshot: false } });
    const ms = performance.now() - t0;
    const cpu = { server: treeCpuMs(pid) - server0, client: ownCpuMs() - client0 };
    const clientMs = this.#validators.spentMs - spent;
    if (r.isError) throw new Error(JSON.stringify(r.content));
    const text = (r.content as Content).filter((c) => c.type === "text").map((c) => c.text).join("\n");
    const s = r.structuredContent as { engine_wait_ms?: number | null };
    // The stage line is written before the reply: it has come by now, or very nearly.
    for (let i = 0; i < 20 && this.#stages.length === before; i++) await sleep(10);
    return {
      ms,
      clientMs,
      cpu,
      text,
      engineWaitMs: s.engine_wait_ms ?? null,
      stages: this.#stages.at(-1) ?? "",
    };
  }

  async close(): Promise<void> {
    await this.client.close().catch(() => {});
  }
}

async function main() {
  const args = parseArgs({
    args: Deno.args,
    options: {
      rounds: { type: "string", default: "5" },
      loaded: { type: "boolean", default: false },
      stages: { type: "boolean", default: false },
      only: { type: "string", default: FIGURES.map((f) => f.key).join(",") },
      against: { type: "string" },
    },
  });
  const rounds = Math.max(1, Number(args.values.rounds));
  const only = new Set(args.values.only.split(","));
  const unknown = [...only].filter((k) => !FIGURES.some((f) => f.key === k));
  if (unknown.length) {
    throw new Error(`--only: no figure ${unknown.join(", ")}; figures: ${[...FIGURES.map((f) => f.key)]}`);
  }
  const stopBusy = args.values.loaded ? busyCores() : null;
  const desktop = await startDesktop();
  const dir = await Deno.makeTempDir({ prefix: "choto-bench-" });
  // Each round runs every figure on this checkout, then on `--against`'s, so both meet the same load.
  const checkouts = [ROOT, ...(args.values.against ? [args.values.against] : [])].map((root) => ({
    root,
    samples: new Map<Figure, Sample[]>(FIGURES.map((f) => [f.key, []])),
  }));
  const loadAtStart = Deno.loadavg();
  const take = async (samples: Map<Figure, Sample[]>, figure: Figure, look: Look) => {
    const cli = await tunedCli(desktop.display, dir);
    samples.get(figure)!.push({ ...look, cliMs: cli.ms, cpu: { ...look.cpu, cli: cli.cpuMs } });
  };
  let db = 0;
  const newDb = () => `${dir}/choto-${db++}.db`;
  /** Opens `text` in mousepad as `name.txt`, closing the window shown before. */
  let shown: Deno.ChildProcess | null = null;
  const show = async (name: string, text: string) => {
    const f = `${dir}/${name}.txt`;
    await Deno.writeTextFile(f, text);
    if (shown) {
      shown.kill();
      await shown.status;
    }
    shown = desktop.spawn("mousepad", [f]);
    await desktop.waitForWindow(name);
    await sleep(1000);
  };
  const prose = await Deno.readTextFile(new URL("./fixtures/prose40.txt", import.meta.url));
  /** On a settled server that has read the editor: the whole text area changed, then one typed character. */
  const pageAndTyped = async (
    server: Server,
    round: number,
    only: Set<string>,
    samples: Map<Figure, Sample[]>,
  ) => {
    const x = createX11Desktop(desktop.display);
    try {
      // The whole text area changes to text never seen: select all and type another 40 lines.
      const retype = async (seed: number) => {
        await x.hotkey(["ctrl", "a"]);
        await x.type(fortyLines(seed));
        await x.hotkey(["ctrl", "Home"]);
        await sleep(500);
        return await server.observe();
      };
      if (only.has("page")) await take(samples, "page", await retype(round + 50));
      if (only.has("typed")) {
        await x.type("x");
        await sleep(300);
        await take(samples, "typed", await server.observe());
        await x.hotkey(["BackSpace"]);
      }
      if (only.has("pause")) {
        // Typing 40 lines takes about 20 s: each change is a pause between calls.
        await retype(round + 100);
        await take(samples, "pause", await retype(round + 150));
      }
    } finally {
      x.close();
    }
  };
  try {
    for (let round = 0; round < rounds; round++) {
      console.error(
        `round ${round + 1} of ${rounds}; load average ${Deno.loadavg().map((v) => v.toFixed(2)).join(" ")}`,
      );
      for (const { root, samples } of checkouts) {
        if (only.has("cold")) {
          await show(`notes${round}`, fortyLines(round));
          const server = new Server(desktop, newDb(), root);
          try {
            await server.connect();
            await take(samples, "cold", await server.observe());
          } finally {
            await server.close();
          }
        }
        for (
          const [key, name, text] of [["editor", "unseen", fortyLines(0, OTHER_WORDS)], [
            "prose",
            "prose",
            prose,
          ]]
        ) {
          const changes = key === "editor" && ["page", "typed", "pause"].some((k) => only.has(k));
          if (!only.has(key) && !changes) continue;
          // The server starts on another window, loads and reads it; then the window it never saw opens.
          await show(`start${round}`, "Ready when you are.\n");
          const server = new Server(desktop, newDb(), root);
          try {
            await server.connect();
            await server.settle(1500);
            await show(`${name}${round}`, text);
            const first = await server.observe();
            if (only.has(key)) await take(samples, key as Figure, first);
            if (changes) await pageAndTyped(server, round, only, samples);
          } finally {
            await server.close();
          }
        }
      }
    }
  } finally {
    await desktop.stop();
    await stopBusy?.();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
  const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(" ");
  console.log(
    `bench:observe, ${rounds} rounds, ${args.values.loaded ? "loaded (two busy processes)" : "quiet"}; ` +
      `load average at start ${load(loadAtStart)}, at end ${
        load(Deno.loadavg())
      } (${navigator.hardwareConcurrency} cores)`,
  );
  for (const { root, samples } of checkouts) {
    if (checkouts.length > 1) console.log(root === ROOT ? "this checkout:" : `--against ${root}:`);
    for (const line of figureRows(samples, args.values.stages)) console.log(line);
  }
}

if (import.meta.main) await main();
