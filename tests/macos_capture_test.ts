/**
 * The macOS capture order through the recording FFI fake: CGWindowListCreateImage
 * when it gives a frame, else ScreenCaptureKit, else screencapture, never a
 * refusal while one of them can capture, and an error naming each failure
 * when none can. ScreenCaptureKit's completion blocks are built by hand in
 * real memory and called through their invoke pointer, as a framework does.
 */
import { assert, assertEquals, assertMatch, assertRejects } from "./support/assert.ts";
import { createMacDesktop } from "../src/desktop/macos.ts";
import { makeFake } from "./support/mac_fake.ts";
import { buildFakeMacRoot, greyPng } from "./support/fake_macos.ts";
import { openMacLibraries } from "../src/desktop/macos/libs.ts";
import { CORE_FOUNDATION_PATH } from "../ffi/macos/coreFoundation.ts";
import { ScreenCaptureKit } from "../src/desktop/macos/sck.ts";
import { ScreenCaptureKitWorker } from "../src/desktop/macos/sck_bridge.ts";
import { CoreFoundation, ObjC } from "../src/desktop/macos/native.ts";
import { BLOCK_HAS_SIGNATURE, BLOCK_IS_GLOBAL, type BlockRuntime } from "../src/desktop/macos/block.ts";
import type { RgbaImage } from "../src/image/pixels.ts";

const host = { execPath: "/usr/local/bin/deno", termProgram: "Apple_Terminal" };
const grey = (w: number, h: number): RgbaImage => ({
  width: w,
  height: h,
  data: new Uint8Array(w * h * 4).fill(90),
});

/** A desktop whose ScreenCaptureKit and screencapture answer as told, recording what was asked. */
function desktopWith(
  image: "works" | "null",
  sck: RgbaImage | string,
  screencapture: Uint8Array | Error,
) {
  const f = makeFake({ ...(image === "null" ? { image: null } : {}) });
  const asked: string[] = [];
  const logged: string[] = [];
  const d = createMacDesktop(f.libs, {
    host,
    log: (l) => logged.push(l),
    screenCaptureKit: (display) => (asked.push(`ScreenCaptureKit display ${display.id}`), sck),
    screencapture: (r) => {
      asked.push(`screencapture ${r.x},${r.y},${r.width},${r.height}`);
      if (screencapture instanceof Error) throw screencapture;
      return screencapture;
    },
  });
  return { f, d, asked, logged };
}

Deno.test("CGWindowListCreateImage's frame is used when it gives one; nothing else is asked", () => {
  const { f, d, asked } = desktopWith("works", "unused", new Error("unused"));
  assertEquals(d.capture().width, 2);
  assertEquals(d.capturePath(), "CGWindowListCreateImage");
  assertEquals(asked, []);
  d.close();
  assertEquals(f.leaks(), []);
});

Deno.test("a NULL image from CGWindowListCreateImage falls to ScreenCaptureKit, and doctor says so", () => {
  const { f, d, asked, logged } = desktopWith("null", grey(2880, 1800), new Error("unused"));
  const frame = d.capture();
  assertEquals([frame.width, frame.height, frame.data[0]], [2880, 1800, 90]);
  assertEquals(asked, ["ScreenCaptureKit display 1"]);
  assertEquals(d.capturePath(), "ScreenCaptureKit");
  assertMatch(
    d.doctorChecks()[0].detail,
    /Capture path: ScreenCaptureKit \(SCScreenshotManager, in a worker\) \(CGWindowListCreateImage: it returned NULL\)/,
  );
  assertMatch(logged.join("\n"), /capture through ScreenCaptureKit/);
  d.close();
  assertEquals(f.leaks(), []);
});

Deno.test("a ScreenCaptureKit error or timeout falls to screencapture of the display's global rectangle", () => {
  const { f, d, asked } = desktopWith(
    "null",
    "SCScreenshotManager did not answer within 5000 ms",
    greyPng(2880, 1800),
  );
  const frame = d.capture();
  assertEquals([frame.width, frame.data[0]], [2880, 128]);
  assertEquals(asked, ["ScreenCaptureKit display 1", "screencapture 0,0,1440,900"]);
  assertEquals(d.capturePath(), "screencapture");
  assertMatch(
    d.doctorChecks()[0].detail,
    /\/usr\/sbin\/screencapture \(CGWindowListCreateImage: it returned NULL; ScreenCaptureKit: SCScreenshotManager did not answer within 5000 ms\)/,
  );
  d.close();
  assertEquals(f.leaks(), []);
});

