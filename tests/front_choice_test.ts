/**
 * The pure choice of the window a look or a step works in when none is
 * named: the window in front, none when a denied app's is there (withheld),
 * the next one down when the client's own is; the client's windows found
 * from choto's parent chain; the guard saying when the front is withheld.
 */

import { chooseFront } from "../src/perceive/front.ts";
import { ancestorChain, clientWindowIds, parentFromStat } from "../src/desktop/client_windows.ts";
import { guardDesktop } from "../src/desktop/guard.ts";
import { buildPolicy } from "../src/common/policy.ts";
import { findWindow } from "../src/look/look.ts";
import { worksInFront } from "../src/plan/front.ts";
import { stepSchema } from "../src/plan/steps.ts";
import type { WindowInfo, WindowState } from "../src/desktop/types.ts";
import { assertEquals } from "./support/assert.ts";
import { FakeDesktop, window } from "./support/fake_desktop.ts";

const SCREEN = { widthPx: 400, heightPx: 300, widthPt: 400, heightPt: 300, scale: 1 };
const CHAT = { ...window("ch", "Claude", "Claude", { x: 0, y: 0, width: 200, height: 150 }), pid: 555 };
const EDITOR = {
  ...window("ed", "Mousepad", "notes.txt - Mousepad", { x: 10, y: 10, width: 380, height: 280 }),
  pid: 600,
};
const CALC = {
  ...window("ca", "Galculator", "galculator", { x: 50, y: 50, width: 200, height: 200 }),
  pid: 700,
};

function state(windows: WindowInfo[], focus: string | null, extra: Partial<WindowState> = {}): WindowState {
  return { screen: SCREEN, windows, chrome: [], focusWindowId: focus, frontmostApp: null, ...extra };
}

Deno.test("the window in front is chosen: the focus window, else the frontmost", () => {
  assertEquals(chooseFront(state([EDITOR, CALC], "ca")), { kind: "front", window: CALC });
  assertEquals(chooseFront(state([EDITOR, CALC], null)), { kind: "front", window: EDITOR });
  assertEquals(chooseFront(state([], null)), { kind: "front", window: null });
});

Deno.test("a withheld window in front is not replaced by the one behind it", () => {
  // The guard has already left the denied window out: the editor is first in the list, and still not chosen.
  assertEquals(chooseFront(state([EDITOR], null, { focusWithheld: true })), {
    kind: "withheld",
    window: null,
  });
  // Withheld wins over the client's window too.
  assertEquals(
    chooseFront(state([CHAT, EDITOR], null, { focusWithheld: true, clientWindowIds: ["ch"] })).kind,
    "withheld",
  );
});

Deno.test("the client's own window in front is passed over for the next window down", () => {
  const s = state([CHAT, CALC, EDITOR], "ch", { clientWindowIds: ["ch"] });
  assertEquals(chooseFront(s), { kind: "client", window: CALC, client: CHAT });
  // With no focus and the client's window frontmost, the same.
  assertEquals(chooseFront({ ...s, focusWindowId: null }), { kind: "client", window: CALC, client: CHAT });
  // The client's window behind the focus window changes nothing.
  assertEquals(chooseFront(state([EDITOR, CHAT], "ed", { clientWindowIds: ["ch"] })), {
    kind: "front",
    window: EDITOR,
  });
  // Only the client's windows open: none is chosen, and why is kept.
  const dialog = { ...CHAT, id: "cd", title: "Settings" };
  assertEquals(chooseFront(state([CHAT, dialog], "ch", { clientWindowIds: ["ch", "cd"] })), {
    kind: "client",
    window: null,
    client: CHAT,
  });
});

Deno.test("the client's windows are the nearest ancestor's that owns a window", () => {
  const terminal = { ...window("xt", "XTerm", "bash", { x: 0, y: 0, width: 100, height: 100 }), pid: 40 };
  const launcher = { ...window("fm", "Thunar", "Home", { x: 0, y: 0, width: 100, height: 100 }), pid: 30 };
  // choto <- node (50) <- xterm (40) <- thunar (30), which started the terminal: thunar is not the client.
  assertEquals(clientWindowIds([launcher, terminal, EDITOR], [50, 40, 30]), ["xt"]);
  assertEquals(clientWindowIds([launcher, EDITOR], [50, 40, 30]), ["fm"]);
  assertEquals(clientWindowIds([EDITOR], [50, 40, 30]), []);
  assertEquals(clientWindowIds([EDITOR], []), []);
});

