/**
 * Whole-screen captures on a real X server: read through shared memory
 * they are the very pixels XGetImage reads, and closing the connection
 * leaves no shared segment behind; a server without MIT-SHM is read with
 * XGetImage alone.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { skipE2E, startDesktop } from "./support/xdesktop.ts";
import { XConnection } from "../src/desktop/x11/connection.ts";
import { captureArea, captureRoot } from "../src/desktop/x11/capture.ts";
import { sharedScreen, sharedSegmentId } from "../src/desktop/x11/shm_capture.ts";
import { sleep } from "../src/common/time.ts";

/** Whether the system still holds the shared segment `id` (`/proc/sysvipc/shm`, read by `cat`: Deno opens /proc only under --allow-all). */
async function segmentExists(id: number): Promise<boolean> {
  const out = await new Deno.Command("cat", { args: ["/proc/sysvipc/shm"], stderr: "null" }).output();
  const table = new TextDecoder().decode(out.stdout).split("\n");
  const column = table[0].trim().split(/\s+/).indexOf("shmid");
  return table.slice(1).some((l) => l.trim().split(/\s+/)[column] === String(id));
}

/**
 * The screen captured whole (`captureRoot`), then through XGetImage
 * (`captureArea`), and the first byte where they differ (-1: none). The
 * editor's caret blinks, so a pair taken across a blink is taken again, up
 * to five times: captures that differ in every pair differ in how they read.
 */
async function twoCaptures(c: XConnection, width: number, height: number) {
  for (let attempt = 1;; attempt++) {
    const first = captureRoot(c), second = captureArea(c, { x: 0, y: 0, width, height });
    const differ = first.data.findIndex((v, i) => v !== second.data[i]);
    if (differ === -1 || attempt === 5) return { first, second, differ };
    await sleep(150);
  }
}

Deno.test({
  name: "a capture through shared memory is the screen XGetImage reads, and closing leaves no segment",
  ignore: skipE2E(),
  sanitizeResources: false,
  async fn() {
    const desktop = await startDesktop();
    const dir = await Deno.makeTempDir();
    try {
      await Deno.writeTextFile(`${dir}/shared.txt`, "pixels read through shared memory\n".repeat(8));
      desktop.spawn("mousepad", [`${dir}/shared.txt`]);
      await desktop.waitForWindow("shared");
      const c = new XConnection(desktop.display);
      let id: number | null = null;
      try {
        const { width, height } = c.size();
        assert(sharedScreen(c, width, height) !== null, "Xvfb offers MIT-SHM on the same machine");
        id = sharedSegmentId(c);
        assert(id !== null && await segmentExists(id));
        const { first: shared, second: sent, differ } = await twoCaptures(c, width, height);
        assertEquals([shared.width, shared.height, shared.data.length], [width, height, sent.data.length]);
        assertEquals(differ, -1, `the captures differ at byte ${differ}`);
        // The window's text is on it: not every pixel is the desktop's ground.
        assert(new Set(new Uint32Array(shared.data.buffer)).size > 16);
        // Another capture reads the screen again, into a frame of its own.
        const again = captureRoot(c);
        assert(again.data !== shared.data && again.data.every((v, i) => v === shared.data[i]));
      } finally {
        c.close();
      }
      assertEquals(await segmentExists(id!), false);
    } finally {
      await desktop.stop();
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "a server without MIT-SHM is captured through XGetImage, the same screen",
  ignore: skipE2E(),
  sanitizeResources: false,
  async fn() {
    const desktop = await startDesktop({ withoutExtensions: ["MIT-SHM"] });
    const dir = await Deno.makeTempDir();
    try {
      await Deno.writeTextFile(`${dir}/plain.txt`, "pixels sent over the socket\n".repeat(8));
      desktop.spawn("mousepad", [`${dir}/plain.txt`]);
      await desktop.waitForWindow("plain");
      const c = new XConnection(desktop.display);
      try {
        const { width, height } = c.size();
        assertEquals(sharedScreen(c, width, height), null);
        assertEquals(sharedSegmentId(c), null);
        const { first: whole, differ } = await twoCaptures(c, width, height);
        assertEquals([whole.width, whole.height], [width, height]);
        assertEquals(differ, -1, `the captures differ at byte ${differ}`);
        assert(new Set(new Uint32Array(whole.data.buffer)).size > 16, "the window's text is on the capture");
      } finally {
        c.close();
      }
    } finally {
      await desktop.stop();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
