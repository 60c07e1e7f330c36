/**
 * choto's command line: `serve` (default) runs the MCP server on stdio; the
 * other commands run one piece of it by hand.
 *
 * @module
 */

import { envVar } from "./src/env.ts";
import process from "node:process";
import { parseArgs } from "node:util";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createServer } from "./src/server.ts";
import { createServices, type Services } from "./src/services.ts";
import { defaultDbPath, dumpSchema, Store } from "./src/graph/store.ts";
import { openDesktop } from "./src/desktop/open.ts";
import { createScreenReader } from "./src/ocr/reader.ts";
import { createEngine, engineChoices } from "./src/ocr/platform.ts";
import { decodeImage } from "./src/render/image.ts";
import { observeScreen } from "./src/perceive/observe.ts";
import { observeText } from "./src/render/observe_text.ts";
import { screenshotPng } from "./src/render/image.ts";
import { runDoctor } from "./src/doctor.ts";
import { runSelftest } from "./src/selftest.ts";
import { runRecallCli } from "./src/tools/recall.ts";
import { VERSION } from "./src/version.ts";

const USAGE = `choto ${VERSION}: desktop control for AI assistants, OCR-first

usage: choto [command] [options]

commands:
  serve               run the MCP server on stdio (the default)
  observe             look at the screen once and print what the observe tool returns
                        --png FILE   also write the screenshot
  ocr IMAGE           read the text of an image file
                        --json       print {width, height, ms, elements:[{text,x,y,w,h,cx,cy,conf}]}
  recall              print what the interface graph remembers (the recall tool's reply)
                        --app NAME  --window W  --query Q  --from W  --depth 1-3
  doctor              check the display, native libraries, OCR data and database
  selftest            prove this build works: image decode/encode, OCR, database, capture;
                        prints the backend each check used, exits 1 on a failure
  db schema           print the database schema
  db path             print the database path in use

options:
  --db PATH           the SQLite database (default: ${defaultDbPath()}; env CHOTO_DB)
  --ocr ENGINE        OCR engine: vision (macOS default) or tesseract (default elsewhere)
  -h, --help          show this help
  -V, --version       print the version
`;

/** First lines of sql/schema.sql, which `deno task db:schema` regenerates. */
const SCHEMA_HEADER = "-- Generated from sql/migrations by `deno task db:schema`; do not edit.\n\n";

/** A usage error: printed as one line, exit status 2. */
class UsageError extends Error {}

const OPTIONS = {
  db: { type: "string" },
  ocr: { type: "string" },
  png: { type: "string" },
  json: { type: "boolean" },
  app: { type: "string" },
  window: { type: "string" },
  query: { type: "string" },
  from: { type: "string" },
  depth: { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "V" },
} as const;

/** Which options each command accepts (the rest are refused, not ignored). */
const ALLOWED: Record<string, string[]> = {
  serve: ["db", "ocr"],
  observe: ["db", "ocr", "png"],
  ocr: ["ocr", "json"],
  doctor: ["db", "ocr"],
  selftest: [],
  recall: ["db", "app", "window", "query", "from", "depth"],
  db: ["db"],
};

function parse(argv: string[]) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message.split("\n")[0]);
  }
  const { values, positionals } = parsed;
  const command = positionals[0] ?? "serve";
  if (!(command in ALLOWED)) {
    throw new UsageError(`unknown command "${command}" (commands: ${Object.keys(ALLOWED).join(", ")})`);
  }
  for (const key of Object.keys(values)) {
    if (key === "help" || key === "version") continue;
    if (!ALLOWED[command].includes(key)) {
      throw new UsageError(`option --${key} does not apply to "${command}"`);
    }
  }
  if (values.ocr !== undefined && !engineChoices().includes(values.ocr)) {
    throw new UsageError(
      `--ocr must be one of ${engineChoices().join(", ")} on ${Deno.build.os} (got "${values.ocr}")`,
    );
  }
  if (values.depth !== undefined && !/^[123]$/.test(values.depth)) {
    throw new UsageError(`--depth must be 1, 2 or 3 (got "${values.depth}")`);
  }
  if (values.window !== undefined && values.app === undefined && !values.window.startsWith("#")) {
    throw new UsageError("--window needs --app (or a node id such as --window '#5')");
  }
  if (values.png !== undefined && !values.png.endsWith(".png")) {
    throw new UsageError(`--png needs a file name ending in .png (got "${values.png}")`);
  }
  return { values, command, rest: positionals.slice(1) };
}

function dbPath(flag: string | undefined): string {
  return flag ?? envVar("CHOTO_DB") ?? defaultDbPath();
}

function services(dbFlag: string | undefined, ocrFlag: string | undefined): Services {
  const store = new Store(dbPath(dbFlag));
  return createServices({
    store,
    openDesktop,
    openReader: () => createScreenReader(createEngine(ocrFlag)),
  });
}

