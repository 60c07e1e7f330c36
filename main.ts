/**
 * choto's command line: `serve` (default) runs the MCP server on stdio; the
 * other commands run one piece of it by hand.
 *
 * @module
 */

import { envVar } from "./src/common/env.ts";
import process from "node:process";
import { parseArgs, type ParseArgsOptionsConfig } from "node:util";
import { createServer } from "./src/server/server.ts";
import { BoundedStdioTransport } from "./src/server/stdio_transport.ts";
import { ACTOR } from "./src/tools/support/actor.ts";
import { createServices, type Services } from "./src/services.ts";
import { defaultDbPath, dumpSchema, Store } from "./src/db/store.ts";
import { openDesktop } from "./src/desktop/open.ts";
import { createScreenReader } from "./src/ocr/reader.ts";
import { type StoredReadMemory, storedReadMemory } from "./src/db/read_memory.ts";
import { keepPruned } from "./src/db/retention.ts";
import { createEngine, engineChoices } from "./src/ocr/engines/platform.ts";
import { decodeImage, imageBackend } from "./src/image/codec.ts";
import { observeScreen } from "./src/look/look.ts";
import { observeText } from "./src/render/observe_text.ts";
import { screenshotPng } from "./src/image/codec.ts";
import { runDoctor } from "./src/cli/doctor.ts";
import { runDoctorSelftest } from "./src/cli/doctor_selftest.ts";
import { runSelftest } from "./src/cli/selftest.ts";
import { runRecallCli } from "./src/tools/recall.ts";
import { missionsText } from "./src/render/mission_history_text.ts";
import { VERSION } from "./src/common/version.ts";
import { configPath, loadPolicy } from "./src/common/config.ts";
import { httpToken, serveHttp } from "./src/server/http.ts";
import { dirname, join } from "node:path";
import { forgetApp, forgetBefore } from "./src/graph/forget.ts";
import { auditLine, auditSince, escapedRow, parseSince } from "./src/db/audit.ts";

/** First lines of sql/schema.sql, which `deno task db:schema` regenerates. */
const SCHEMA_HEADER = "-- Generated from sql/migrations by `deno task db:schema`; do not edit.\n\n";

/** The port `serve --http` listens on unless given one. */
const DEFAULT_PORT = 8767;

/** A usage error: printed as one line, exit status 2. */
class UsageError extends Error {}

function dbPath(flag: string | undefined): string {
  return flag ?? envVar("CHOTO_DB") ?? defaultDbPath();
}

/** The database's folder, or null for an in-memory database. */
function dataDirOf(path: string): string | null {
  return path === ":memory:" ? null : dirname(path);
}

/** How often a running server checks that the database file at its path is still the one it has open. */
const DB_WATCH_MS = 2_000;

function services(
  dbFlag: string | undefined,
  ocrFlag: string | undefined,
): Services & { memory: StoredReadMemory } {
  const path = dbPath(dbFlag);
  // A broken choto.json stops here, before the database or the display is touched.
  const policy = loadPolicy(configPath(path));
  const store = new Store(path);
  const memory = storedReadMemory(store);
  const svc = createServices({
    store,
    policy,
    openDesktop: () => openDesktop({ dataDir: dataDirOf(path) }),
    openReader: () => createScreenReader(createEngine(ocrFlag), memory),
  });
  return Object.assign(svc, { memory });
}

/** `serve --http`: Streamable HTTP at /mcp until a signal ends it. */
function serveOverHttp(svc: Services, path: string, host: string, port: number): void {
  const { token, source } = httpToken(join(dirname(path), "http-token"), envVar("CHOTO_HTTP_TOKEN"));
  console.error(`choto: bearer token from ${source}`);
  const http = serveHttp(svc, { host, port, token, allowedOrigins: svc.policy.httpAllowedOrigins });
  setTimeout(() => void svc.warm(), 0);
  const shutdown = async () => {
    // Open event streams never end on their own: give requests in flight a moment, then go.
    await Promise.race([http.shutdown().catch(() => {}), new Promise((r) => setTimeout(r, 1000))]);
    await svc.close();
    Deno.exit(0);
  };
  Deno.addSignalListener("SIGINT", () => void shutdown());
  Deno.addSignalListener("SIGTERM", () => void shutdown());
}

