/**
 * Observe through the MCP server on Xvfb: a real client starts
 * `deno task start`, mousepad holds a 40-line file on a 1440x900 screen,
 * and observe (screenshot off) is timed for a first look sent the moment
 * `tools/list` is answered (a new database; the server is still loading),
 * a look after the whole text area changed, a look after one typed
 * character, and the first look of a second server started on the same
 * database. Then, as a client that waits before its first call sees it, a
 * new server on a new database that has loaded and read the screen it
 * started on is timed at the first look of a window it never saw: 40 lines
 * of other words (`OTHER_WORDS`), then 40 lines of prose
 * (`bench/fixtures/prose40.txt`: few repeated words). The stock tesseract
 * CLI reads the same screens for comparison, both as installed (OpenMP on
 * every core) and with `OMP_THREAD_LIMIT=1` (the tuned CLI, the yardstick
 * of the ratios), and the listing's length and the server's peak resident
 * memory are printed.
 *
 * Run: deno task bench:observe [--rounds N] [--print]
 *
 * @module
 */

import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { parseArgs } from "node:util";
import { ROOT } from "../tests/support/mcp.ts";
import { startDesktop } from "../tests/support/xdesktop.ts";
import { createX11Desktop } from "../src/desktop/x11.ts";
import { encodePng } from "../src/image/png.ts";
import { fortyLines, OTHER_WORDS } from "./forty_lines.ts";

export { fortyLines };

type Content = Array<{ type: string; text?: string }>;

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? NaN;

/** Parses `capture 12 · lines 30 · ...`. */
function parseStages(line: string): Record<string, number> {
  return Object.fromEntries(
    line.split(" · ").map((p) => {
      const [k, v] = p.split(" ");
      return [k, Number(v)];
    }),
  );
}

/** Median of each stage over several looks, as one line. */
function stageMedians(lines: string[]): string {
  const all = lines.map(parseStages);
  const keys = [...new Set(all.flatMap((s) => Object.keys(s)))];
  return keys.map((k) => `${k} ${median(all.map((s) => s[k] ?? 0)).toFixed(0)}`).join(" · ");
}

interface Shown {
  text: string;
  cx: number;
  cy: number;
  conf: number;
}
interface Structured {
  app: string | null;
  window:
    | { title: string; kind: string; bounds: { x: number; y: number; width: number; height: number } }
    | null;
  open_windows: string[];
  known_window: boolean;
  graph_node: number | null;
  screen: { width_px: number; height_px: number; width_pt: number; height_pt: number; scale: number };
  elements: Shown[];
  chrome: Shown[];
  chrome_empty_reason: string | null;
  off_surface: number;
  single_character_scan: { x: number; y: number; width: number; height: number } | null;
}

/**
 * The listing as observe wrote it before rows (one element per line,
 * `text @ (cx,cy) [conf 0.97]`), rebuilt from the structured output of the
 * same look so both lengths describe one screen. The "seen N times" clause is
 * filled with fixed values of the same width.
 */
function elementPerLineListing(s: Structured): string {
  const r = (b: { x: number; y: number; width: number; height: number }) =>
    `${b.width}x${b.height} at (${b.x},${b.y})`;
  const el = (e: Shown) => `  ${e.text} @ (${e.cx},${e.cy}) [conf ${e.conf.toFixed(2)}]`;
  const lines = [
    `app: ${s.app ?? "(none)"}`,
    s.window
      ? `window: "${s.window.title}" (${s.window.kind}, ${r(s.window.bounds)})`
      : "window: (no focused window)",
    `open_windows: ${s.open_windows.length ? s.open_windows.map((t) => `"${t}"`).join(", ") : "(none)"}`,
    s.known_window
      ? `known_window: yes, graph node #${s.graph_node}, seen 7 times, before this 1s ago`
      : `known_window: no, first sighting, recorded as graph node #${s.graph_node}`,
    `screen: ${s.screen.width_px}x${s.screen.height_px} px = ${s.screen.width_pt}x${s.screen.height_pt} pt (scale ${s.screen.scale}); element coordinates are pixels`,
    `single_character_scan: ${
      s.single_character_scan ? r(s.single_character_scan) : "none (no glyph-sized blobs left unread)"
    }`,
    "",
    `elements in focus window (${s.elements.length}):`,
    ...s.elements.map(el),
    `chrome (menus / popups / tooltips / docks, ${s.chrome.length}):`,
    ...s.chrome.map(el),
    ...(s.chrome.length ? [] : [`  (empty: ${s.chrome_empty_reason})`]),
    "screenshot: not attached (screenshot=false)",
  ];
  return lines.join("\n");
}

