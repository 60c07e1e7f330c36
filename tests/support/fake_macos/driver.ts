/**
 * Runs the macOS backend and the Vision engine, as the server does, against
 * the stand-in libraries under `root` (fake_macos.c): window listing,
 * capture (in-process and through the screencapture fallback), the
 * self-test's probe, Accessibility reads and activation, every kind of
 * input on the keyboard layout, the deny list's checks of every event where
 * it lands (keys posted to the process checked), the clipboard with its
 * change count and concealed copies, program names, the desktop question as
 * a system alert, the grants and their prompts, and a Vision read in its worker. The
 * permission tests start it with exactly the permission flags of a shipped
 * command line, the library and program paths moved under `root`; a call
 * those flags refuse fails its step.
 *
 * Usage: driver.ts ROOT DATA_DIR. Prints "ok NAME: detail" or
 * "FAIL NAME: error" per step, then the stand-in's log and any leaks;
 * exits 1 when a step failed.
 *
 * @module
 */

import { CORE_FOUNDATION_PATH } from "../../../ffi/macos/coreFoundation.ts";
import { userNotification } from "../../../ffi/macos/userNotification.ts";
import { buildPolicy } from "../../../src/common/policy.ts";
import { DeniedError, guardDesktop, type GuardEvent } from "../../../src/desktop/guard.ts";
import { askForGrants } from "../../../src/desktop/grant_prompts.ts";
import { createMacDesktop } from "../../../src/desktop/macos.ts";
import { askWithAlert } from "../../../src/desktop/macos/alert.ts";
import { openMacLibraries } from "../../../src/desktop/macos/libs.ts";
import { MacSession } from "../../../src/desktop/macos/session.ts";
import type { Desktop, DesktopAnswer } from "../../../src/desktop/types.ts";
import { createVisionEngine } from "../../../src/ocr/engines/vision.ts";

const [root, dataDir] = Deno.args;
const control = Deno.dlopen(root + CORE_FOUNDATION_PATH, {
  fake_set: { parameters: ["buffer"], result: "void" },
  fake_log: { parameters: ["buffer", "usize"], result: "usize" },
  fake_leaks: { parameters: ["buffer", "usize"], result: "usize" },
}).symbols;
const set = (spec: string) => control.fake_set(new TextEncoder().encode(`${spec}\0`));
const read = (f: (b: Uint8Array, n: bigint) => number | bigint) => {
  const buf = new Uint8Array(1 << 16);
  return new TextDecoder().decode(buf.subarray(0, Number(f(buf, BigInt(buf.length)))));
};
const fakeLog = () => read(control.fake_log);
/** Where the stand-in's log stands now, and what it logged since. */
const mark = () => fakeLog().length;
const since = (at: number) => fakeLog().slice(at);
/** The key events the stand-in saw posted since `at`, each as "tap 0 …" or "pid N …". */
const keysSince = (at: number) =>
  [...since(at).matchAll(/^post (\S+ \S+) key (.*)$/gm)].map((m) => `${m[1]} ${m[2]}`);
const mouseSince = (at: number) =>
  [...since(at).matchAll(/^post (\S+ \S+) mouse (.*)$/gm)].map((m) => `${m[1]} ${m[2]}`);

