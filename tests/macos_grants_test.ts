/**
 * The macOS grants where they matter and the robustness of capture, through
 * the recording fake: nothing is captured without Screen Recording and
 * nothing sent without Accessibility, each prompt is asked for once, a
 * frame of only the desktop picture is not taken for the screen, the
 * fallback's temporary file lives in the database folder, pools wrap
 * window listing and capture, and Accessibility calls wait one second.
 */
import {
  assert,
  assertEquals,
  assertMatch,
  assertNotMatch,
  assertRejects,
  assertThrows,
} from "./support/assert.ts";
import { join } from "node:path";
import { createMacDesktop } from "../src/desktop/macos.ts";
import { Grants } from "../src/desktop/macos/grants.ts";
import { CoreFoundation } from "../src/desktop/macos/native.ts";
import { showsOnlyWhatIsBeneath } from "../src/desktop/macos/wallpaper.ts";
import { makeFake } from "./support/mac_fake.ts";
import { greyPng } from "./support/fake_macos.ts";

/** The service as `deno task app` installs it: launchd starts Choto.app's executable. */
const host = { execPath: "/Users/ann/Applications/Choto.app/Contents/MacOS/choto" };
/** deno started by Claude Desktop, which disowns it: deno is responsible for itself. */
const bareUnderClaude = {
  execPath: "/opt/homebrew/bin/deno",
  bundleId: "com.anthropic.claudefordesktop",
  parentName: "disclaimer",
};

Deno.test("without Screen Recording nothing is captured; the prompt is asked for once; the error names Choto", () => {
  // What macOS hands back without the grant: the desktop picture, with no window drawn over it.
  const f = makeFake({ ...frames(false), screenRecording: false });
  const d = createMacDesktop(f.libs, { host, log: () => {} });
  for (let i = 0; i < 2; i++) {
    assertThrows(
      () => d.capture(),
      /Screen Recording is not granted to Choto: macOS shows choto only the desktop picture and the menu bar, and no window titles, so nothing was captured\. System Settings → Privacy & Security → Screen Recording: turn on "Choto" .*launchctl kickstart -k gui\/\$\(id -u\)\/dev\.choto\.host/,
    );
  }
  assertEquals(f.calls.filter((c) => c.startsWith("CGRequest")), ["CGRequestScreenCaptureAccess"]);
  // The only images made were the check of the preflight's answer: the screen, and what lies beneath.
  assertEquals(
    [...new Set(f.calls.filter((c) => c.startsWith("CGWindowListCreateImage")))],
    ["CGWindowListCreateImage 1 0", "CGWindowListCreateImage 4 2"],
  );
  d.close();
  assertEquals(f.leaks(), []);
});

Deno.test("a preflight that says no while the capture shows the windows does not stop capture, and is logged", () => {
  const f = makeFake({ ...frames(true), screenRecording: false });
  const logged: string[] = [];
  const d = createMacDesktop(f.libs, { host, log: (l) => logged.push(l) });
  const img = d.capture();
  assertEquals(img.width, 2880);
  d.capture();
  assertEquals(logged, [
    "CGPreflightScreenCaptureAccess says Screen Recording is not granted, but a capture shows the windows: capturing",
  ]);
  assert(!f.calls.includes("CGRequestScreenCaptureAccess"), "no prompt for a grant that is there");
  d.close();
  assertEquals(f.leaks(), []);
});

