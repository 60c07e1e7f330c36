/**
 * Window listings on a real X server: asked in batches through libxcb they
 * are the listings Xlib reads one request at a time, with and without a
 * window manager, with a menu and a dialog open; the marks of another choto
 * are found the same way.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { skipE2E, startDesktop } from "./support/xdesktop.ts";
import { XConnection } from "../src/desktop/x11/connection.ts";
import { readWindowState } from "../src/desktop/x11/windows.ts";
import { requestsOn, xlibRequests } from "../src/desktop/x11/requests.ts";
import { createX11Desktop } from "../src/desktop/x11.ts";
import { sleep } from "../src/common/time.ts";

/** The listing both ways, which must agree; returned for the caller's own checks. */
function bothWays(c: XConnection) {
  const batched = readWindowState(c);
  assertEquals(batched, readWindowState(c, xlibRequests(c)));
  return batched;
}

for (const windowManager of [true, false]) {
  Deno.test({
    name: `a batched listing is the listing Xlib reads request by request (${
      windowManager ? "openbox" : "no window manager"
    })`,
    ignore: skipE2E(),
    sanitizeResources: false,
    async fn() {
      const desktop = await startDesktop({ windowManager });
      const dir = await Deno.makeTempDir();
      const c = new XConnection(desktop.display);
      const x = createX11Desktop(desktop.display);
      try {
        assert(requestsOn(c).batched, "libX11-xcb and libxcb load: listings are batched");
        await Deno.writeTextFile(`${dir}/listed.txt`, "a window to list\n");
        desktop.spawn("mousepad", [`${dir}/listed.txt`]);
        await desktop.waitForWindow("listed");
        await sleep(500);
        const editor = bothWays(c);
        const notes = editor.windows.find((w) => w.title.includes("listed"));
        assert(notes && notes.app === "Mousepad" && notes.pid !== null, JSON.stringify(editor));
        if (!windowManager) return;
        assertEquals(editor.focusWindowId, notes.id);
        await x.hotkey(["alt", "f"]);
        await sleep(800);
        const menu = bothWays(c);
        assert(menu.chrome.some((w) => w.kind === "menu" || w.kind === "popup"), JSON.stringify(menu.chrome));
        await x.hotkey(["Escape"]);
        await x.hotkey(["ctrl", "o"]);
        await sleep(1500);
        const dialog = bothWays(c);
        assert(dialog.windows.length > editor.windows.length, JSON.stringify(dialog.windows));
      } finally {
        x.close();
        c.close();
        await desktop.stop();
        await Deno.remove(dir, { recursive: true });
      }
    },
  });
}