async function serve(dbFlag: string | undefined, ocrFlag: string | undefined): Promise<void> {
  const svc = services(dbFlag, ocrFlag);
  const server = createServer(svc);
  const transport = new StdioServerTransport();
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await server.close().catch(() => {});
    await svc.close();
    Deno.exit(0);
  };
  transport.onclose = () => void shutdown();
  Deno.addSignalListener("SIGINT", () => void shutdown());
  Deno.addSignalListener("SIGTERM", () => void shutdown());
  await server.connect(transport);
  // The SDK stops reading on EOF but does not exit: the client closing stdin ends us.
  process.stdin.on("end", () => void shutdown());
}

async function ocr(file: string | undefined, json: boolean, ocrFlag: string | undefined): Promise<void> {
  if (!file) throw new UsageError("ocr needs an image file: choto ocr IMAGE [--json]");
  let bytes: Uint8Array;
  try {
    bytes = await Deno.readFile(file);
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${(err as Error).message}`);
  }
  let image;
  try {
    image = await decodeImage(bytes);
  } catch {
    throw new UsageError(`${file} is not an image this tool can decode (PNG, JPEG, WebP, TIFF, GIF)`);
  }
  const reader = createScreenReader(createEngine(ocrFlag));
  try {
    const t0 = performance.now();
    const read = await reader.read(image, { x: 0, y: 0, width: image.width, height: image.height });
    const ms = Math.round(performance.now() - t0);
    if (json) {
      console.log(JSON.stringify({
        width: image.width,
        height: image.height,
        ms,
        elements: read.elements.map(({ text, x, y, w, h, cx, cy, conf }) => ({
          text,
          x,
          y,
          w,
          h,
          cx,
          cy,
          conf,
        })),
      }));
    } else {
      for (const el of read.elements) {
        console.log(`${el.text} @ (${el.cx},${el.cy}) [conf ${el.conf.toFixed(2)}]`);
      }
      console.log(`(${read.elements.length} elements, ${image.width}x${image.height}, ${ms} ms)`);
    }
  } finally {
    await reader.close();
  }
}

async function observe(
  dbFlag: string | undefined,
  png: string | undefined,
  ocrFlag: string | undefined,
): Promise<void> {
  const svc = services(dbFlag, ocrFlag);
  try {
    const o = await observeScreen(svc);
    const shot = await screenshotPng(o.frame);
    if (png) await Deno.writeFile(png, shot.png);
    console.log(observeText(o, svc.desktop().platform, shot));
  } finally {
    await svc.close();
  }
}

function db(sub: string | undefined, dbFlag: string | undefined): void {
  const path = dbPath(dbFlag);
  if (sub === "path") {
    console.log(path);
    return;
  }
  if (sub === "schema") {
    const store = new Store(path);
    try {
      console.log(SCHEMA_HEADER + dumpSchema(store.db).trimEnd());
    } finally {
      store.close();
    }
    return;
  }
  throw new UsageError(`db needs a subcommand: "schema" or "path" (got ${sub ? `"${sub}"` : "nothing"})`);
}

async function main(argv: string[]): Promise<number> {
  const { values, command, rest } = parse(argv);
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values.version) {
    console.log(VERSION);
    return 0;
  }
  if (command !== "ocr" && command !== "db" && rest.length) {
    throw new UsageError(`"${command}" takes no arguments (got "${rest.join(" ")}")`);
  }
  switch (command) {
    case "serve":
      await serve(values.db, values.ocr);
      return -1;
    case "observe":
      await observe(values.db, values.png, values.ocr);
      return 0;
    case "ocr":
      if (rest.length > 1) throw new UsageError(`ocr reads one image at a time (got ${rest.length})`);
      await ocr(rest[0], Boolean(values.json), values.ocr);
      return 0;
    case "recall": {
      const store = new Store(dbPath(values.db));
      try {
        const r = runRecallCli(store, {
          app: values.app,
          window: values.window,
          query: values.query,
          fromWindow: values.from,
          depth: values.depth ? Number(values.depth) : 1,
        });
        console.log(r.text);
        return r.ok ? 0 : 1;
      } finally {
        store.close();
      }
    }
    case "doctor":
      return (await runDoctor(dbPath(values.db))) ? 0 : 1;
    case "selftest":
      return (await runSelftest()) ? 0 : 1;
    case "db":
      if (rest.length > 1) throw new UsageError(`db takes one subcommand (got "${rest.join(" ")}")`);
      db(rest[0], values.db);
      return 0;
  }
  return 2;
}

if (import.meta.main) {
  try {
    const code = await main(Deno.args);
    // serve keeps running until stdin closes; every other command exits now.
    if (code >= 0) Deno.exit(code);
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`choto: ${err.message} (see --help)`);
      Deno.exit(2);
    }
    console.error(`choto: ${(err as Error).message}`);
    Deno.exit(1);
  }
}