async function serve(
  dbFlag: string | undefined,
  ocrFlag: string | undefined,
  http?: { host: string; port: number },
): Promise<void> {
  const svc = services(dbFlag, ocrFlag);
  // A replaced database file is let go of even while nothing writes; old rows go while the server runs.
  svc.store.watch(DB_WATCH_MS);
  keepPruned([() => svc.audit.prune(), () => svc.memory.prune()]);
  if (http) return serveOverHttp(svc, dbPath(dbFlag), http.host, http.port);
  const server = createServer(svc);
  const transport = new BoundedStdioTransport();
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    // Stop the running call and let go of held input before anything else can fail.
    ACTOR.abortAll();
    await svc.releaseInput().catch(() => {});
    await server.close().catch(() => {});
    await svc.close();
    Deno.exit(0);
  };
  transport.onclose = () => void shutdown();
  Deno.addSignalListener("SIGINT", () => void shutdown());
  Deno.addSignalListener("SIGTERM", () => void shutdown());
  await server.connect(transport);
  // The recognisers start while the client is still shaking hands, so the first observe finds them ready.
  setTimeout(() => void svc.warm(), 0);
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
    const formats = (await imageBackend()).name === "sharp"
      ? "PNG, JPEG, WebP, TIFF, GIF"
      : "PNG only, without sharp";
    throw new UsageError(`${file} is not an image this tool can decode (${formats})`);
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

