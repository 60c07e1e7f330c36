/**
 * What the calculator end-to-end tests share: skipping when an app is
 * missing, the clipboard as xclip reads it (the app's own output, not
 * choto's reading), a plan that clicks keys by their text and copies, and
 * GNOME Calculator started with the session bus it needs.
 */

import { assertEquals } from "./assert.ts";
import { pointerAway, type Session, until } from "./session.ts";
import { clipboard } from "./clipboard.ts";
import { skipWithout } from "./xdesktop.ts";
export { clipboard, pointerAway, skipWithout };

/**
 * Waits until the clipboard holds what `want` accepts; returns what it held last. With `recopy`, the app's
 * copy shortcut, it is pressed again (by xdotool, outside choto) every 1.5 s while the answer is not there:
 * GNOME Calculator works out `=` on a thread and shows the answer when it is done, so on a loaded machine
 * a copy sent just after `=` takes the unsolved sum. Copying again presses no key of the sum, so a key the
 * app never took still fails the test.
 */
export async function copied(
  s: Session,
  want: string | ((text: string) => boolean),
  recopy?: string,
): Promise<string> {
  const ok = typeof want === "string" ? (t: string) => t === want : want;
  let last = "";
  let copiedAt = performance.now();
  await until(async () => {
    if (ok(last = await clipboard(s))) return true;
    if (recopy && performance.now() - copiedAt > 1_500) {
      await new Deno.Command("xdotool", { args: ["key", "--clearmodifiers", recopy], env: s.desktop.env })
        .output();
      copiedAt = performance.now();
    }
    return false;
  }, 8_000).catch(() => null);
  return last;
}

/** Clicks on `keys` by their text, then the app's copy shortcut: one plan. Returns its journey. */
export async function press(s: Session, app: string, keys: string[], copy: string[]): Promise<string> {
  const steps = [
    { action: "focus_app", app_name: app },
    ...keys.map((text) => ({ action: "click", target: { text, scroll_to_find: false } })),
    { action: "hotkey", keys: copy },
  ];
  const r = await s.call("execute_plan", { steps });
  assertEquals(r.structured.status, "success", r.text);
  return r.text;
}

/** The texts observe lists in the focus window. */
export async function listed(s: Session): Promise<string[]> {
  const o = await s.call("observe", {});
  const els = (o.structured.elements ?? []) as Array<{ text: string }>;
  return els.map((e) => e.text);
}

/** Starts GNOME Calculator on a session bus the desktop stops with everything else; waits for its `=` key. */
/** Starts galculator with the pointer out of the way, once its window is open. */
export async function startGalculator(s: Session): Promise<void> {
  await pointerAway(s);
  s.desktop.spawn("galculator");
  await s.desktop.waitForWindow("galculator");
}

export async function startGnomeCalculator(s: Session): Promise<void> {
  const bus = `unix:path=${s.dir}/bus`;
  s.desktop.spawn("dbus-daemon", ["--session", "--nofork", `--address=${bus}`]);
  await until(() => Deno.stat(`${s.dir}/bus`).then(() => true, () => false));
  s.desktop.spawn("gnome-calculator", [], { DBUS_SESSION_BUS_ADDRESS: bus, GSETTINGS_BACKEND: "memory" });
  await s.desktop.waitForWindow("Calculator", 30_000);
  // A loaded machine may take a while to draw the keypad and to read it.
  await until(async () => (await listed(s)).includes("="), 60_000);
}
