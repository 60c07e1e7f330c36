/**
 * End to end: focus_app starts applications, not programs. A script on
 * PATH and a NoDisplay desktop entry are refused and never run; the same
 * script runs once the user's configuration lists it.
 */

import { assert, assertMatch } from "./support/assert.ts";
import { withSession } from "./support/session.ts";
import { skipE2E } from "./support/xdesktop.ts";
import { existsSync } from "node:fs";

async function canary(dir: string): Promise<{ path: string; ran: string }> {
  const bin = `${dir}/bin`;
  await Deno.mkdir(bin, { recursive: true });
  const ran = `${dir}/canary-ran`;
  await Deno.writeTextFile(`${bin}/choto-canary`, `#!/bin/sh\ntouch '${ran}'\n`, { mode: 0o755 });
  return { path: `${bin}:${Deno.env.get("PATH") ?? "/usr/bin:/bin"}`, ran };
}

Deno.test({
  name: "focus_app launches desktop applications only, and listed programs",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    const dir = await Deno.makeTempDir({ prefix: "choto-canary-" });
    try {
      const { path, ran } = await canary(dir);
      await t.step("a program on PATH and a NoDisplay entry are refused and never run", async () => {
        await withSession(async (s) => {
          const apps = `${s.desktop.env.XDG_DATA_HOME}/applications`;
          await Deno.mkdir(apps, { recursive: true });
          await Deno.writeTextFile(
            `${apps}/secret-helper.desktop`,
            `[Desktop Entry]\nType=Application\nName=Secret Helper\nExec=${dir}/bin/choto-canary\nNoDisplay=true\n`,
          );
          for (const name of ["choto-canary", "Secret Helper"]) {
            const r = await s.call("focus_app", { app_name: name, timeout_ms: 1000 });
            assert(r.isError, r.text);
            assertMatch(r.text, /launch_executables/);
          }
          await new Promise((r) => setTimeout(r, 300));
          assert(!existsSync(ran), "the canary ran");
        }, { env: { PATH: path } });
      });

      await t.step("the same program starts when the configuration lists it", async () => {
        await withSession(async (s) => {
          // It shows no window, so focus_app reports a failed start; what matters is that it ran.
          await s.call("focus_app", { app_name: "choto-canary", timeout_ms: 1000 });
          for (let i = 0; i < 50 && !existsSync(ran); i++) await new Promise((r) => setTimeout(r, 100));
          assert(existsSync(ran), "the listed program did not start");
        }, { env: { PATH: path, CHOTO_LAUNCH_EXECUTABLES: "choto-canary" } });
      });
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
