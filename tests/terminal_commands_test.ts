/**
 * A command is asked about however it is sent to a terminal or a run box: a
 * typed newline, Enter in any spelling after text choto typed there (in the
 * same plan or an earlier one), or a paste that may hold a line break. A no
 * sends nothing more; a yes sends the key once. Fake desktop and clock.
 */

import { executePlan, type RunResult } from "../src/plan/executor.ts";
import { planSchema } from "../src/plan/steps.ts";
import { auditSince } from "../src/db/audit.ts";
import type { Answer, Services } from "../src/services.ts";
import { assertEquals, assertMatch } from "./support/assert.ts";
import { FakeDesktop, fakeServices, text, window } from "./support/fake_desktop.ts";

const BOUNDS = { x: 10, y: 10, width: 380, height: 280 };

/** A desktop whose focus window is `app`'s, its program known by `programs`. */
function desktop(app: string, aliases: string[] = [], programs: string[] = []): FakeDesktop {
  const d = new FakeDesktop();
  const w = { ...window("t1", app, "user@host: ~", BOUNDS), aliases };
  d.windowList = [w];
  d.focusWindowId = "t1";
  d.programs = { [w.pid!]: programs };
  return d;
}

/** Services whose client answers every question with `answer`, keeping the questions. */
function asking(d: FakeDesktop, answer: Answer): Services & { asked: string[] } {
  const asked: string[] = [];
  const s = fakeServices(d);
  s.ask = (m) => (asked.push(m), Promise.resolve(answer));
  return Object.assign(s, { asked });
}

async function run(s: Services, d: FakeDesktop, steps: unknown[]): Promise<RunResult> {
  return await executePlan(s, planSchema.parse({ steps }), d.clock);
}

const type = (text: string) => ({ action: "type", text });
const keys = (...k: string[]) => ({ action: "hotkey", keys: k });
const confirms = (s: Services) => auditSince(s.store, 0).filter((r) => r.kind === "confirm");

Deno.test("a command typed, then sent with Enter, is asked about; a no sends no Enter", async () => {
  const d = desktop("xfce4-terminal", ["xfce4-terminal", "Xfce4-terminal"]);
  const s = asking(d, "decline");
  const r = await run(s, d, [type("touch /tmp/x"), keys("enter"), type("more")]);
  assertEquals(r.status, "declined");
  assertEquals(d.inputs(), ["type touch /tmp/x"]);
  assertEquals(s.asked.length, 1);
  assertMatch(
    s.asked[0],
    /press enter, which runs the line in the terminal "xfce4-terminal" as a command \(choto typed "touch \/tmp\/x" there\) in xfce4-terminal/,
  );
  assertEquals(confirms(s).map((c) => c.outcome), ["user via elicitation: decline"]);
});

Deno.test("a yes presses the Enter once, and the emptied line's next Enter is not asked about", async () => {
  const d = desktop("xfce4-terminal");
  const s = asking(d, "accept");
  const r = await run(s, d, [type("touch /tmp/x"), keys("enter"), keys("enter")]);
  assertEquals(r.status, "success", r.failure?.reason);
  assertEquals(d.inputs(), ["type touch /tmp/x", "hotkey enter", "hotkey enter"]);
  assertEquals(s.asked.length, 1);
});

Deno.test("every spelling of Enter is asked about: return, the keypad's, Ctrl+M, Ctrl+J, Ctrl+O, a newline key", async () => {
  for (
    const k of [["Return"], ["KP_Enter"], ["ctrl", "m"], ["ctrl", "j"], ["cmd", "o"], ["shift", "enter"], [
      "\r",
    ]]
  ) {
    const d = desktop("lxterminal");
    const s = asking(d, "decline");
    const r = await run(s, d, [type("touch /tmp/x"), keys(...k)]);
    assertEquals([r.status, s.asked.length, d.inputs()], ["declined", 1, ["type touch /tmp/x"]], k.join("+"));
  }
});

Deno.test("GNOME Console is a terminal by its class, and a renamed terminal by its program or its desktop entry", async () => {
  const cases: Array<[FakeDesktop, string]> = [
    [desktop("kgx", ["kgx", "kgx"]), "kgx"],
    [desktop("work", ["work", "Work"], ["kgx", "Console"]), "kgx"],
  ];
  const entry = desktop("zt", ["zt"], ["zorkterm"]);
  entry.launchable = [{
    name: "Zork Term",
    aliases: ["zorkterm"],
    launch: ["/opt/zorkterm"],
    terminal: true,
  }];
  cases.push([entry, "zorkterm"]);
  for (const [d, name] of cases) {
    const s = asking(d, "decline");
    const r = await run(s, d, [type("touch /tmp/x\n")]);
    assertEquals([r.status, d.inputs()], ["declined", []], name);
    assertMatch(
      s.asked[0],
      new RegExp(`into the terminal "${name}", where a newline runs the line as a command`),
    );
  }
});

