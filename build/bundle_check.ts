/**
 * `deno task bundle:check`: the MCP Bundle round trip, as Claude Desktop
 * installs and starts it.
 *
 * 1. build the bundle (`mcpb validate` + `mcpb pack`, build/bundle.ts);
 * 2. `mcpb unpack` it into a temporary folder;
 * 3. turn its manifest into a server command with mcpb's own
 *    `getMcpConfigForManifest` (the code Claude Desktop uses: `${__dirname}`,
 *    `${HOME}` and `${user_config.*}` substituted, platform overrides applied),
 *    with the settings a user would pick (a database folder, the deno path);
 * 4. start exactly that command, arguments and environment with a real MCP
 *    client over stdio, list the tools, compare them with the manifest, and
 *    make a first call (which needs the whole server, loaded from the bundle);
 *    the command is `choto bridge`, so the service it started is stopped after.
 *
 * Also checks that the macOS entry substitutes every variable, scopes
 * `--allow-env` to the README's list, and that the bundled build passes
 * `choto selftest` (image, OCR, database) under that entry's scoped
 * read, write and env permissions. Exits non-zero on any failure.
 *
 * @module
 */

import process from "node:process";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { buildBundle, mcpb } from "./bundle.ts";
import { MAC_ENV, serviceArgsOf } from "./manifest.ts";
import { servicePidsFor, stopServicesOf } from "./service_stop.ts";
import { configFor, type Manifest } from "./manifest_config.ts";

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`bundle check failed: ${what}`);
  console.log(`ok  ${what}`);
}

const t0 = performance.now();
const file = await buildBundle();
const size = Deno.statSync(file).size;
check(size > 0, `mcpb validate + pack: ${file} (${(size / 1e6).toFixed(1)} MB)`);

const tmp = await Deno.makeTempDir({ prefix: "choto-bundle-" });
try {
  const dir = join(tmp, "Claude Extensions", "choto");
  await mcpb("unpack", file, dir);
  const manifest = JSON.parse(await Deno.readTextFile(join(dir, "manifest.json"))) as Manifest;
  check(manifest.name === "choto", `unpacked to ${dir}`);

  const userConfig = { database_folder: join(tmp, "data"), deno_path: Deno.execPath() };
  const mac = await configFor(manifest, dir, userConfig, "darwin");
  const macText = JSON.stringify(mac);
  check(!macText.includes("${"), "macOS entry: every variable substituted");
  check(
    mac.args!.includes(`--allow-env=${MAC_ENV.join(",")}`) &&
      mac.args!.includes(`--allow-write=${userConfig.database_folder}`),
    "macOS entry: scoped --allow-env and --allow-write",
  );

  const config = await configFor(manifest, dir, userConfig, process.platform);
  check(!JSON.stringify(config).includes("${"), `${process.platform} entry: every variable substituted`);
  console.log(`    ${config.command} ${config.args!.join(" ")}`);
  const transport = new StdioClientTransport({
    command: config.command,
    args: config.args,
    env: config.env,
    cwd: tmp,
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (d: Uint8Array) => (stderr += new TextDecoder().decode(d)));
  const client = new Client({ name: "bundle-check", version: "0" });
  try {
    await client.connect(transport);
    const { tools } = await client.listTools();
    const listed = tools.map((t: { name: string }) => t.name).sort();
    const declared = (manifest.tools ?? []).map((t) => t.name).sort();
    check(
      listed.length > 0 && JSON.stringify(listed) === JSON.stringify(declared),
      `server started from the manifest lists ${listed.join(", ")} (as the manifest declares)`,
    );
    check(client.getServerVersion()?.version === manifest.version, `server version ${manifest.version}`);
    // The handshake answers the listing before the server loads; a call needs all of it, from the bundle.
    const recall = await client.callTool({ name: "recall", arguments: {} });
    check(!recall.isError, "a first call (recall) is answered by the loaded server");
  } catch (err) {
    console.error(stderr);
    throw err;
  } finally {
    await client.close();
    // The entry is a bridge, which leaves the service it started running: this check's ends here.
    await stopServicesOf(userConfig.database_folder);
  }
  check(servicePidsFor(userConfig.database_folder).length === 0, "the service the bridge started is stopped");
  const db = join(userConfig.database_folder, "choto.db");
  check(Deno.statSync(db).isFile, `the database was created in the chosen folder (${db})`);

  // The macOS entry's narrow read/write/env scopes, tried here on the parts that are not the desktop:
  // the service's arguments with `selftest` in place of `service` (TMPDIR in the database folder for the
  // throwaway db; selftest takes no --db).
  const macArgs = serviceArgsOf(mac.args!, ["selftest"]);
  macArgs.splice(macArgs.indexOf("--db"), 2);
  const self = await new Deno.Command(mac.command, {
    args: macArgs,
    cwd: tmp,
    clearEnv: true,
    env: { ...mac.env, HOME: Deno.env.get("HOME") ?? tmp, TMPDIR: userConfig.database_folder },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const selfText = new TextDecoder().decode(self.stdout);
  console.log(selfText.trimEnd().replace(/^/gm, "    "));
  check(
    self.success && /selftest: 4 passed, 0 failed/.test(selfText),
    "the bundled build passes selftest under the macOS entry's scoped read, write and env permissions",
  );
} finally {
  await Deno.remove(tmp, { recursive: true });
}
console.log(`bundle round trip passed in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
