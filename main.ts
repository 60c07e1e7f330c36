/**
 * choto's command line: `serve` (default) runs the MCP server on stdio; the
 * other commands run one piece of it by hand. This file parses the
 * arguments against the command and option tables and dispatches; each
 * command lives in its own file under `src/cli/`.
 *
 * @module
 */

import { VERSION } from "./src/common/version.ts";
import { type Command, type OptionName, UsageError, type Values } from "./src/cli/command.ts";
import { OPTIONS, type OptionSpec } from "./src/cli/options.ts";
import { ArgvError, parseArgv } from "./src/cli/argv.ts";
import { importLate } from "./src/cli/late_import.ts";

/**
 * Every command, in the order the help lists them, loaded when it runs: a
 * command loads only what it needs, so `serve` answers its client's
 * handshake before the rest of choto has loaded. `serve` is imported as
 * usual and holds no npm package (tests/startup_test.ts); every other
 * command is imported by computed path, so that Deno resolves its packages
 * only when it runs (src/cli/late_import.ts).
 */
const COMMANDS: Record<string, () => Promise<Command>> = {
  serve: async () => (await import("./src/cli/serve.ts")).serveCommand,
  observe: async () => (await importLate<typeof import("./src/cli/observe.ts")>("observe.ts")).observeCommand,
  ocr: async () => (await importLate<typeof import("./src/cli/ocr.ts")>("ocr.ts")).ocrCommand,
  recall: async () => (await importLate<typeof import("./src/cli/recall.ts")>("recall.ts")).recallCommand,
  missions: async () =>
    (await importLate<typeof import("./src/cli/missions.ts")>("missions.ts")).missionsCommand,
  audit: async () => (await importLate<typeof import("./src/cli/audit.ts")>("audit.ts")).auditCommand,
  forget: async () => (await importLate<typeof import("./src/cli/forget.ts")>("forget.ts")).forgetCommand,
  memory: async () => (await importLate<typeof import("./src/cli/memory.ts")>("memory.ts")).memoryCommand,
  map: async () => (await importLate<typeof import("./src/cli/map.ts")>("map.ts")).mapCommand,
  doctor: async () => (await importLate<typeof import("./src/cli/doctor.ts")>("doctor.ts")).doctorCommand,
  selftest: async () =>
    (await importLate<typeof import("./src/cli/selftest.ts")>("selftest.ts")).selftestCommand,
  db: async () => (await importLate<typeof import("./src/cli/db.ts")>("db.ts")).dbCommand,
  grant: async () => (await importLate<typeof import("./src/cli/grant.ts")>("grant.ts")).grantCommand,
  app: async () => (await importLate<typeof import("./src/cli/app.ts")>("app.ts")).appCommand,
  service: async () => (await importLate<typeof import("./src/cli/service.ts")>("service.ts")).serviceCommand,
  bridge: async () => (await importLate<typeof import("./src/cli/bridge.ts")>("bridge.ts")).bridgeCommand,
};

/** The help text, written from the command and option tables. */
async function usage(): Promise<string> {
  const all = await Promise.all(Object.values(COMMANDS).map((load) => load()));
  const commands = all.flatMap((c) => [
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
async function parse(
  argv: string[],
): Promise<{ values: Values; spec: Command; command: string; rest: string[] }> {
  let parsed;
  try {
    parsed = parseArgv(argv, OPTIONS);
  } catch (err) {
    if (err instanceof ArgvError) throw new UsageError(err.message);
    throw err;
  }
  const { app, ...rest } = parsed.values as Values & { app?: string[] };
  const values: Values = rest;
  const positionals = parsed.positionals;
  const command = positionals[0] ?? "serve";
  const load = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!load) {
    throw new UsageError(`unknown command "${command}" (commands: ${Object.keys(COMMANDS).join(", ")})`);
  }
  const spec = await load();
  if (app !== undefined) {
    if (app.length > 1 && !spec.manyApps) {
      throw new UsageError(`"${command}" takes one --app (got ${app.length})`);
    }
    values.app = app[app.length - 1];
  }
  for (const key of Object.keys(values) as OptionName[]) {
    if (key === "help" || key === "version") continue;
    if (!spec.options.includes(key)) throw new UsageError(`option --${key} does not apply to "${command}"`);
  }
  for (const [key, o] of Object.entries(OPTIONS) as Array<[OptionName, OptionSpec]>) {
    const value = values[key];
    const problem = typeof value === "string" ? await o.check?.(value, values) : null;
    if (problem) throw new UsageError(problem);
  }
  if (app !== undefined) values.apps = app;
  return { values, spec, command, rest: positionals.slice(1) };
}

async function main(argv: string[]): Promise<number> {
  const { values, spec, command, rest } = await parse(argv);
  if (values.help) {
    console.log(await usage());
    return 0;
  }
  if (values.version) {
    console.log(VERSION);
    return 0;
  }
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