/** How many words a look listed (the window's and the chrome's). */
function wordsIn(s: Structured): number {
  return [...s.elements, ...s.chrome].reduce((n, e) => n + e.text.split(/\s+/).filter(Boolean).length, 0);
}

async function observe(
  client: Client,
): Promise<{ ms: number; text: string; ocrMs: number; structured: Structured }> {
  const t0 = performance.now();
  const r = await client.callTool({ name: "observe", arguments: { screenshot: false } });
  const ms = performance.now() - t0;
  if (r.isError) throw new Error(JSON.stringify(r.content));
  const text = (r.content as Content).filter((c) => c.type === "text").map((c) => c.text).join("\n");
  const structured = r.structuredContent as unknown as Structured & { ocr_ms: number };
  return { ms, text, ocrMs: structured.ocr_ms, structured };
}

/**
 * Wall time of the stock CLI on a PNG file and the words it printed; `tuned`
 * runs it on one OpenMP thread, `psm` sets its page segmentation (the CLI's
 * default, 3, finds text on only part of an editor's screen; 6 reads it as
 * one block, every line).
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

/** The screen as it is now, as a PNG file in `dir`. */
async function screenFile(display: string, dir: string): Promise<string> {
  const x = createX11Desktop(display);
  let png: Uint8Array;
  try {
    png = encodePng(x.capture());
  } finally {
    x.close();
  }
  const file = `${dir}/screen.png`;
  await Deno.writeFile(file, png);
  return file;
}

/** The stock CLI on the screen as it is now: as installed and tuned, alternating. */
async function cliMs(display: string, dir: string): Promise<{ stock: number; tuned: number }> {
  const file = await screenFile(display, dir);
  const stock = await cliFileMs(file, false);
  const tuned = await cliFileMs(file, true);
  return { stock, tuned };
}

/** What the CLI makes of one screen, three times each way: the medians, and the words each way read. */
async function cliOnScreen(display: string, dir: string) {
  const file = await screenFile(display, dir);
  const ways = { stock: [false, undefined], tuned: [true, undefined], block: [true, 6] } as const;
  const out: Record<string, { ms: number; words: number }> = {};
  for (const [name, [tuned, psm]] of Object.entries(ways)) {
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await cliFileRead(file, tuned, psm));
    out[name] = { ms: median(runs.map((r) => r.ms)), words: runs[0].words };
  }
  return out as Record<keyof typeof ways, { ms: number; words: number }>;
}

/**
 * The server's peak resident memory so far in MB (`VmHWM`): the largest
 * among the client's `deno task` and the processes under it (the server is
 * the largest). Read through `sh`, as Deno opens /proc/<pid> only under
 * --allow-all; NaN where /proc cannot tell.
 */
async function serverPeakMb(pid: number | null | undefined): Promise<number> {
  if (!pid) return NaN;
  const script =
    'walk() { echo "$1"; for c in $(cat /proc/"$1"/task/*/children 2>/dev/null); do walk "$c"; done; }; ' +
    'for p in $(walk "$1"); do grep VmHWM /proc/"$p"/status 2>/dev/null; done';
  const out = await new Deno.Command("sh", { args: ["-c", script, "sh", String(pid)], stderr: "null" })
    .output();
  const kb = [...new TextDecoder().decode(out.stdout).matchAll(/VmHWM:\s+(\d+)/g)].map((m) => Number(m[1]));
  return kb.length ? Math.max(...kb) / 1024 : NaN;
}

