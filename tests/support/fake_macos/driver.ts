/**
 * Runs the macOS backend and the Vision engine, as the server does, against
 * the stand-in libraries under `root` (fake_macos.c): window listing,
 * capture (in-process and through the screencapture fallback), the
 * self-test's probe, Accessibility reads and activation, every kind of
 * input on the keyboard layout, the clipboard, the grants, and a Vision
 * read in its worker. The permission tests start it with exactly the
 * permission flags of a shipped command line, the library and program
 * paths moved under `root`; a call those flags refuse fails its step.
 *
 * Usage: driver.ts ROOT DATA_DIR. Prints "ok NAME: detail" or
 * "FAIL NAME: error" per step, then the stand-in's log and any leaks;
 * exits 1 when a step failed.
 *
 * @module
 */

import { CORE_FOUNDATION_PATH } from "../../../ffi/macos/coreFoundation.ts";
import { createMacDesktop } from "../../../src/desktop/macos.ts";
import { openMacLibraries } from "../../../src/desktop/macos/libs.ts";
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

await step("doctor checks", () => {
  const checks = desk.doctorChecks();
  expect(checks.every((c) => c.ok), JSON.stringify(checks));
  expect(/granted to Claude/.test(checks[0].detail), checks[0].detail);
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
  expect(/Screen Recording is not granted to Claude/.test(capture), capture);
  expect(/Accessibility is not granted to Claude/.test(input), input);
  return "capture and input refused, prompts asked";
});

await step("screencapture fallback", () => {
  set("image=null");
  try {
    const img = desk.capture();
    expect(img.width === 800 && desk.capturePath() === "screencapture", `${img.width} ${desk.capturePath()}`);
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
