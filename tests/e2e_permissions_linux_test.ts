/**
 * End to end, the Linux command lines as shipped: the README's Linux config,
 * `deno task start` and the bundle's linux entry, each read from its source
 * and started word for word (the README's /path/to/choto and /home/me filled
 * in, $HOME expanded) with only the environment an MCP client passes plus
 * DISPLAY. Through a real MCP client each server captures and reads the
 * screen (observe) and drives mousepad: it brings it forward, types, selects
 * all, copies, reads the clipboard and opens a menu. A call the flags
 * refuse fails the run. Each also finds the display's lock beside the
 * default database (the bundle, whose database folder here is another and
 * which may write only there, beside its own): held by this test, it makes a
 * plan wait and be refused.
 */

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { callTool } from "./support/session.ts";
import { bridgeDbDir, stopService } from "./support/service_stop.ts";
import {
  bundleEntry,
  CHECKOUT,
  clientEnv,
  readmeConfig,
  type Shipped,
  taskStart,
} from "./support/shipped.ts";
import { skipE2E, startDesktop } from "./support/xdesktop.ts";

/** The command line with the README's placeholders for this checkout and home folder. */
function filledIn(s: Shipped, home: string): string[] {
  return [...s.flags, ...s.script].map((a) =>
    a.replaceAll("/path/to/choto", CHECKOUT).replaceAll("/home/me", home)
  );
}

Deno.test({
  name: "e2e: the README's Linux config, deno task start and the bundle's linux entry all observe and act",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    const xd = await startDesktop();
    const home = xd.env.HOME;
    try {
      xd.spawn("mousepad");
      await xd.waitForWindow("Mousepad");
      const lockIn = (folder: string) => {
        Deno.mkdirSync(`${folder}/locks`, { recursive: true });
        return `${folder}/locks/display-${xd.display.slice(1)}.lock`;
      };
      const entries = [
        readmeConfig("linux"),
        taskStart(home),
        await bundleEntry("linux", { home, databaseFolder: `${home}/bundle-data` }),
      ];
      for (const [i, shipped] of entries.entries()) {
        await t.step(shipped.name, async () => {
          const env: Record<string, string> = { ...clientEnv(home), ...shipped.env, DISPLAY: xd.display };
          // The bundle's packed package cache does not exist in a checkout: this one's node_modules serve.
          delete env.DENO_DIR;
          const args = filledIn(shipped, home);
          const transport = new StdioClientTransport({ command: Deno.execPath(), args, env, stderr: "pipe" });
          let stderr = "";
          transport.stderr?.on("data", (d: Uint8Array) => (stderr += new TextDecoder().decode(d)));
          const client = new Client({ name: "choto-permissions", version: "0" });
          try {
            await client.connect(transport);
            const look = await callTool(client, "observe", { screenshot: true });
            assert(!look.isError, `${look.text}\n${stderr}`);
            assertMatch(look.text, /Mousepad/);
            assertEquals(look.images, 1);
            // The display's lock, held here as another choto process would: the plan waits, then is refused.
            const lockFile = lockIn(i === 2 ? `${home}/bundle-data` : `${home}/.local/share/choto`);
            const lock = Deno.openSync(lockFile, { read: true, write: true, create: true });
            try {
              assert(lock.tryLockSync(true));
              const refused = await callTool(client, "execute_plan", {
                steps: [{ action: "type", text: "never" }],
                time_limit_ms: 1000,
              });
              assert(refused.isError, refused.text);
              assertMatch(
                refused.text,
                /^execute_plan refused: another choto process is acting on this display/,
              );
            } finally {
              lock.close();
            }
            const text = `shipped flags ${i + 1}`;
            const run = await callTool(client, "execute_plan", {
              steps: [
                { action: "focus_app", app_name: "mousepad", timeout_ms: 15000 },
                { action: "hotkey", keys: ["cmd", "a"] },
                { action: "type", text },
                { action: "hotkey", keys: ["cmd", "a"] },
                { action: "hotkey", keys: ["cmd", "c"] },
                { action: "read_clipboard" },
                { action: "click", target: { text: "File" }, expect: { appears: "Save As" } },
                { action: "hotkey", keys: ["escape"] },
              ],
            });
            assertEquals(run.structured.status, "success", `${args.join(" ")}\n${run.text}\n${stderr}`);
            const extracted = run.structured.extracted as Array<{ text: string }>;
            assertEquals(extracted[0].text.trim(), text);
          } finally {
            await client.close();
            // The bundle's entry is a bridge: the service it started ends with this step.
            const serviceDir = bridgeDbDir(args);
            if (serviceDir) await stopService(serviceDir);
          }
        });
      }
    } finally {
      await xd.stop();
    }
  },
});
