/**
 * `deno task doctor:selftest [--db PATH]`: runs `choto doctor --selftest`
 * with exactly the flags the MCP Bundle's bridge starts the service with
 * on this platform (the manifest's, word for word, as mcpb's own code turns
 * the manifest into a command), from this checkout, with the database
 * folder of `--db` (default: the platform's data folder). So the self-test
 * exercises the code under the permissions Claude Desktop grants, not under
 * the wider ones of a developer's `deno run -A`.
 *
 * The macOS grants are the responsible app's: run from Terminal, the
 * self-test uses Terminal's Screen Recording and Accessibility, and says so.
 *
 * @module
 */

import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import config from "../deno.json" with { type: "json" };
import { defaultDbPath } from "../src/db/store.ts";
import { buildManifest, serviceArgsOf } from "./manifest.ts";
import { configFor, type Manifest } from "./manifest_config.ts";

const { values } = parseArgs({ args: Deno.args, options: { db: { type: "string" } } });
const checkout = dirname(dirname(fileURLToPath(import.meta.url)));
const db = values.db ?? defaultDbPath();
const platform = Deno.build.os === "darwin" ? "darwin" : "linux";
const server = await configFor(
  buildManifest(config.version) as Manifest,
  checkout,
  { database_folder: dirname(db), deno_path: Deno.execPath() },
  platform,
);
// The self-test runs under the flags the bridge starts the service with (they do the desktop's work).
const selftest = serviceArgsOf(server.args ?? [], ["doctor", "--selftest"]);
const env: Record<string, string> = { ...Deno.env.toObject(), ...server.env };
// A bundle carries its packages in its own cache folder; a checkout has them in node_modules.
if (env.DENO_DIR && !existsSync(env.DENO_DIR)) delete env.DENO_DIR;
Deno.mkdirSync(dirname(db), { recursive: true });
console.error(`${server.command} ${selftest.join(" ")}`);
const { code } = await new Deno.Command(server.command, { args: selftest, env, cwd: join(checkout) }).spawn()
  .status;
Deno.exit(code);
