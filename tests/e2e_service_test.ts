/**
 * `choto service` and `choto bridge` end to end on Linux, under the command
 * lines deno.json ships (`deno task bridge`, $HOME a test folder, so the
 * socket and database are the default ones of that home): two real MCP
 * clients, each starting its own bridge, share one service (one pid, as its
 * greeting and `ps` say) and its one actor: both observe mousepad, both type
 * 200 letters into it at the same moment, and the file mousepad saves holds
 * two whole runs, one after the other. A second service on the same socket
 * exits at once. Killed with SIGKILL, the service is started again by the
 * next call, and a call in flight when it died gets an error saying so. A
 * bridge from a newer checkout replaces the running service with its own,
 * and the older bridges go on working with it.
 */

import { join } from "node:path";
import { assert, assertEquals, assertMatch, assertNotEquals, assertRejects } from "./support/assert.ts";
import {
  type BridgeClient,
  bridgeClient,
  checkoutWithVersion,
  isGone,
  nextVersion,
  probe,
  servicePids,
} from "./support/service.ts";
import { clientEnv, type Shipped, taskOf } from "./support/shipped.ts";
import { until } from "./support/session.ts";
import { skipE2E, startDesktop } from "./support/xdesktop.ts";
import { denoDir } from "./support/deno_dir.ts";
import { VERSION } from "../src/common/version.ts";
import { runsOf } from "./support/letter_runs.ts";

const RUN = 200;