Deno.test("the parent chain is read from /proc stat lines, up to but not including init", () => {
  assertEquals(parentFromStat("1234 (deno) S 77 1234 1234 0 -1"), 77);
  // A command name may hold spaces and parentheses.
  assertEquals(parentFromStat("99 (my (odd) prog) R 12 99 99 0"), 12);
  assertEquals(parentFromStat("garbage"), null);
  const parents: Record<number, number> = { 50: 40, 40: 30, 30: 1 };
  assertEquals(ancestorChain(50, (p) => parents[p] ?? null), [50, 40, 30]);
  assertEquals(ancestorChain(50, () => null), [50]);
  // A loop (a pid reused while walking) ends the chain.
  assertEquals(ancestorChain(8, (p) => (p === 8 ? 9 : 8)), [8, 9]);
  assertEquals(ancestorChain(1, () => 0), []);
});

Deno.test("the guard says when a denied window is in front, and only then", () => {
  const vault = { ...window("kp", "KeePassXC", "Passwords.kdbx", { x: 60, y: 60, width: 300, height: 200 }) };
  const d = new FakeDesktop();
  const guarded = guardDesktop(d, buildPolicy(null, "", () => undefined));
  d.windowList = [vault, EDITOR];
  d.focusWindowId = "kp";
  let s = guarded.windows();
  assertEquals([s.focusWithheld, s.focusWindowId, s.windows.map((w) => w.id)], [true, null, ["ed"]]);
  // No focus, a denied window frontmost: still withheld, not the editor behind it.
  d.focusWindowId = null;
  assertEquals(guarded.windows().focusWithheld, true);
  // A denied window behind the focus window hides nothing in front.
  d.windowList = [EDITOR, vault];
  d.focusWindowId = "ed";
  s = guarded.windows();
  assertEquals([s.focusWithheld, s.focusWindowId], [false, "ed"]);
  // choto's own question in front is left out without a word: not withheld.
  const own = { ...window("q", "Choto-confirm", "choto: allow?", { x: 0, y: 0, width: 99, height: 99 }) };
  own.aliases = ["choto-confirm"];
  d.windowList = [own, EDITOR];
  d.focusWindowId = "q";
  assertEquals(guarded.windows().focusWithheld, false);
});

Deno.test("of windows named alike, the client's own is taken last", () => {
  const chatShell = { ...window("c1", "XTerm", "bash", { x: 0, y: 0, width: 99, height: 99 }), pid: 40 };
  const otherShell = { ...window("c2", "XTerm", "bash", { x: 0, y: 0, width: 99, height: 99 }), pid: 41 };
  const hit = findWindow(state([chatShell, otherShell], "c1", { clientWindowIds: ["c1"] }), "bash");
  assertEquals(hit.kind === "found" ? hit.item.id : hit.kind, "c2");
  // Named alone, the client's window is found.
  const only = findWindow(state([chatShell, EDITOR], "c1", { clientWindowIds: ["c1"] }), "bash");
  assertEquals(only.kind === "found" ? only.item.id : only.kind, "c1");
});

Deno.test("the steps that work in the window in front are those that name none", () => {
  const parse = (s: unknown) => stepSchema.parse(s);
  const inFront = (s: unknown) => worksInFront(parse(s));
  assertEquals(inFront({ action: "click", target: { text: "Save" } }), true);
  assertEquals(inFront({ action: "click", target: { text: "Save", window: "notes" } }), false);
  assertEquals(inFront({ action: "click", target: { text: "Save", scope: "chrome" } }), false);
  assertEquals(inFront({ action: "scroll", amount: 3 }), true);
  assertEquals(inFront({ action: "scroll", amount: 3, target: { text: "Row", window: "notes" } }), false);
  assertEquals(inFront({ action: "type", text: "x" }), true);
  assertEquals(inFront({ action: "hotkey", keys: ["ctrl", "s"] }), true);
  assertEquals(inFront({ action: "read" }), true);
  assertEquals(inFront({ action: "read", target: { window: "notes" } }), false);
  assertEquals(inFront({ action: "wait", amount: 100 }), false);
  assertEquals(inFront({ action: "focus_app", app_name: "Mousepad" }), false);
  assertEquals(inFront({ action: "read_clipboard" }), false);
  assertEquals(inFront({ action: "drag", path: [{ x: 1, y: 1 }, { x: 9, y: 9 }] }), true);
  assertEquals(
    inFront({
      action: "drag",
      path: [{ target: { text: "a", window: "notes" } }, { target: { text: "b" } }],
    }),
    false,
  );
});