async function doctorSelftest(ocrFlag: string | undefined, path: string): Promise<boolean> {
  const dataDir = dataDirOf(path);
  const desktop = openDesktop({ dataDir });
  const reader = createScreenReader(createEngine(ocrFlag));
  try {
    return await runDoctorSelftest({ desktop, reader, print: console.log, scratchDir: dataDir });
  } finally {
    await reader.close();
    desktop.close();
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

/** Every option of every command. */
type OptionName =
  | "db"
  | "ocr"
  | "png"
  | "json"
  | "selftest"
  | "macos-selftest"
  | "app"
  | "window"
  | "query"
  | "from"
  | "depth"
  | "since"
  | "older-than"
  | "http"
  | "port"
  | "host"
  | "help"
  | "version";
type Flag = "json" | "selftest" | "macos-selftest" | "help" | "version" | "http";
/** Parsed option values: true for a flag given, the text for a valued option. */
type Values = { [K in Flag]?: boolean } & { [K in Exclude<OptionName, Flag>]?: string };

/** One option: how it parses, its help, and what a value must look like. */
interface OptionSpec {
  type: "string" | "boolean";
  short?: string;
  /** Shown under "options:" for options every command shares; per-command options show in `usage`. */
  help?: string;
  /** A usage error message when the value is wrong, else null. */
  check?: (value: string, values: Values) => string | null;
}

const OPTIONS: Record<OptionName, OptionSpec> = {
  db: {
    type: "string",
    help: `--db PATH           the SQLite database (default: ${defaultDbPath()}; env CHOTO_DB)`,
  },
  ocr: {
    type: "string",
    help: "--ocr ENGINE        OCR engine: vision (macOS default) or tesseract (default elsewhere)",
    check: (v) =>
      engineChoices().includes(v)
        ? null
        : `--ocr must be one of ${engineChoices().join(", ")} on ${Deno.build.os} (got "${v}")`,
  },
  png: {
    type: "string",
    check: (v) => v.endsWith(".png") ? null : `--png needs a file name ending in .png (got "${v}")`,
  },
  json: { type: "boolean" },
  selftest: { type: "boolean" },
  "macos-selftest": { type: "boolean" },
  app: { type: "string" },
  window: {
    type: "string",
    check: (v, values) =>
      values.app === undefined && !v.startsWith("#")
        ? "--window needs --app (or a node id such as --window '#5')"
        : null,
  },
  query: { type: "string" },
  from: { type: "string" },
  depth: {
    type: "string",
    check: (v) => /^[123]$/.test(v) ? null : `--depth must be 1, 2 or 3 (got "${v}")`,
  },
  since: {
    type: "string",
    check: (v) =>
      parseSince(v) === null
        ? `--since needs a number and a unit s, m, h or d, e.g. 1h or 7d (got "${v}")`
        : null,
  },
  http: { type: "boolean" },
  port: {
    type: "string",
    check: (v, values) =>
      !values.http
        ? "--port needs --http"
        : /^\d{1,5}$/.test(v) && Number(v) <= 65535
        ? null
        : `--port must be a port number 0-65535 (got "${v}")`,
  },
  host: {
    type: "string",
    check: (v, values) => values.http ? (v.trim() ? null : "--host needs an address") : "--host needs --http",
  },
  "older-than": {
    type: "string",
    check: (v) =>
      parseSince(v) === null
        ? `--older-than needs a number and a unit s, m, h or d, e.g. 30d (got "${v}")`
        : null,
  },
  help: { type: "boolean", short: "h", help: "-h, --help          show this help" },
  version: { type: "boolean", short: "V", help: "-V, --version       print the version" },
};

/** What parseArgs needs of the table. */
const PARSE_OPTIONS: ParseArgsOptionsConfig = Object.fromEntries(
  Object.entries(OPTIONS).map(([k, o]) => [k, o.short ? { type: o.type, short: o.short } : { type: o.type }]),
);

/** One command: its help lines, the options it takes (the rest are refused), and what it does. */
interface Command {
  /** [synopsis, what it does] pairs, then indented detail lines for its own options. */
  usage: Array<[string, string]>;
  details?: string[];
  options: OptionName[];
  /** Most positional arguments it takes, and what to say when given more. */
  maxArgs: number;
  tooMany?: (rest: string[]) => string;
  /** Runs it; the exit status, or -1 when it keeps running (serve). */
  run(values: Values, rest: string[]): Promise<number>;
}

const COMMANDS: Record<string, Command> = {
  serve: {
    usage: [["serve", "run the MCP server on stdio (the default)"]],
    details: [
      `--http [--port N] [--host H]  Streamable HTTP at /mcp instead (default 127.0.0.1:${DEFAULT_PORT});`,
      "             token: CHOTO_HTTP_TOKEN, else generated into http-token beside the database",
    ],
    options: ["db", "ocr", "http", "port", "host"],
    maxArgs: 0,
    run: async (v) => {
      await serve(
        v.db,
        v.ocr,
        v.http ? { host: v.host ?? "127.0.0.1", port: v.port ? Number(v.port) : DEFAULT_PORT } : undefined,
      );
      return -1;
    },
  },
  observe: {
    usage: [["observe", "look at the screen once and print what the observe tool returns"]],
    details: ["--png FILE   also write the screenshot"],
    options: ["db", "ocr", "png"],
    maxArgs: 0,
    run: async (v) => {
      await observe(v.db, v.png, v.ocr);
      return 0;
    },
  },
  ocr: {
    usage: [["ocr IMAGE", "read the text of an image file"]],
    details: ["--json       print {width, height, ms, elements:[{text,x,y,w,h,cx,cy,conf}]}"],
    options: ["ocr", "json"],
    maxArgs: 1,
    tooMany: (rest) => `ocr reads one image at a time (got ${rest.length})`,
    run: async (v, rest) => {
      await ocr(rest[0], Boolean(v.json), v.ocr);
      return 0;
    },
  },
  recall: {
    usage: [["recall", "print what the interface graph remembers (the recall tool's reply)"]],
    details: ["--app NAME  --window W  --query Q  --from W  --depth 1-3"],
    options: ["db", "app", "window", "query", "from", "depth"],
    maxArgs: 0,
    run: async (v) => {
      const store = new Store(dbPath(v.db));
      try {
        const r = runRecallCli(store, {
          app: v.app,
          window: v.window,
          query: v.query,
          fromWindow: v.from,
          depth: v.depth ? Number(v.depth) : 1,
        });
        console.log(r.text);
        return r.ok ? 0 : 1;
      } finally {
        store.close();
      }
    },
  },
  missions: {
    usage: [["missions", "print the most recent missions with their checklists and recipes"]],
    options: ["db"],
    maxArgs: 0,
    run: async (v) => {
      const store = new Store(dbPath(v.db));
      try {
        console.log(missionsText(store));
        return 0;
      } finally {
        store.close();
      }
    },
  },
  audit: {
    usage: [["audit", "print the audit log: input sent, questions asked, refusals"]],
    details: ["--since 1h   only the last hour (s, m, h, d; default 1d)  --json  one JSON row per line"],
    options: ["db", "since", "json"],
    maxArgs: 0,
    run: async (v) => {
      const store = new Store(dbPath(v.db));
      try {
        const rows = auditSince(store, Date.now() - parseSince(v.since ?? "1d")!);
        for (const r of rows) console.log(v.json ? JSON.stringify(escapedRow(r)) : auditLine(r));
        if (!v.json && !rows.length) console.log(`(nothing in the audit log since ${v.since ?? "1d"} ago)`);
        return 0;
      } finally {
        store.close();
      }
    },
  },
  forget: {
    usage: [["forget", "delete from the interface graph: --app NAME, or --older-than 30d"]],
    options: ["db", "app", "older-than"],
    maxArgs: 0,
    run: async (v) => {
      if ((v.app === undefined) === (v["older-than"] === undefined)) {
        throw new UsageError("forget needs exactly one of --app NAME or --older-than AGE (e.g. 30d)");
      }
      const store = new Store(dbPath(v.db));
      try {
        const r = v.app !== undefined
          ? forgetApp(store, v.app)
          : forgetBefore(store, Date.now() - parseSince(v["older-than"]!)!);
        (r.ok ? console.log : console.error)(r.ok ? r.text : `choto: ${r.text}`);
        return r.ok ? 0 : 1;
      } finally {
        store.close();
      }
    },
  },
  doctor: {
    usage: [["doctor", "check the display, native libraries, OCR data and database"]],
    details: [
      "--selftest  also list windows, capture and read a frame, move the pointer",
      "            and back, raise windows, then type, copy and click in two",
      "            scratch documents it opens beside the database and deletes",
      "            (--macos-selftest is the same; --ocr picks its engine)",
    ],
    options: ["db", "ocr", "selftest", "macos-selftest"],
    maxArgs: 0,
    run: async (v) => {
      const selftest = Boolean(v.selftest || v["macos-selftest"]);
      // Only the self-test reads text, so only it takes an engine.
      if (v.ocr !== undefined && !selftest) {
        throw new UsageError('--ocr does not apply to "doctor" without --selftest');
      }
      const ok = await runDoctor(dbPath(v.db));
      // The self-test runs even after a failed check: its report says more about what fails.
      const tested = !selftest || await doctorSelftest(v.ocr, dbPath(v.db));
      return ok && tested ? 0 : 1;
    },
  },
  selftest: {
    usage: [["selftest", "prove this build works: image decode/encode, OCR, database, capture"]],
    details: ["prints the backend each check used; exits 1 when a check fails"],
    options: [],
    maxArgs: 0,
    run: async () => (await runSelftest()) ? 0 : 1,
  },
  db: {
    usage: [["db schema", "print the database schema"], ["db path", "print the database path in use"]],
    options: ["db"],
    maxArgs: 1,
    tooMany: (rest) => `db takes one subcommand (got "${rest.join(" ")}")`,
    run: async (v, rest) => {
      db(rest[0], v.db);
      return 0;
    },
  },
};

/** The help text, written from the command and option tables. */
function usage(): string {
  const commands = Object.values(COMMANDS).flatMap((c) => [
    ...c.usage.map(([synopsis, what]) => `  ${synopsis.padEnd(20)}${what}`),
    ...(c.details ?? []).map((d) => `${" ".repeat(24)}${d}`),
  ]);
  const shared = Object.values(OPTIONS).flatMap((o) => o.help ? [`  ${o.help}`] : []);
  return [
    `choto ${VERSION}: desktop control for AI assistants, OCR-first`,
    "",
    "usage: choto [command] [options]",
    "",
    "commands:",
    ...commands,
    "",
    "options:",
    ...shared,
    "",
  ].join("\n");
}

/** Parses argv against the tables: unknown commands, options a command does not take and bad values are refused. */
function parse(argv: string[]): { values: Values; command: string; rest: string[] } {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: PARSE_OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message.split("\n")[0]);
  }
  const values = parsed.values as Values;
  const positionals = parsed.positionals;
  const command = positionals[0] ?? "serve";
  const spec = COMMANDS[command];
  if (!spec) {
    throw new UsageError(`unknown command "${command}" (commands: ${Object.keys(COMMANDS).join(", ")})`);
  }
  for (const key of Object.keys(values) as OptionName[]) {
    if (key === "help" || key === "version") continue;
    if (!spec.options.includes(key)) throw new UsageError(`option --${key} does not apply to "${command}"`);
  }
  for (const [key, o] of Object.entries(OPTIONS) as Array<[OptionName, OptionSpec]>) {
    const value = values[key];
    const problem = typeof value === "string" ? o.check?.(value, values) : null;
    if (problem) throw new UsageError(problem);
  }
  return { values, command, rest: positionals.slice(1) };
}

async function main(argv: string[]): Promise<number> {
  const { values, command, rest } = parse(argv);
  if (values.help) {
    console.log(usage());
    return 0;
  }
  if (values.version) {
    console.log(VERSION);
    return 0;
  }
  const spec = COMMANDS[command];
  if (rest.length > spec.maxArgs) {
    throw new UsageError(
      spec.tooMany?.(rest) ?? `"${command}" takes no arguments (got "${rest.join(" ")}")`,
    );
  }
  return await spec.run(values, rest);
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
