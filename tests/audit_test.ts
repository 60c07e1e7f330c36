/** The audit log: what it keeps of typed text, retention, and `choto audit`. */

import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { Store } from "../src/db/store.ts";
import { auditLine, AuditLog, auditSince, parseSince } from "../src/db/audit.ts";
import { buildPolicy } from "../src/common/policy.ts";
import { guardDesktop } from "../src/desktop/guard.ts";
import { FakeDesktop, window } from "./support/fake_desktop.ts";
import { ROOT } from "./support/mcp.ts";

const DAY = 86_400_000;

Deno.test("typed text is kept as its length and hash unless the policy keeps text", async () => {
  const store = new Store(":memory:");
  try {
    let t = 100 * DAY;
    const log = new AuditLog(store, { keepText: false, retentionDays: 30, now: () => t });
    const fake = new FakeDesktop();
    fake.windowList = [window("1", "Mousepad", "notes", { x: 0, y: 0, width: 300, height: 200 })];
    fake.focusWindowId = "1";
    const d = guardDesktop(fake, buildPolicy(null, "", () => undefined), (e) => log.record(e));
    log.begin("execute_plan", "7");
    log.aimAt("Save");
    await d.click({ x: 10, y: 20 }, "left", 1, []);
    await d.type("hunter2");
    const rows = auditSince(store, 0);
    assertEquals(rows.length, 2);
    assertEquals([rows[0].action, rows[0].target, rows[0].x, rows[0].app], ["click", "Save", 10, "Mousepad"]);
    assertEquals([rows[1].tool, rows[1].call_id, rows[1].text_length, rows[1].text], [
      "execute_plan",
      "7",
      7,
      null,
    ]);
    assertEquals(rows[1].text_sha256?.length, 64);
    assert(!auditLine(rows[1]).includes("hunter2"));
    assertMatch(auditLine(rows[0]), /execute_plan #7 {2}input {2}click {2}"Save" {2}@ \(10,20\)/);

    const keeping = new AuditLog(store, { keepText: true, retentionDays: 30, now: () => t });
    keeping.record({ kind: "input", action: "type", typed: "kept" });
    assertEquals(auditSince(store, 0)[2].text, "kept");

    t += 31 * DAY;
    assertEquals(log.prune(), 3);
    assertEquals(auditSince(store, 0).length, 0);
  } finally {
    store.close();
  }
});

Deno.test("--since takes a number and a unit", () => {
  assertEquals(parseSince("90m"), 90 * 60_000);
  assertEquals(parseSince("7d"), 7 * DAY);
  assertEquals(parseSince("soon"), null);
});

Deno.test("choto audit prints the log, and refuses a malformed --since", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const store = new Store(`${dir}/choto.db`);
    new AuditLog(store, { keepText: false, retentionDays: 30, now: () => Date.now() })
      .record({ kind: "refusal", action: "focus_app", app: "KeePassXC", outcome: "deny list" });
    store.close();
    const run = (args: string[]) =>
      new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", `${ROOT}/main.ts`, "audit", "--db", `${dir}/choto.db`, ...args],
        stdout: "piped",
        stderr: "piped",
      }).output();
    const text = await run(["--since", "1h"]);
    assertEquals(text.code, 0);
    assertMatch(
      new TextDecoder().decode(text.stdout),
      /refusal {2}focus_app {2}in "KeePassXC" {2}-> deny list/,
    );
    const json = await run(["--json"]);
    assertEquals(JSON.parse(new TextDecoder().decode(json.stdout).trim()).app, "KeePassXC");
    const bad = await run(["--since", "yesterday"]);
    assertEquals(bad.code, 2);
    assertMatch(new TextDecoder().decode(bad.stderr), /--since needs a number and a unit/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
