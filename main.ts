/**
 * choto's command line: `serve` (default) runs the MCP server on stdio; the
 * other commands run one piece of it by hand. This file parses the
 * arguments against the command and option tables and dispatches; each
 * command lives in its own file under `src/cli/`.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { VERSION } from "./src/common/version.ts";
import { auditCommand } from "./src/cli/audit.ts";
import { type Command, type OptionName, UsageError, type Values } from "./src/cli/command.ts";
import { dbCommand } from "./src/cli/db.ts";
import { doctorCommand } from "./src/cli/doctor.ts";
import { forgetCommand } from "./src/cli/forget.ts";
import { mapCommand } from "./src/cli/map.ts";
import { memoryCommand } from "./src/cli/memory.ts";
import { missionsCommand } from "./src/cli/missions.ts";
import { observeCommand } from "./src/cli/observe.ts";
import { ocrCommand } from "./src/cli/ocr.ts";
import { OPTIONS, type OptionSpec, PARSE_OPTIONS } from "./src/cli/options.ts";
import { recallCommand } from "./src/cli/recall.ts";
import { selftestCommand } from "./src/cli/selftest.ts";
import { serveCommand } from "./src/cli/serve.ts";

/** Every command, in the order the help lists them. */
const COMMANDS: Record<string, Command> = {
  serve: serveCommand,
  observe: observeCommand,
  ocr: ocrCommand,
  recall: recallCommand,
  missions: missionsCommand,
  audit: auditCommand,
  forget: forgetCommand,
  memory: memoryCommand,
  map: mapCommand,
  doctor: doctorCommand,
  selftest: selftestCommand,
  db: dbCommand,
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
  const { app, ...rest } = parsed.values as Values & { app?: string[] };
  const values: Values = rest;
  const positionals = parsed.positionals;
  const command = positionals[0] ?? "serve";
  const spec = COMMANDS[command];
  if (!spec) {
    throw new UsageError(`unknown command "${command}" (commands: ${Object.keys(COMMANDS).join(", ")})`);
  }
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
    const problem = typeof value === "string" ? o.check?.(value, values) : null;
    if (problem) throw new UsageError(problem);
  }
  if (app !== undefined) values.apps = app;
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
