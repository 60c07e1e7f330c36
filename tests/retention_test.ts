/**
 * Retention while the server runs: the audit log and the read memory are
 * pruned on a timer, not only at start, and a pruning that fails is tried
 * again on the next tick.
 */

import { assertEquals } from "./support/assert.ts";
import { Store } from "../src/db/store.ts";
import { AuditLog } from "../src/db/audit.ts";
import { storedReadMemory } from "../src/db/read_memory.ts";
import { keepPruned } from "../src/db/retention.ts";
import { sleep } from "../src/common/time.ts";

const DAY = 86_400_000;

Deno.test("audit rows past their retention and readings past the memory's size go while the server runs", async () => {
  const dir = Deno.makeTempDirSync();
  const store = new Store(`${dir}/choto.db`);
  let now = 100 * DAY;
  const audit = new AuditLog(store, { keepText: false, retentionDays: 7, now: () => now });
  const memory = storedReadMemory(store, () => now);
  const count = (sql: string) => (store.db.prepare(sql).get() as { n: number }).n;
  let stop = () => {};
  try {
    // What the reader loaded when it started sets the memory's size.
    memory.load("line", 3);
    stop = keepPruned([() => audit.prune(), () => memory.prune()], 50);

    // Then the server runs for days: input is audited and lines are read.
    for (let day = 0; day < 10; day++) {
      audit.record({ kind: "input", action: "click", app: "Mousepad" });
      memory.save([{ kind: "line", key: `line ${day}`, words: [] }]);
      now += DAY;
    }
    assertEquals(count("SELECT count(*) AS n FROM audit_events"), 10);
    await sleep(200);
    // Seven days are kept (the rows of days 3 to 9), and the three newest lines.
    assertEquals(count("SELECT count(*) AS n FROM audit_events"), 7);
    assertEquals(
      (store.db.prepare("SELECT key FROM read_memory ORDER BY read_at DESC").all() as Array<{ key: string }>)
        .map((r) => r.key),
      ["line 9", "line 8", "line 7"],
    );
  } finally {
    stop();
    store.close();
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("a pruning that fails is tried again on the next tick", async () => {
  let calls = 0;
  const stop = keepPruned([() => {
    calls++;
    if (calls === 1) throw new Error("database is locked");
    return 0;
  }], 20);
  try {
    await sleep(120);
  } finally {
    stop();
  }
  assertEquals(calls > 2, true);
});