let failed = 0;
async function step(name: string, fn: () => unknown): Promise<void> {
  try {
    const detail = await fn();
    console.log(`ok ${name}: ${detail ?? ""}`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${name}: ${(e as Error).name}: ${(e as Error).message}`);
  }
}
function expect(ok: boolean, what: string): void {
  if (!ok) throw new Error(what);
}
/** The error `p` rejects with (one the deny list raised), or a failure when it resolves or throws another. */
async function refusal(p: Promise<unknown>, what: string): Promise<string> {
  const e = await p.then(() => null, (e) => e as Error);
  expect(
    e instanceof DeniedError,
    `${what} was not refused by the deny list: ${e ? `${e.name}: ${e.message}` : "sent"}`,
  );
  return e!.message;
}

const logged: string[] = [];
let desk!: ReturnType<typeof createMacDesktop>;
await step("open the libraries", () => {
  desk = createMacDesktop(openMacLibraries({ appKit: true }, root), {
    dataDir,
    systemRoot: root,
    osRelease: () => "24.1.0",
    log: (l) => logged.push(l),
  });
  return "CoreFoundation, CoreGraphics, ApplicationServices, libobjc, Carbon, AppKit";
});
if (!desk) Deno.exit(1); // nothing else can run without the libraries

await step("window listing", () => {
  const s = desk.windows();
  expect(s.frontmostApp === "TextEdit" && s.windows.length === 2 && s.chrome.length === 1, JSON.stringify(s));
  expect(s.screen.widthPx === 800 && s.screen.scale === 2, JSON.stringify(s.screen));
  return s.windows.map((w) => `${w.app} "${w.title}"`).join(", ");
});

await step("capture", () => {
  const img = desk.capture();
  // Inside the TextEdit window (20, 40 pt) the stand-in drew its colour; BGRA came back as RGBA.
  const o = (100 * img.width + 60) * 4;
  const px = [...img.data.subarray(o, o + 4)];
  expect(img.width === 800 && img.height === 500, `${img.width}x${img.height}`);
  expect(px.join() === "20,240,120,255", `pixel ${px}`);
  return `${img.width}x${img.height} through ${desk.capturePath()}`;
});

await step("probe", () => {
  const r = desk.probe({ frameBlank: false, activation: null });
  expect(r.captureProblem === null, String(r.captureProblem));
  return r.findings.filter((f) => /CGWindowList|keyboard|Accessibility/.test(f.name)).map((f) => f.detail)
    .join(" | ");
});

await step("keyboard layout", async () => {
  expect(desk.keyRefusal!(["cmd", "a"]) === null, "cmd+a refused");
  await desk.hotkey(["cmd", "a"]);
  await desk.type("é?");
  set("layout=us");
  const refused = desk.keyRefusal!(["cmd", "é"]);
  set("layout=french");
  expect(refused !== null && /U\.S\./.test(refused), String(refused));
  return "cmd+a, typed é?, cmd+é refused on U.S.";
});

await step("pointer and buttons", async () => {
  await desk.move({ x: 100, y: 100 });
  await desk.click({ x: 100, y: 100 }, "left", 2, []);
  await desk.button("left", true);
  await desk.button("left", false);
  await desk.scroll({ x: 100, y: 100 }, 2);
  const p = desk.pointer();
  expect(p.x === 100 && p.y === 100, JSON.stringify(p));
  expect(desk.pointerInCorner() === false, "in the corner");
  return `at ${p.x},${p.y}`;
});

await step("accessibility reads and activation", async () => {
  await desk.activate("3");
  expect(desk.windows().focusWindowId === "3", "Safari is not in front");
  return logged.at(-1);
});

await step("clipboard and apps", async () => {
  const clip = await desk.readClipboard();
  expect(clip.text === "clip ✓", JSON.stringify(clip));
  const apps = await desk.runningApps();
  expect(apps.some((a) => a.aliases.includes("com.apple.Safari")), JSON.stringify(apps));
  await desk.reopen(apps[0]);
  return `${clip.note}; ${apps.map((a) => `${a.name} (${a.aliases})`).join(", ")}`;
});

// The deny list names an app by its bundle id only: its windows call it "Private Notes".
const audit: GuardEvent[] = [];
const policy = buildPolicy(
  { deny_apps: ["com.example.vault"], use_default_deny_list: false },
  "choto.json",
  () => undefined,
);
const guarded: Desktop = guardDesktop(desk, policy, (e) => audit.push(e));
/** A step on the guarded desk: Private Notes goes away however it ends, so one failure does not spill over. */
function guardedStep(name: string, fn: () => Promise<unknown>): Promise<void> {
  return step(name, async () => {
    try {
      return await fn();
    } finally {
      set("vault=off vault_after=0");
    }
  });
}
/** The pixel of the working display at point 100,100: inside TextEdit, and inside Private Notes once it is up. */
const TARGET = { x: 200, y: 200 };

await guardedStep("guarded keys go to the process their check named", async () => {
  await desk.activate("2"); // TextEdit back in front of Safari
  expect(guarded.windows().focusWindowId === "2", "TextEdit is not in front");
  const at = mark();
  await guarded.type("ok");
  await guarded.hotkey(["cmd", "a"]);
  await guarded.modifiers(["shift"], true);
  await guarded.modifiers(["shift"], false);
  const keys = keysSince(at);
  // o, k (down and up each), cmd+a (four events), shift down and up.
  expect(keys.length === 10, `${keys.length} key events:\n${keys.join("\n")}`);
  expect(keys.every((k) => k.startsWith("pid 300 ")), `not all to TextEdit's pid:\n${keys.join("\n")}`);
  const typed = audit.filter((e) => e.action === "type").at(-1);
  expect(typed?.app === "TextEdit" && typed.typed === "ok", JSON.stringify(typed));
  return `${keys.length} key events to pid 300 (${keys[0]})`;
});

await guardedStep("a denied app named by its bundle id gets no key", async () => {
  set("vault=front");
  let at = mark();
  const s = guarded.windows();
  expect(
    s.withheld === 1 && s.focusWindowId === null && !s.windows.some((w) => w.pid === 700),
    JSON.stringify(s),
  );
  const typing = await refusal(guarded.type("x"), "typing into Private Notes");
  expect(/Private Notes is on the user's deny list \(entry "com\.example\.vault"\)/.test(typing), typing);
  await refusal(guarded.hotkey(["cmd", "v"]), "cmd+v into Private Notes");
  await refusal(guarded.modifiers(["alt"], true), "holding alt into Private Notes");
  expect(keysSince(at).length === 0, `keys sent:\n${keysSince(at).join("\n")}`);
  set("vault=off");

  // The window comes forward once the first character (its key down and up) went out: the second is checked again.
  set("vault_after=2");
  at = mark();
  const midway = await refusal(guarded.type("abc"), "typing on after Private Notes came forward");
  expect(
    /the keyboard focus moved onto it during the step, and none of the input reached it/.test(midway),
    midway,
  );
  const keys = keysSince(at);
  expect(keys.length === 2 && keys.every((k) => k.startsWith("pid 300 ")), keys.join("\n"));
  const typed = audit.filter((e) => e.action === "type").at(-1);
  expect(typed?.app === "TextEdit" && typed.typed === "a", JSON.stringify(typed));
  set("vault=off");

  // A modifier held into TextEdit is let go there, not in the app that came forward meanwhile.
  at = mark();
  await guarded.modifiers(["shift"], true);
  set("vault=front");
  await guarded.modifiers(["shift"], false);
  set("vault=off");
  const held = keysSince(at);
  expect(held.length === 2 && held.every((k) => k.startsWith("pid 300 ")), held.join("\n"));
  return `refused with nothing sent; mid-type stopped after ${keys.length} events to pid 300`;
});

await guardedStep("guarded clicks pass the pointer gate", async () => {
  let at = mark();
  await guarded.click(TARGET, "left", 1, []);
  let mouse = mouseSince(at);
  expect(mouse.some((m) => m.startsWith("tap 0 1 at 100.0,100.0 click 1")), mouse.join("\n"));
  const clicked = audit.filter((e) => e.action === "click").at(-1);
  expect(clicked?.app === "TextEdit", JSON.stringify(clicked));

  set("vault=front");
  at = mark();
  const refused = await refusal(guarded.click(TARGET, "left", 1, []), "a click on Private Notes");
  expect(/entry "com\.example\.vault"/.test(refused), refused);
  expect(mouseSince(at).length === 0, mouseSince(at).join("\n"));
  set("vault=off");

  // Private Notes opens under the point between the two clicks of a double-click: the second is not sent.
  set("vault_after=3"); // the move, the first press and its release
  at = mark();
  const midway = await refusal(guarded.click(TARGET, "left", 2, []), "a double-click onto Private Notes");
  expect(/the pointer moved onto it during the step/.test(midway), midway);
  mouse = mouseSince(at);
  expect(mouse.length === 3 && !mouse.some((m) => /click 2/.test(m)), mouse.join("\n"));
  set("vault=off");
  return `clicked TextEdit at 100,100 pt; refused on Private Notes`;
});

await guardedStep("clipboard source and generation", async () => {
  guarded.windows(); // the guard notes the clipboard with TextEdit in front
  const source = () => {
    const src = desk.clipboardSource!();
    if (!src) throw new Error("no clipboard source");
    return src;
  };
  const g0 = desk.clipboardGeneration!() ?? NaN;
  let src = source();
  expect(g0 === 41 && src.generation === g0 && !src.concealed && src.pid === null, JSON.stringify(src));
  set("copy=secret"); // a password manager's copy
  src = source();
  expect(
    src.generation === g0 + 1 && src.concealed && desk.clipboardGeneration!() === g0 + 1,
    JSON.stringify(src),
  );
  const secret = await refusal(guarded.readClipboard(), "reading a concealed copy");
  expect(/marked as a secret/.test(secret), secret);
  set("copy=plain");
  expect(!source().concealed, "a plain copy reads as concealed");
  const clip = await guarded.readClipboard();
  expect(clip.text === "clip ✓", JSON.stringify(clip));

  // A copy made while the denied app was in front.
  set("vault=front");
  guarded.windows();
  set("copy=plain");
  guarded.windows();
  set("vault=off");
  const tainted = await refusal(
    guarded.readClipboard(),
    "reading a copy made while Private Notes was in front",
  );
  expect(/changed while an app on the user's deny list was in front/.test(tainted), tainted);
  set("copy=plain");
  expect((await guarded.readClipboard()).text === "clip ✓", "a later copy does not read back");
  return `change count ${g0} -> ${desk.clipboardGeneration!()}; concealed and tainted copies refused`;
});

await step("program names", () => {
  const names = (pid: number) => desk.programNames!(pid).join(", ");
  expect(names(300) === "com.apple.TextEdit, TextEdit, TextEdit", names(300));
  expect(names(700) === "com.example.vault, Private Notes, notesd", names(700));
  expect(names(88) === "", `the window server: ${names(88)}`);
  return `300: ${names(300)}; 700: ${names(700)}`;
});

await step("the desktop question as a system alert", async () => {
  // The backend opens the alert at the framework's own path; here it is the stand-in's, under the same flags.
  expect(typeof desk.askUser === "function" && typeof guarded.askUser === "function", "no askUser");
  // The backend's own door first: it opens the alert beside the session's other libraries.
  set("alert=allow alert_delay=100");
  const viaBackend = await desk.askUser!({
    title: "choto: allow this step?",
    text: "click “Delete” in TextEdit",
    allow: "Allow",
    deny: "Deny",
    timeoutMs: 5_000,
  });
  expect(viaBackend.answer === "allow", `through the backend: ${JSON.stringify(viaBackend)}`);
  const alerts = Deno.dlopen(root + CORE_FOUNDATION_PATH, userNotification);
  const session = new MacSession(openMacLibraries({ appKit: false, keyboard: false }, root), {});
  const ask = (timeoutMs: number, signal?: AbortSignal): Promise<DesktopAnswer> =>
    askWithAlert(session, {
      title: "choto: allow this step?",
      text: "click “Delete” in TextEdit",
      allow: "Allow",
      deny: "Deny",
      timeoutMs,
      signal,
    }, alerts.symbols);
  const everyAlert = () => [...fakeLog().matchAll(/^alert on (.*)$/gm)].map((m) => m[1]);
  const earlier = everyAlert().length;
  const alertsShown = () => everyAlert().slice(earlier);
  const answers: string[] = [];
  try {
    set("alert=allow alert_delay=100");
    let a = await ask(5_000);
    expect(a.answer === "allow", JSON.stringify(a));
    set("alert=deny");
    a = await ask(5_000);
    expect(a.answer === "deny", JSON.stringify(a));
    answers.push("Allow", "Deny");

    // Nobody answers: the alert times out as no, while the server's thread goes on.
    set("alert=timeout");
    let ticks = 0;
    const timer = setInterval(() => ticks++, 20);
    const t0 = performance.now();
    try {
      a = await ask(300);
    } finally {
      clearInterval(timer);
    }
    const ms = performance.now() - t0;
    expect(a.answer === "timeout" && ms >= 290, `${JSON.stringify(a)} after ${Math.round(ms)} ms`);
    expect(ticks >= 5, `the main thread ran ${ticks} timer ticks during a ${Math.round(ms)} ms alert`);
    answers.push(`timeout after ${Math.round(ms)} ms (${ticks} ticks)`);

    // A cancelled request counts as no at once; the alert's own call returns later and releases its strings.
    const cancel = new AbortController();
    setTimeout(() => cancel.abort(), 50);
    a = await ask(1_000, cancel.signal);
    expect(a.answer === "deny", `cancelled: ${JSON.stringify(a)}`);
    for (let i = 0; i < 60 && alertsShown().length < 4; i++) await new Promise((r) => setTimeout(r, 50));
    answers.push("cancelled");

    set("alert=fail");
    a = await ask(5_000);
    expect(a.answer === "unavailable", JSON.stringify(a));
    set("alert=deny");
  } finally {
    session.close();
    alerts.close();
  }
  const shown = alertsShown();
  // Each alert was up off the main thread, a caution with Deny as its default, its strings alive until it returned.
  const asked =
    `"choto: allow this step?": "click “Delete” in TextEdit" [default "Deny"] [alternate "Allow"] [other (none)]`;
  expect(
    shown.length === 4 && shown.every((l) => l.startsWith("another thread, level 2,") && l.includes(asked)),
    shown.join("\n"),
  );
  return answers.join(", ");
});

await step("doctor checks", () => {
  const checks = desk.doctorChecks();
  expect(checks.every((c) => c.ok), JSON.stringify(checks));
  // Started by Claude Desktop, which disowns it, deno holds its own grants; doctor says so.
  expect(/^granted to deno\./.test(checks[0].detail), checks[0].detail);
  expect(/charges the grants to the program itself/.test(checks[1].detail), checks[1].detail);
  return checks.map((c) => c.name).join(", ");
});

await step("grants refused", async () => {
  set("screen=0 trusted=0");
  let capture = "", input = "";
  try {
    desk.capture();
  } catch (e) {
    capture = (e as Error).message;
  }
  try {
    await desk.click({ x: 10, y: 10 }, "left", 1, []);
  } catch (e) {
    input = (e as Error).message;
  }
  set("screen=1 trusted=1");
  expect(/Screen Recording is not granted to deno: .* Install Choto\.app/.test(capture), capture);
  expect(/Accessibility is not granted to deno: .* Install Choto\.app/.test(input), input);
  return "capture and input refused, prompts asked";
});

await step("grant prompts", () => {
  // What `choto grant` does: libraries of its own, both prompts asked for, who holds the grants said.
  set("screen=0 trusted=0");
  const at = mark();
  let got;
  try {
    got = askForGrants(() => {}, root);
  } finally {
    set("screen=1 trusted=1");
  }
  const log = since(at);
  expect(!got.screenRecording && !got.accessibility, JSON.stringify(got));
  expect(/CGRequestScreenCaptureAccess/.test(log), log);
  expect(/AXIsProcessTrustedWithOptions prompt=true/.test(log), log);
  expect(got.holder === "deno", `the grants are charged to ${got.holder}`);
  return `asked for ${got.asked.join(" and ")}, for ${got.holder}`;
});

await step("screencapture fallback", () => {
  set("image=null");
  try {
    const img = desk.capture();
    expect(img.width === 800 && desk.capturePath() === "screencapture", `${img.width} ${desk.capturePath()}`);
    // Scoped --allow-ffi: ScreenCaptureKit (Deno.UnsafeCallback) is passed over, saying why.
    const path = desk.doctorChecks().map((c) => c.detail).join("\n");
    expect(/ScreenCaptureKit: it needs --allow-ffi without a path list/.test(path), path);
  } finally {
    set("image=real");
  }
  const asked = Deno.readTextFileSync(`${dataDir}/screencapture.log`).trim();
  expect(asked.startsWith(`${dataDir}/`), `the PNG went to ${asked}`);
  return `PNG written to ${asked}`;
});

await step("vision in its worker", async () => {
  const engine = createVisionEngine({ root });
  try {
    const frame = { width: 200, height: 60, data: new Uint8Array(200 * 60 * 4).fill(255) };
    const words = await engine.recognize(frame);
    expect(words.map((w) => w.text).join(" ") === "Save As", JSON.stringify(words));
    return `${words.map((w) => `${w.text}@${w.x},${w.y}`).join(" ")}; ${engine.detail?.()}`;
  } finally {
    await engine.close();
  }
});

await step("vision leaves the main thread free", async () => {
  // While Vision reads (for 400 ms here), the server's thread must go on: MCP traffic, the failsafe, cancellation.
  set("vision_delay=400");
  const engine = createVisionEngine({ root });
  let ticks = 0;
  const timer = setInterval(() => ticks++, 20);
  try {
    await engine.warm?.();
    const t0 = performance.now();
    await engine.recognize({ width: 100, height: 30, data: new Uint8Array(100 * 30 * 4) });
    const ms = performance.now() - t0;
    expect(ms >= 390, `the read took ${ms} ms`);
    expect(ticks >= 10, `the main thread ran ${ticks} timer ticks during a ${Math.round(ms)} ms read`);
    return `${ticks} ticks of a 20 ms timer during a ${Math.round(ms)} ms read`;
  } finally {
    clearInterval(timer);
    set("vision_delay=0");
    await engine.close();
  }
});

await step("close", () => {
  desk.close();
  const leaks = read(control.fake_leaks).trim();
  expect(leaks === "", leaks);
  return "every owned object released once";
});

console.log("--- stand-in log");
console.log(fakeLog().trimEnd());
console.log("--- backend log");
console.log(logged.join("\n"));
Deno.exit(failed ? 1 : 0);