async function main() {
  const args = parseArgs({
    args: Deno.args,
    options: { rounds: { type: "string", default: "5" }, print: { type: "boolean", default: false } },
  });
  const rounds = Math.max(1, Number(args.values.rounds));
  const desktop = await startDesktop();
  const dir = await Deno.makeTempDir({ prefix: "choto-bench-" });
  const file = `${dir}/notes.txt`;
  await Deno.writeTextFile(file, fortyLines());
  const notes = desktop.spawn("mousepad", [file]);
  await desktop.waitForWindow("notes");
  await new Promise((r) => setTimeout(r, 1000));
  // The server logs each observe's stage times on stderr; keep them in order.
  const stageLines: string[] = [];
  const connect = (db = `${dir}/choto.db`) => {
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
      for (const l of lines) if (l.startsWith("observe stages ms: ")) stageLines.push(l.slice(19));
    });
    return transport;
  };
  let client = new Client({ name: "choto-bench", version: "0.0.0" });
  const transport = connect();
  try {
    const t0 = performance.now();
    await client.connect(transport);
    const initMs = performance.now() - t0;
    const t1 = performance.now();
    await client.listTools();
    const listMs = performance.now() - t1;
    const first = await observe(client);
    await new Promise((r) => setTimeout(r, 100));
    const firstStages = stageLines.length ? stageLines[stageLines.length - 1] : "-";
    const load = Deno.loadavg();

    const x = createX11Desktop(desktop.display);
    const whole: number[] = [];
    const small: number[] = [];
    const wholeStages: string[] = [];
    const smallStages: string[] = [];
    const lastStages = async () => {
      await new Promise((r) => setTimeout(r, 50));
      return stageLines[stageLines.length - 1] ?? "";
    };
    const cli: number[] = [];
    const cliStock: number[] = [];
    let last = first;
    try {
      for (let i = 0; i < rounds; i++) {
        // The whole text area changes to text never seen: select all and type another 40 lines.
        await x.hotkey(["ctrl", "a"]);
        await x.type(fortyLines(i + 1));
        await x.hotkey(["ctrl", "Home"]);
        await new Promise((r) => setTimeout(r, 500));
        whole.push((await observe(client)).ms);
        wholeStages.push(await lastStages());
        await x.type("x");
        await new Promise((r) => setTimeout(r, 300));
        const o = await observe(client);
        small.push(o.ms);
        smallStages.push(await lastStages());
        last = o;
        const c = await cliMs(desktop.display, dir);
        cli.push(c.tuned);
        cliStock.push(c.stock);
        await x.hotkey(["BackSpace"]);
        await new Promise((r) => setTimeout(r, 200));
      }
    } finally {
      x.close();
    }
    const cliMed = median(cli);
    const row = (name: string, ms: number) =>
      `${name.padEnd(38)} ${ms.toFixed(0).padStart(6)} ms  ${(ms / cliMed).toFixed(2)}x CLI`;
    console.log(`load average at start: ${load.map((v) => v.toFixed(2)).join(" ")} (2 cores)`);
    console.log(`initialize ${initMs.toFixed(0)} ms, tools/list ${listMs.toFixed(0)} ms`);
    console.log(row("first observe, sent as tools/list answers", first.ms));
    console.log(row(`observe, whole text area changed (med)`, median(whole)));
    console.log(row(`observe, one typed character (med)`, median(small)));
    console.log(row("stock tesseract CLI as installed (med)", median(cliStock)));
    console.log(row("tuned CLI, OMP_THREAD_LIMIT=1 (med)", cliMed));
    console.log(`stages ms, first look: ${firstStages}`);
    console.log(`stages ms, whole text area changed (med): ${stageMedians(wholeStages)}`);
    console.log(`stages ms, one typed character (med): ${stageMedians(smallStages)}`);
    const peak = await serverPeakMb(transport.pid);
    console.log(`server peak RSS (VmHWM) after the forty-line looks: ${peak.toFixed(0)} MB`);
    const before = elementPerLineListing(last.structured).length;
    // A new server on the same database: the screen was read by the last one.
    await client.close();
    client = new Client({ name: "choto-bench", version: "0.0.0" });
    const t2 = performance.now();
    await client.connect(connect());
    const reinitMs = performance.now() - t2;
    await client.listTools();
    const restarted = await observe(client);
    await new Promise((r) => setTimeout(r, 100));
    console.log(row("first observe after a restart, same db", restarted.ms));
    console.log(
      `  (initialize ${reinitMs.toFixed(0)} ms; stages ms: ${stageLines[stageLines.length - 1] ?? "-"})`,
    );
    console.log(
      `observe text (one typed character's look, ${last.structured.elements.length} elements): ${last.text.length} chars; ` +
        `one element per line as before: ${before} chars; ratio ${(last.text.length / before).toFixed(2)}`,
    );
    if (args.values.print) console.log(last.text);
    // A client waits before its first call (a model reads the user's message first): by then the server has
    // loaded and read the screen it started on. Its first look at a window it never saw is a never-seen read.
    // Each such window is alone on the screen, as the forty-line file is above.
    await client.close();
    notes.kill();
    await notes.status;
    const startFile = `${dir}/start.txt`;
    await Deno.writeTextFile(startFile, "Ready when you are.\n");
    let shown = desktop.spawn("mousepad", [startFile]);
    await desktop.waitForWindow("start");
    const firstLookAt = async (name: string, text: string) => {
      const c = new Client({ name: "choto-bench", version: "0.0.0" });
      const t = connect(`${dir}/${name}.db`);
      await c.connect(t);
      await c.listTools();
      // Answered only once the server has loaded (the handshake answers initialize and tools/list alone).
      await c.ping();
      await new Promise((r) => setTimeout(r, 1500));
      const f = `${dir}/${name}.txt`;
      await Deno.writeTextFile(f, text);
      shown.kill();
      await shown.status;
      shown = desktop.spawn("mousepad", [f]);
      await desktop.waitForWindow(name);
      await new Promise((r) => setTimeout(r, 1000));
      const look = await observe(c);
      const peak = await serverPeakMb(t.pid);
      await new Promise((r) => setTimeout(r, 100));
      const stages = stageLines[stageLines.length - 1] ?? "-";
      await c.close();
      return { look, peak, stages, cli: await cliOnScreen(desktop.display, dir) };
    };
    const report = (what: string, r: Awaited<ReturnType<typeof firstLookAt>>) => {
      const line = (name: string, ms: number, words?: number) =>
        `${name.padEnd(38)} ${ms.toFixed(0).padStart(6)} ms  ${(ms / r.cli.tuned.ms).toFixed(2)}x CLI` +
        (words === undefined ? "" : `  (${words} words)`);
      console.log(line(`${what}: first observe, never seen`, r.look.ms));
      console.log(line(`${what}: CLI as installed (med of 3)`, r.cli.stock.ms, r.cli.stock.words));
      console.log(line(`${what}: tuned CLI (med of 3)`, r.cli.tuned.ms, r.cli.tuned.words));
      console.log(line(`${what}: tuned CLI, --psm 6 (med of 3)`, r.cli.block.ms, r.cli.block.words));
      console.log(
        `  (${
          (r.look.ms / r.cli.block.ms).toFixed(2)
        }x the CLI that reads every line; stages ms: ${r.stages}; ` +
          `${r.look.structured.elements.length} elements, ${wordsIn(r.look.structured)} words)`,
      );
      console.log(`${what}: server peak RSS (VmHWM) after its first look: ${r.peak.toFixed(0)} MB`);
    };
    report("forty", await firstLookAt("unseen", fortyLines(0, OTHER_WORDS)));
    report(
      "prose",
      await firstLookAt("prose", await Deno.readTextFile(new URL("./fixtures/prose40.txt", import.meta.url))),
    );
  } finally {
    await client.close().catch(() => {});
    await desktop.stop();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

if (import.meta.main) await main();