Deno.test("when every path fails, the capture is an error naming each failure", () => {
  const { f, d } = desktopWith(
    "null",
    "SCShareableContent failed: The user declined TCCs for application",
    new Error("it failed: could not create image from display"),
  );
  let why = "";
  try {
    d.capture();
  } catch (e) {
    why = (e as Error).message;
  }
  assertEquals(
    why,
    "no way of capturing the screen worked: CGWindowListCreateImage: it returned NULL; " +
      "ScreenCaptureKit: SCShareableContent failed: The user declined TCCs for application; " +
      "screencapture: it failed: could not create image from display",
  );
  d.close();
  assertEquals(f.leaks(), []);
});

/** Real memory for the block literals (libc's malloc) and a marker for the global block class. */
function blockRuntime(): { rt: BlockRuntime; isa: bigint; close(): void } {
  const libc = Deno.dlopen(Deno.build.os === "darwin" ? "/usr/lib/libSystem.B.dylib" : "libc.so.6", {
    malloc: { parameters: ["usize"], result: "pointer" },
  });
  const isa = 0x5eed_b10cn;
  return {
    rt: { malloc: (n) => libc.symbols.malloc(n), _NSConcreteGlobalBlock: Deno.UnsafePointer.create(isa) },
    isa,
    close: () => libc.close(),
  };
}

function sckOver(f: ReturnType<typeof makeFake>, rt: BlockRuntime): ScreenCaptureKit {
  return new ScreenCaptureKit({ libs: f.libs, cf: new CoreFoundation(f.libs), objc: new ObjC(f.libs), rt });
}

Deno.test("ScreenCaptureKit: the blocks are global literals, answered through invoke; the image is decoded and released", async () => {
  const f = makeFake();
  const { rt, isa, close } = blockRuntime();
  const sck = sckOver(f, rt);
  const img = await sck.capture({ displayId: 1, width: 2, height: 1, timeoutMs: 2000 });
  assertEquals([img.width, img.height, img.data.length], [2, 1, 8]);
  assertEquals(f.world.sck.blocks, [
    { isa, flags: BLOCK_IS_GLOBAL | BLOCK_HAS_SIGNATURE, size: 32n, signature: "v24@?0@8@16" },
    { isa, flags: BLOCK_IS_GLOBAL | BLOCK_HAS_SIGNATURE, size: 32n, signature: "v24@?0^{CGImage=}8@16" },
  ]);
  assertEquals(f.world.sck.config, [
    "setWidth: 2",
    "setHeight: 1",
    "setPixelFormat: 0x42475241",
    "setShowsCursor: 0",
  ]);
  // A second capture reuses the same two blocks.
  await sck.capture({ displayId: 1, width: 2, height: 1, timeoutMs: 2000 });
  assertEquals(f.world.sck.blocks.length, 4);
  await new Promise((r) => setTimeout(r, 20)); // the framework's own releases, after the handler
  assertEquals(f.pools(), 0);
  assertEquals(f.leaks(), [], "content, filter, configuration and image each released once");
  close();
});

Deno.test("ScreenCaptureKit: an NSError, a missing display and a silent call each say what failed", async () => {
  const { rt, close } = blockRuntime();
  const declined = makeFake();
  declined.world.sck.content = "error";
  await assertRejects(
    () => sckOver(declined, rt).capture({ displayId: 1, width: 2, height: 1, timeoutMs: 2000 }),
    /SCShareableContent failed: The user declined TCCs for application/,
  );
  const elsewhere = makeFake();
  elsewhere.world.sck.displays = [5, 6];
  await assertRejects(
    () => sckOver(elsewhere, rt).capture({ displayId: 1, width: 2, height: 1, timeoutMs: 2000 }),
    /SCShareableContent does not list display 1 \(it lists 5, 6\)/,
  );
  const silent = makeFake();
  silent.world.sck.image = "silent";
  const sck = sckOver(silent, rt);
  await assertRejects(
    () => sck.capture({ displayId: 1, width: 2, height: 1, timeoutMs: 50 }),
    /SCScreenshotManager did not answer within 50 ms/,
  );
  assert(sck.stale, "a block that may still be answered is not reused");
  await assertRejects(
    () => sck.capture({ displayId: 1, width: 2, height: 1, timeoutMs: 50 }),
    /did not answer an earlier call/,
  );
  await new Promise((r) => setTimeout(r, 20));
  for (const f of [declined, elsewhere, silent]) assertEquals(f.leaks(), []);
  close();
});

