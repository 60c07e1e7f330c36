/**
 * A click on an icon that only a memory pack named is the user's decision:
 * the name is someone else's claim ("Save" on a drawing that closes the
 * window), so the user is asked first, by the client or on the desktop,
 * whatever the label says and even where the policy lets destructive steps
 * run unasked; with nobody to ask it is refused. The question, the refusal
 * and the journey say the name comes from a pack. Fake desktop and clock.
 */

import { executePlan, type RunResult } from "../src/plan/executor.ts";
import { planSchema } from "../src/plan/steps.ts";
import { buildPolicy } from "../src/common/policy.ts";
import { createServices, type Services } from "../src/services.ts";
import { Store } from "../src/db/store.ts";
import type { DesktopAnswer } from "../src/desktop/types.ts";
import type { Element } from "../src/ocr/types.ts";
import { stepLine } from "../src/render/step_lines.ts";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { FakeDesktop, fakeReader, text, window } from "./support/fake_desktop.ts";

const EDITOR = window("ed", "Editor", "notes.txt - Editor", { x: 10, y: 10, width: 380, height: 280 });

/** The editor with a toolbar icon named "Save the current file": by a pack (`pack`) or here. */
function editor(pack: boolean, answer?: DesktopAnswer): FakeDesktop {
  const d = new FakeDesktop();
  d.windowList = [EDITOR];
  d.focusWindowId = "ed";
  const icon: Element = {
    ...text("Save the current file", 300, 40),
    icon: true,
    ...(pack ? { packName: true } : {}),
  };
  d.texts = [text("File", 40, 40), icon];
  if (answer) d.answer = () => answer;
  return d;
}

function services(d: FakeDesktop, env: Record<string, string> = {}): Services {
  let t = 1_700_000_000_000;
  return createServices({
    store: new Store(":memory:"),
    policy: buildPolicy(null, "cfg", (n) => env[n]),
    openDesktop: () => d,
    openReader: () => fakeReader(d),
    now: () => (t += 1000),
  });
}

async function run(s: Services, d: FakeDesktop): Promise<RunResult> {
  return await executePlan(
    s,
    planSchema.parse({ steps: [{ action: "click", target: { text: "Save the current file" } }] }),
    d.clock,
  );
}

Deno.test("a click on an icon named only by a pack asks the user first, and the journey says why", async () => {
  const d = editor(true, { answer: "allow" });
  const r = await run(services(d), d);
  assertEquals(r.status, "success", r.failure?.reason);
  assertEquals(d.inputs(), ["click left 300,40"]);
  const [q] = d.questions;
  assertMatch(q.text, /click "Save the current file" at \(300,40\) in Editor/);
  assertMatch(
    q.text,
    /The icon's name "Save the current file" comes from a memory pack, someone else's claim/,
  );
  assertMatch(
    stepLine(r.reports[0]),
    /its name came from a memory pack \(someone else's claim, not checked here\), so the user was asked first/,
  );
});

Deno.test("declined, or nobody to ask, or a policy that lets destructive steps through: nothing is clicked", async () => {
  const denied = editor(true, { answer: "deny" });
  const no = await run(services(denied), denied);
  assertEquals([no.status, denied.inputs()], ["declined", []]);

  const elicited = editor(true);
  const s = services(elicited);
  const asked: string[] = [];
  s.ask = (m) => (asked.push(m), Promise.resolve("decline"));
  const declined = await run(s, elicited);
  assertEquals([declined.status, elicited.inputs()], ["declined", []]);
  assertMatch(asked[0], /comes from a memory pack/);

  // "confirm": "allow" runs destructive labels unasked when the client cannot ask; never a pack's name.
  const nobody = editor(true, { answer: "unavailable", why: "zenity is not installed" });
  const refused = await run(services(nobody, { CHOTO_CONFIRM: "allow" }), nobody);
  assertEquals([refused.status, nobody.inputs()], ["refused", []]);
  assertMatch(
    refused.failure!.reason,
    /targets an icon whose name "Save the current file" comes only from a memory pack and needs the user's yes/,
  );
  assertEquals(nobody.questions.length, 1, "the desktop question was tried");
});

Deno.test("an icon named on this machine clicks without a question", async () => {
  const d = editor(false);
  const r = await run(services(d), d);
  assertEquals(r.status, "success", r.failure?.reason);
  assertEquals([d.inputs(), d.questions.length], [["click left 300,40"], 0]);
  assert(!stepLine(r.reports[0]).includes("memory pack"));
});

Deno.test("a drag that starts or ends on an icon named only by a pack asks too", async () => {
  const d = editor(true, { answer: "deny" });
  const r = await executePlan(
    services(d),
    planSchema.parse({
      steps: [{
        action: "drag",
        path: [{ target: { text: "File" } }, { target: { text: "Save the current file" } }],
      }],
    }),
    d.clock,
  );
  assertEquals([r.status, d.inputs()], ["declined", []]);
  assertMatch(d.questions[0].text, /The icon's name "Save the current file" comes from a memory pack/);
});
