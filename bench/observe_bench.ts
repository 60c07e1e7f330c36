/**
 * Observe through the MCP server on Xvfb: a real client starts
 * `deno task start`, mousepad holds a 40-line file on a 1440x900 screen,
 * and observe (screenshot off) is timed for the first look after
 * `initialize`, a look after the whole text area changed, and a look after
 * one typed character. The stock tesseract CLI reads the same screen for
 * comparison, and the listing's length is printed.
 *
 * Run: deno task bench:observe [--rounds N] [--print]
 *
 * @module
 */

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { parseArgs } from "node:util";
import { ROOT } from "../tests/support/mcp.ts";
import { startDesktop } from "../tests/support/xdesktop.ts";
import { createX11Desktop } from "../src/desktop/x11.ts";
import { encodePng } from "../src/common/png.ts";

type Content = Array<{ type: string; text?: string }>;

const WORDS = ("the quick brown fox jumps over a lazy dog while seven wizards quietly judge " +
  "boxing matches and pack my box with five dozen liquor jugs").split(" ");

/** A 40-line file of sentence-like lines of varied length (deterministic). */
export function fortyLines(variant = 0): string {
  const lines: string[] = [];
  for (let i = 0; i < 40; i++) {
    const n = 3 + ((i * 7 + variant) % 9);
    const words = Array.from({ length: n }, (_, j) => WORDS[(i * 5 + j * 3 + variant) % WORDS.length]);
    lines.push(`${String(i + 1).padStart(2, "0")} ${words.join(" ")}`);
  }
  return lines.join("\n") + "\n";
}

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? NaN;

async function observe(client: Client): Promise<{ ms: number; text: string; ocrMs: number }> {
  const t0 = performance.now();
  const r = await client.callTool({ name: "observe", arguments: { screenshot: false } });
  const ms = performance.now() - t0;
  if (r.isError) throw new Error(JSON.stringify(r.content));
  const text = (r.content as Content).filter((c) => c.type === "text").map((c) => c.text).join("\n");
  return { ms, text, ocrMs: (r.structuredContent as { ocr_ms: number }).ocr_ms };
}

async function cliMs(display: string, dir: string): Promise<number> {
  const x = createX11Desktop(display);
  let png: Uint8Array;
  try {
    png = encodePng(x.capture());
  } finally {
    x.close();
  }
  const file = `${dir}/screen.png`;
  await Deno.writeFile(file, png);
  const t0 = performance.now();
  await new Deno.Command("tesseract", { args: [file, "stdout"], stdout: "null", stderr: "null" }).output();
  return performance.now() - t0;
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
  desktop.spawn("mousepad", [file]);
  await desktop.waitForWindow("notes");
  await new Promise((r) => setTimeout(r, 1000));
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: ["task", "--quiet", "start", "--db", `${dir}/choto.db`],
    cwd: ROOT,
    env: { ...Deno.env.toObject(), ...desktop.env, NO_COLOR: "1" },
    stderr: "ignore",
  });
  const client = new Client({ name: "choto-bench", version: "0.0.0" });
  try {
    const t0 = performance.now();
    await client.connect(transport);
    const initMs = performance.now() - t0;
    const t1 = performance.now();
    await client.listTools();
    const listMs = performance.now() - t1;
    const first = await observe(client);
    const load = Deno.loadavg();

    const x = createX11Desktop(desktop.display);
    const whole: number[] = [];
    const small: number[] = [];
    const cli: number[] = [];
    let text = first.text;
    try {
      for (let i = 0; i < rounds; i++) {
        // The whole text area changes: every line turns selected, then plain again.
        await x.hotkey(["ctrl", "a"]);
        await new Promise((r) => setTimeout(r, 400));
        whole.push((await observe(client)).ms);
        await x.hotkey(["ctrl", "End"]);
        await new Promise((r) => setTimeout(r, 400));
        whole.push((await observe(client)).ms);
        await x.type("x");
        await new Promise((r) => setTimeout(r, 300));
        const o = await observe(client);
        small.push(o.ms);
        text = o.text;
        cli.push(await cliMs(desktop.display, dir));
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
    console.log(row("first observe after initialize", first.ms));
    console.log(row(`observe, whole text area changed (med)`, median(whole)));
    console.log(row(`observe, one typed character (med)`, median(small)));
    console.log(row("stock tesseract CLI, same screen (med)", cliMed));
    console.log(`observe text: ${text.length} chars`);
    if (args.values.print) console.log(text);
  } finally {
    await client.close().catch(() => {});
    await desktop.stop();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}

if (import.meta.main) await main();