Deno.test("the ScreenCaptureKit worker: refused without unscoped FFI, and its errors come back through the shared buffer", () => {
  const display = { id: 1, bounds: { x: 0, y: 0, width: 4, height: 3 }, scale: 1 };
  const scoped = new ScreenCaptureKitWorker("/nonexistent", 1000, () => false);
  assertMatch(String(scoped.capture(display)), /needs --allow-ffi without a path list/);
  // A tree without the libraries: the worker starts, fails to open them, and says so.
  const empty = Deno.makeTempDirSync({ prefix: "choto-no-macos-" });
  // The limit covers the worker's start too, which a loaded machine under `deno test` (it type-checks the
  // worker's module) can stretch past a few seconds: generous, since a failed open answers at once.
  const worker = new ScreenCaptureKitWorker(empty, 60_000, () => true);
  try {
    const why = worker.capture(display);
    assertEquals(typeof why, "string");
    assertMatch(String(why), /CoreFoundation/);
  } finally {
    worker.close();
    Deno.removeSync(empty, { recursive: true });
  }
});

Deno.test("a preflight that says no is overruled by a ScreenCaptureKit frame when CGWindowListCreateImage gives none", () => {
  const frame = grey(2880, 1800);
  const f = makeFake({ image: null, screenRecording: false });
  const d = createMacDesktop(f.libs, { host, log: () => {}, screenCaptureKit: () => frame });
  assertEquals(d.capture().width, 2880, "captured, not refused");
  d.close();
  // ScreenCaptureKit refusing too (it checks the grant itself): the refusal stands.
  const g = makeFake({ image: null, screenRecording: false });
  const refused = createMacDesktop(g.libs, {
    host,
    log: () => {},
    screenCaptureKit: () => "SCShareableContent failed: The user declined TCCs for application",
    screencapture: () => greyPng(2880, 1800),
  });
  let why = "";
  try {
    refused.capture();
  } catch (e) {
    why = (e as Error).message;
  }
  assertMatch(why, /Screen Recording/);
  refused.close();
  assertEquals(f.leaks(), []);
  assertEquals(g.leaks(), []);
});

Deno.test({
  name:
    "ScreenCaptureKit end to end over the stand-in library: a worker, global blocks answered from another thread",
  ignore: Deno.build.os !== "linux" || Deno.build.arch !== "x86_64",
  async fn() {
    const fake = await buildFakeMacRoot();
    const libs = openMacLibraries({ appKit: true }, fake.root);
    const control = Deno.dlopen(fake.root + CORE_FOUNDATION_PATH, {
      fake_set: { parameters: ["buffer"], result: "void" },
      fake_log: { parameters: ["buffer", "usize"], result: "usize" },
      fake_leaks: { parameters: ["buffer", "usize"], result: "usize" },
    }).symbols;
    const read = (f: (b: Uint8Array, n: bigint) => number | bigint) => {
      const buf = new Uint8Array(1 << 16);
      return new TextDecoder().decode(buf.subarray(0, Number(f(buf, BigInt(buf.length)))));
    };
    try {
      control.fake_set(new TextEncoder().encode("image=null\0"));
      // A loaded machine under `deno test` may take seconds to start (and type-check) the worker.
      const d = createMacDesktop(libs, {
        host,
        systemRoot: fake.root,
        log: () => {},
        screenCaptureKitTimeoutMs: 60_000,
      });
      const frame = d.capture();
      assertEquals([frame.width, frame.height], [800, 500]);
      assertEquals(d.capturePath(), "ScreenCaptureKit");
      await new Promise((r) => setTimeout(r, 100)); // the framework's own releases, after each handler
      const log = read(control.fake_log);
      for (
        const line of [
          "sck content block isa global flags 0x50000000 size 32 signature v24@?0@8@16",
          "sck content answered",
          "sck setWidth: 800",
          "sck setHeight: 500",
          "sck setPixelFormat: 1111970369",
          "sck setShowsCursor: 0",
          "sck image block isa global flags 0x50000000 size 32 signature v24@?0^{CGImage=}8@16",
          "sck image answered",
        ]
      ) assert(log.includes(line), `${line}\n${log}`);
      d.close();
      assertEquals(read(control.fake_leaks).trim(), "");
    } finally {
      libs.close();
      await fake.remove();
    }
  },
});
