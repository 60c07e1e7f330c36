/**
 * The MCP Bundle's manifest, built from the code: it passes mcpb's strict
 * 0.3 schema, declares exactly the registered tools with one-line
 * descriptions, carries deno.json's version, and its macOS entry uses the
 * README's scoped --allow-env list. (The pack/unpack/start round trip is
 * `deno task bundle:check`.)
 */

import { VERSIONED_MANIFEST_SCHEMAS } from "@anthropic-ai/mcpb/browser";
import { assert, assertEquals } from "./support/assert.ts";
import { ROOT } from "./support/mcp.ts";
import { buildManifest, firstSentence, MAC_ENV, serviceArgsOf } from "../build/manifest.ts";
import { TOOLS } from "../src/server/server.ts";
import config from "../deno.json" with { type: "json" };

Deno.test("the manifest passes mcpb's strict schema, for the deno and the binary bundle", () => {
  for (
    const m of [
      buildManifest("1.2.3"),
      buildManifest("1.2.3", { kind: "binary", file: "choto", platform: "darwin" }),
    ]
  ) {
    const r = VERSIONED_MANIFEST_SCHEMAS["0.3"].safeParse(m);
    assert(r.success, JSON.stringify(r.error?.issues));
  }
});

Deno.test("the manifest declares the registered tools, the version and both platforms", () => {
  const m = buildManifest(config.version) as {
    version: string;
    tools: Array<{ name: string; description: string }>;
    compatibility: { platforms: string[] };
    user_config: Record<string, unknown>;
  };
  assertEquals(m.version, config.version);
  assertEquals(m.tools.map((t) => t.name), TOOLS.map((t) => t.name));
  for (const t of m.tools) {
    assert(!t.description.includes("\n") && t.description.length <= 160, t.description);
  }
  assertEquals(m.compatibility.platforms, ["darwin", "linux"]);
  assertEquals(Object.keys(m.user_config).sort(), [
    "confirm_policy",
    "database_folder",
    "deno_path",
    "deny_apps",
  ]);
});

Deno.test("the user's deny list and confirmation policy reach the server as the variables it reads", () => {
  for (
    const server of [{ kind: "deno" as const }, {
      kind: "binary" as const,
      file: "choto",
      platform: "linux" as const,
    }]
  ) {
    const m = buildManifest("1.0.0", server) as { server: { mcp_config: { env: Record<string, string> } } };
    assertEquals(m.server.mcp_config.env.CHOTO_DENY_APPS, "${user_config.deny_apps}");
    assertEquals(m.server.mcp_config.env.CHOTO_CONFIRM, "${user_config.confirm_policy}");
  }
  for (const name of ["CHOTO_DENY_APPS", "CHOTO_CONFIRM"]) assert(MAC_ENV.includes(name), name);
});

Deno.test("the macOS entry's --allow-env is the README's list", async () => {
  const readme = await Deno.readTextFile(`${ROOT}README.md`);
  const flag = readme.match(/"--allow-env=([^"]+)"/)![1];
  assertEquals(MAC_ENV, flag.split(","));
});

Deno.test("both entries start a bridge that may start deno, and hand its service the bundle's own flags", () => {
  const m = buildManifest("1.0.0") as {
    server: {
      mcp_config: { command: string; args: string[]; platform_overrides: { darwin: { args: string[] } } };
    };
  };
  const c = m.server.mcp_config;
  const db = "${user_config.database_folder}";
  const socket = `--allow-net=unix:${db}/choto.sock`;
  for (const [platform, args] of [["linux", c.args], ["darwin", c.platform_overrides.darwin.args]] as const) {
    const bridge = args.indexOf("bridge");
    assertEquals(args.slice(bridge - 1, bridge + 4), [
      "${__dirname}/main.ts",
      "bridge",
      "--db",
      `${db}/choto.db`,
      "--",
    ]);
    const own = args.slice(0, bridge - 1), service = args.slice(args.indexOf("--") + 1);
    for (const flags of [own, service]) {
      assert(flags.includes(socket), `${platform}: ${flags.join(" ")}`);
      assert(flags.includes("--cached-only") && flags.includes(`--allow-write=${db}`), flags.join(" "));
    }
    assertEquals(serviceArgsOf(args, ["service"]), [
      "run",
      ...service,
      "${__dirname}/main.ts",
      "service",
      "--db",
      `${db}/choto.db`,
    ]);
    const run = (flags: string[]) => flags.find((f) => f.startsWith("--allow-run"))!;
    if (platform === "linux") {
      assertEquals([run(own), run(service)], ["--allow-run", "--allow-run"]);
    } else {
      // The bridge starts deno (the service) or asks launchd; the service runs only its own programs.
      assertEquals(run(service), "--allow-run=/usr/sbin/screencapture,/usr/bin/open,/bin/ps");
      assertEquals(run(own), `${run(service)},${c.command},/bin/launchctl`);
      assert(own.some((f) => f.startsWith("--allow-read=") && f.endsWith(",${HOME}/Library/LaunchAgents")));
    }
  }
});

Deno.test("a one-line description is the first sentence", () => {
  assertEquals(
    firstSentence("One look at the screen: text. Then more.\nLine two."),
    "One look at the screen: text.",
  );
  assertEquals(firstSentence("No full stop"), "No full stop");
  assertEquals(firstSentence(`Looks once: ${"a, ".repeat(60)}end. More.`), "Looks once.");
});