Deno.test("without Accessibility no input is sent, letting go still is, the prompt is asked for once, and deno started by Claude is told to use Choto.app", async () => {
  const f = makeFake({
    trusted: false,
    windows: [
      { n: 2, owner: "Safari", layer: 0, bounds: [100, 100, 800, 600] },
      { n: 3, owner: "Notes", layer: 0, bounds: [200, 200, 800, 600] },
    ],
  });
  const d = createMacDesktop(f.libs, { host: bareUnderClaude, log: () => {} });
  const refusal = await d.click({ x: 10, y: 10 }, "left", 1, []).then(() => "", (e: Error) => e.message);
  assertMatch(
    refusal,
    /^Accessibility is not granted to deno: macOS drops every click and key choto sends, silently, so nothing was sent\. Install Choto\.app \(`deno task app`.*`choto bridge`.*Turning on deno itself would give every Deno script these rights/,
  );
  assertNotMatch(refusal, /Claude(?! Desktop disowns)/);
  await assertRejects(d.type("hi"), /Accessibility is not granted/);
  await assertRejects(d.hotkey(["cmd", "s"]), /Accessibility is not granted/);
  await assertRejects(d.move({ x: 1, y: 1 }), /Accessibility is not granted/);
  await assertRejects(
    d.activate("3"),
    /Accessibility is not granted to deno.*nothing was brought forward/,
  );
  assertEquals(f.posted.length, 0);
  await d.button("left", false);
  await d.modifiers(["shift"], false);
  assertEquals(f.posted.map((e) => e.type), ["mouse2", "key56u"], "releases go out regardless");
  assertEquals(f.calls.filter((c) => c.startsWith("AXIsProcessTrustedWithOptions")), [
    "AXIsProcessTrustedWithOptions prompt=true",
  ]);
  d.close();
  assertEquals(f.leaks(), [], "the options dictionary is released");
});

/** A 1440x900-point display captured at 2x: the full frame and the layers beneath differ only where `differ`. */
function frames(differ: boolean) {
  const w = 2880, h = 1800;
  const beneath = new Uint8Array(w * 4 * h).map((_, i) => (i * 7) % 251);
  const full = beneath.slice();
  if (differ) full.fill(240, (300 * w + 300) * 4, (1200 * w) * 4); // a window drawn over the desktop picture
  return {
    image: { width: w, height: h, bitsPerPixel: 32, bitsPerComponent: 8, bitmapInfo: 5, bytesPerRow: w * 4 },
    imageBytes: (option: number) => (option === 1 ? full : beneath),
  };
}

Deno.test("a frame that shows only the desktop picture where the front window is, is not a good capture", () => {
  const f = makeFake(frames(false));
  const d = createMacDesktop(f.libs, { host, osRelease: () => "24.1.0", log: () => {} });
  const report = d.probe({ frameBlank: false, activation: null });
  assertMatch(
    report.captureProblem!,
    /only the desktop picture and the menu bar.*Screen Recording is missing for Choto/,
  );
  const finding = report.findings.find((x) => x.name === "CGWindowListCreateImage")!;
  assertEquals(finding.ok, false);
  assertMatch(finding.detail, /showing only the desktop picture where Safari's window is/);
  // The layers beneath were captured relative to the backmost app window (option 4, window 2).
  assert(f.calls.includes("CGWindowListCreateImage 4 2"), f.calls.join("; "));
  d.close();
  assertEquals(f.leaks(), []);

  const g = makeFake(frames(true));
  const e = createMacDesktop(g.libs, { host, osRelease: () => "24.1.0", log: () => {} });
  const ok = e.probe({ frameBlank: false, activation: null });
  assertEquals(ok.captureProblem, null);
  assertMatch(ok.findings.find((x) => x.name === "CGWindowListCreateImage")!.detail, /showing the windows/);
  e.close();
});

Deno.test("the desktop-picture comparison: same pixels in the window's box, or not", () => {
  const img = (fill: number) => ({ width: 10, height: 10, data: new Uint8Array(400).fill(fill) });
  assertEquals(showsOnlyWhatIsBeneath(img(5), img(6), { x: 2, y: 2, width: 5, height: 5 }), true);
  assertEquals(showsOnlyWhatIsBeneath(img(5), img(90), { x: 2, y: 2, width: 5, height: 5 }), false);
  assertEquals(showsOnlyWhatIsBeneath(img(5), img(5), { x: 20, y: 20, width: 5, height: 5 }), null);
});

Deno.test("the screencapture fallback writes its temporary PNG in the database folder and removes it", async () => {
  const root = await Deno.makeTempDir({ prefix: "choto-root-" });
  const data = await Deno.makeTempDir({ prefix: "choto-data-" });
  try {
    await Deno.mkdir(join(root, "usr/sbin"), { recursive: true });
    await Deno.writeFile(join(root, "shot.png"), greyPng(288, 180));
    const script = join(root, "usr/sbin/screencapture");
    // Records the file it was given and writes the PNG there, as screencapture would.
    await Deno.writeTextFile(
      script,
      `#!/bin/sh\nfor last; do :; done\necho "$last" > "${root}/asked"\ncp "${root}/shot.png" "$last"\n`,
    );
    await Deno.chmod(script, 0o755);
    const f = makeFake({
      image: null,
      displays: [{ id: 1, bounds: [0, 0, 144, 90], pixelWidth: 288 }],
      windows: [{ n: 2, owner: "Safari", layer: 0, bounds: [10, 10, 80, 60] }],
    });
    const d = createMacDesktop(f.libs, { host, dataDir: data, systemRoot: root, log: () => {} });
    const img = d.capture();
    assertEquals([img.width, img.height], [288, 180]);
    const asked = (await Deno.readTextFile(join(root, "asked"))).trim();
    assertEquals(join(asked, ".."), data, `the PNG went to ${asked}`);
    assertEquals([...Deno.readDirSync(data)], [], "and is gone afterwards");
    d.close();
  } finally {
    await Deno.remove(root, { recursive: true });
    await Deno.remove(data, { recursive: true });
  }
});

Deno.test("window listing and capture run inside autorelease pools; Accessibility waits at most 1 s", () => {
  const f = makeFake();
  const d = createMacDesktop(f.libs, { host, log: () => {} });
  assert(f.calls.includes("timeout axsystem 1"), "the system-wide messaging timeout is set");
  const before = f.poolsPushed();
  d.windows();
  assert(f.poolsPushed() > before, "listing pushed a pool");
  const mid = f.poolsPushed();
  d.capture();
  assert(f.poolsPushed() > mid, "capture pushed a pool");
  assertEquals(f.pools(), 0, "every pool was popped");
  d.close();
  assertEquals(f.leaks(), [], "the system-wide element is released");
});

Deno.test("`choto grant` asks for each missing grant's prompt once, and for none that is there", () => {
  for (
    const [screenRecording, trusted, asked] of [
      [false, false, ["CGRequestScreenCaptureAccess", "AXIsProcessTrustedWithOptions prompt=true"]],
      [true, false, ["AXIsProcessTrustedWithOptions prompt=true"]],
      [true, true, []],
    ] as const
  ) {
    const f = makeFake({ screenRecording, trusted });
    const cf = new CoreFoundation(f.libs);
    const grants = new Grants(f.libs, cf, { host }, () => {});
    assertEquals(grants.askForMissing(), { screenRecording, accessibility: trusted });
    grants.askForMissing();
    assertEquals(f.calls.filter((c) => /^(CGRequest|AXIsProcessTrustedWithOptions)/.test(c)), [...asked]);
    assertEquals(grants.holder(), { name: "Choto", kind: "app", path: "/Users/ann/Applications/Choto.app" });
    cf.close();
    assertEquals(f.leaks(), []);
  }
});