Deno.test("a line typed in one plan and sent with Enter by the next is still asked about, naming what is on it", async () => {
  const d = desktop("xterm", ["xterm", "XTerm"]);
  const s = asking(d, "accept");
  assertEquals((await run(s, d, [type("rm -rf ")])).status, "success");
  assertEquals(s.asked, []);
  assertEquals((await run(s, d, [type("build\n")])).status, "success");
  assertMatch(s.asked[0], /type "build\\n" after "rm -rf " typed there before into the terminal "xterm"/);
  // Keys that may bring back a line (history, completion) count as what choto put there.
  assertEquals((await run(s, d, [keys("up"), keys("enter")])).status, "success");
  assertMatch(s.asked[1], /press enter, .* \(choto sent up there\)/);
  assertEquals(d.inputs(), ["type rm -rf ", "type build\n", "hotkey up", "hotkey enter"]);
});

Deno.test("Enter into a window that runs no command, or on a line choto put nothing on, is not asked about", async () => {
  const editor = desktop("Mousepad", ["mousepad"]);
  const s = asking(editor, "decline");
  assertEquals((await run(s, editor, [type("touch /tmp/x"), keys("enter"), type("a\n")])).status, "success");
  const term = desktop("xterm");
  const t = asking(term, "decline");
  assertEquals((await run(t, term, [keys("enter")])).status, "success");
  assertEquals([s.asked, t.asked], [[], []]);
});

Deno.test("a paste into a terminal is asked about unless the clipboard is known to hold one line", async () => {
  const one = desktop("xfce4-terminal");
  one.clipboard = { text: "ls -l", note: "" };
  const s = asking(one, "accept");
  assertEquals((await run(s, one, [keys("ctrl", "shift", "v")])).status, "success");
  assertEquals(s.asked, []);
  // The pasted line is choto's: the Enter that runs it is asked about, once.
  assertEquals((await run(s, one, [keys("enter")])).status, "success");
  assertMatch(s.asked[0], /choto sent ctrl\+shift\+v there/);
  for (
    const [clip, k, said] of [
      [
        "rm -rf ~\n",
        ["ctrl", "shift", "v"],
        /pastes the clipboard into the terminal "xfce4-terminal": it holds a line break/,
      ],
      [
        null,
        ["ctrl", "shift", "v"],
        /pastes the clipboard into the terminal "xfce4-terminal": it may hold a line break/,
      ],
      [
        "ls",
        ["shift", "insert"],
        /pastes the primary selection, which choto does not read, into the terminal/,
      ],
    ] as const
  ) {
    const d = desktop("xfce4-terminal");
    d.clipboard = { text: clip, note: "" };
    const no = asking(d, "decline");
    assertEquals([(await run(no, d, [keys(...k)])).status, d.inputs()], ["declined", []]);
    assertMatch(no.asked[0], said);
    // Allowed, the paste and the Enter after it are one command: one question.
    const yes = asking(d, "accept");
    assertEquals((await run(yes, d, [keys(...k), keys("enter")])).status, "success");
    assertEquals([yes.asked.length, d.inputs()], [1, [`hotkey ${k.join("+")}`, "hotkey enter"]]);
  }
});

Deno.test("a run box runs its line on Enter like a terminal", async () => {
  const d = desktop("xfce4-appfinder", ["xfce4-appfinder", "Xfce4-appfinder"]);
  const s = asking(d, "decline");
  const r = await run(s, d, [type("xfce4-terminal -x sh -c 'rm x'"), keys("enter")]);
  assertEquals(r.status, "declined");
  assertMatch(s.asked[0], /runs the line in the run box "xfce4-appfinder" as a command/);
});

Deno.test("a terminal's Paste menu item is asked about as its shortcut is, and the Enter after it is choto's", async () => {
  const d = desktop("xfce4-terminal");
  d.chrome = [window("menu", "xfce4-terminal", "", { x: 100, y: 40, width: 160, height: 80 }, "menu")];
  d.texts = [text("Copy", 140, 60), text("Paste", 140, 90)];
  const paste = { action: "click", target: { text: "Paste", scope: "chrome" } };
  d.clipboard = { text: "rm -rf ~\n", note: "" };
  const no = asking(d, "decline");
  assertEquals([(await run(no, d, [paste])).status, d.inputs()], ["declined", []]);
  assertMatch(
    no.asked[0],
    /click "Paste" at \(140,90\), which pastes the clipboard into the terminal "xfce4-terminal"/,
  );
  d.clipboard = { text: "ls", note: "" };
  const yes = asking(d, "accept");
  assertEquals((await run(yes, d, [paste, keys("enter")])).status, "success");
  assertEquals(yes.asked.length, 1);
  assertMatch(yes.asked[0], /press enter, .* \(choto sent a click on "Paste" there\)/);
});