Deno.test({
  name:
    "e2e: two clients share one service through two bridges; a killed service restarts; a newer one replaces it",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    const xd = await startDesktop();
    const home = xd.env.HOME;
    const socket = `${home}/.local/share/choto/choto.sock`;
    const env = { ...clientEnv(home), DISPLAY: xd.display, DENO_DIR: denoDir() };
    const bridge = taskOf("bridge", home);
    const clients: BridgeClient[] = [];
    const work = await Deno.makeTempDir({ prefix: "choto-service-" });
    try {
      const file = join(work, "shared.txt");
      Deno.writeTextFileSync(file, "");
      xd.spawn("mousepad", [file]);
      await xd.waitForWindow("shared.txt");
      const a = await bridgeClient(bridge, env, "client-a");
      clients.push(a);
      const b = await bridgeClient(bridge, env, "client-b");
      clients.push(b);
      const inEditor = (c: BridgeClient, steps: Record<string, unknown>[]) =>
        c.call("execute_plan", { steps: [{ action: "focus_app", app_name: "mousepad" }, ...steps] });
      const saved = async (c: BridgeClient) => {
        const before = Deno.statSync(file).mtime?.getTime() ?? 0;
        const r = await inEditor(c, [{ action: "hotkey", keys: ["ctrl", "s"] }]);
        assertEquals(r.structured.status, "success", r.text);
        await until(() => (Deno.statSync(file).mtime?.getTime() ?? 0) !== before, 3000).catch(() => {});
        return Deno.readTextFileSync(file);
      };
      const clear = async (c: BridgeClient) => {
        const r = await inEditor(c, [{ action: "hotkey", keys: ["ctrl", "a"] }, {
          action: "hotkey",
          keys: ["delete"],
        }, {
          action: "hotkey",
          keys: ["ctrl", "s"],
        }]);
        assertEquals(r.structured.status, "success", r.text);
        await until(() => Deno.readTextFileSync(file).trim() === "");
      };
      let servicePid = 0;

      await t.step("two bridges reach one service, on a socket only the user can use", async () => {
        const hello = await probe(socket);
        assert(hello, "no service answers on the socket");
        assertEquals(hello.version, VERSION);
        assertEquals(servicePids(home), [hello.pid]);
        assertEquals(Deno.statSync(socket).mode! & 0o777, 0o600);
        assertEquals(Deno.statSync(`${home}/.local/share/choto`).mode! & 0o777, 0o700);
        servicePid = hello.pid;
        for (const c of [a, b]) {
          const look = await c.call("observe", { screenshot: true });
          assert(!look.isError, `${look.text}\n${c.stderr()}`);
          assertMatch(look.text, /shared\.txt/);
          assertEquals(look.images, 1);
        }
      });

      await t.step("a second service on the same socket says one runs and exits 0", async () => {
        const service = taskOf("service", home);
        const out = await new Deno.Command(Deno.execPath(), {
          args: [...service.flags, ...service.script],
          env,
          clearEnv: true,
          stdout: "piped",
          stderr: "piped",
        }).output();
        assertEquals(out.code, 0);
        assertMatch(new TextDecoder().decode(out.stderr), /a service already runs for .*; this one exits/);
        assertEquals((await probe(socket))?.pid, servicePid);
      });

      await t.step(
        "both clients type at once: the one actor lets them take turns, and the file holds whole runs",
        async () => {
          // A window just mapped can drop its first keys: type until they arrive, then start from empty.
          await until(async () => {
            const r = await inEditor(a, [{ action: "type", text: "ready" }]);
            assertEquals(r.structured.status, "success", r.text);
            const text = await saved(a);
            await clear(a);
            return text.includes("ready");
          }, 60_000);
          const replies = await Promise.all(
            ([[a, "a"], [b, "b"]] as const).map(([c, ch]) =>
              inEditor(c, [{ action: "type", text: ch.repeat(RUN) }])
            ),
          );
          for (const r of replies) assertEquals(r.structured.status, "success", r.text);
          const runs = runsOf((await saved(a)).trimEnd());
          assertEquals(runs.map(([ch]) => ch).sort(), ["a", "b"], JSON.stringify(runs));
          assert(runs.every(([, n]) => n === RUN), `a run is not whole: ${JSON.stringify(runs)}`);
          // The waiter waited inside the one service, not for another process's lock.
          const waited = replies.filter((r) => r.text.startsWith("(waited"));
          assertEquals(waited.length, 1, replies.map((r) => r.text.split("\n")[0]).join("\n"));
          assertMatch(waited[0].text, /^\(waited \d+\.\d s for the call before it to finish\)/);
          await clear(a);
        },
      );

      await t.step(
        "a service killed with SIGKILL: the call in flight fails saying so, the next calls start one again",
        async () => {
          const slow = a.call("execute_plan", { steps: [{ action: "wait", amount: 8000 }] });
          slow.catch(() => {});
          await new Promise((r) => setTimeout(r, 1500));
          // Never pid 0 or below: that would signal this test's own process group.
          assert(servicePid > 0, "no service pid known");
          Deno.kill(servicePid, "SIGKILL");
          await assertRejects(slow, /choto.s service stopped before it answered/);
          await until(() => isGone(servicePid));
          // Both bridges find the service gone and start one at the same moment: one runs, both use it.
          const looks = await Promise.all([a, b].map((c) => c.call("observe", {})));
          for (const [i, look] of looks.entries()) {
            assert(!look.isError, `${look.text}\n${[a, b][i].stderr()}`);
            assertMatch(look.text, /shared\.txt/);
          }
          const hello = await probe(socket);
          assert(hello && hello.pid !== servicePid, "the service was not started again");
          const typed = await inEditor(b, [{ action: "type", text: "after" }]);
          assertEquals(typed.structured.status, "success", typed.text);
          assertEquals((await saved(b)).trimEnd(), "after");
          assertEquals(servicePids(home), [hello.pid]);
          servicePid = hello.pid;
          await clear(b);
        },
      );

      await t.step(
        "a bridge from a newer checkout replaces the service; the older bridges use the newer one",
        async () => {
          const newer = nextVersion(VERSION);
          const checkout = await checkoutWithVersion(
            await Deno.makeTempDir({ prefix: "choto-newer-", dir: work }),
            newer,
          );
          const newBridge: Shipped = { ...bridge, script: [join(checkout, "main.ts"), "bridge"] };
          const c = await bridgeClient(newBridge, env, "client-c");
          clients.push(c);
          assertMatch(c.stderr(), new RegExp(`replaces the older service ${VERSION.replaceAll(".", "\\.")}`));
          const hello = await probe(socket);
          assert(hello, "no service after the replacement");
          assertEquals(hello.version, newer);
          assertNotEquals(hello.pid, servicePid);
          await until(() => isGone(servicePid));
          assertEquals(servicePids(home), [hello.pid]);
          const typed = await inEditor(c, [{ action: "type", text: "newer" }]);
          assertEquals(typed.structured.status, "success", typed.text);
          const look = await a.call("observe", {});
          assert(!look.isError, `${look.text}\n${a.stderr()}`);
          assertMatch(a.stderr(), new RegExp(`uses the newer service ${newer.replaceAll(".", "\\.")}`));
          assertEquals((await saved(b)).trimEnd(), "newer");
          assertEquals((await probe(socket))?.pid, hello.pid);
        },
      );
    } finally {
      for (const c of clients) await c.close().catch(() => {});
      const left = await probe(socket);
      if (left && left.pid > 0) Deno.kill(left.pid, "SIGTERM");
      for (const pid of servicePids(home)) {
        await until(() => isGone(pid)).catch(() => Deno.kill(pid, "SIGKILL"));
      }
      await xd.stop();
      await Deno.remove(work, { recursive: true }).catch(() => {});
    }
  },
});
