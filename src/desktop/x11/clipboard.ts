/**
 * Reads the CLIPBOARD selection. X has no clipboard store: the owning app
 * is asked to convert its selection to UTF-8 text into a property of a
 * window of ours, and we read that property when it says it is done.
 *
 * @module
 */

import { X, XLayout } from "../../../ffi/x11/libx11.ts";
import type { ClipboardSource } from "../types.ts";
import { clientPid } from "./client_pid.ts";
import type { XConnection } from "./connection.ts";
import { parseWmClass } from "./window_types.ts";
import { sleep } from "../../common/time.ts";

/**
 * Who owns the CLIPBOARD selection: the owner window's process (asked of the
 * server, else the window's `_NET_WM_PID`) and the window's own class, if it
 * has one (toolkits own the selection through a hidden window). Null when
 * nobody owns it.
 */
export function clipboardOwner(c: XConnection): ClipboardSource | null {
  const owner = c.x.XGetSelectionOwner(c.display, c.atom("CLIPBOARD"));
  if (owner === 0n) return null;
  const cls = c.property(owner, X.XA_WM_CLASS);
  const pidProp = c.property(owner, "_NET_WM_PID", X.XA_CARDINAL);
  const pid = clientPid(c, owner) ?? (pidProp?.items.length ? Number(pidProp.items[0]) : null);
  return {
    pid,
    names: cls ? parseWmClass(cls.bytes).filter(Boolean) : [],
    generation: null,
    concealed: false,
  };
}

/** The clipboard's text, or null with a note saying why there is none. */
export async function readClipboardText(
  c: XConnection,
  timeoutMs = 2000,
): Promise<{ text: string | null; note: string }> {
  const clipboard = c.atom("CLIPBOARD");
  if (c.x.XGetSelectionOwner(c.display, clipboard) === 0n) {
    return { text: null, note: "the clipboard is empty (no application owns it)" };
  }
  const win = c.x.XCreateSimpleWindow(c.display, c.root, -10, -10, 1, 1, 0, 0n, 0n);
  try {
    const property = c.atom("CHOTO_CLIPBOARD");
    for (const target of ["UTF8_STRING", "STRING"]) {
      c.x.XConvertSelection(c.display, clipboard, c.atom(target), property, win, X.CurrentTime);
      c.sync();
      const ev = new Uint8Array(XLayout.eventSize);
      const deadline = performance.now() + timeoutMs;
      let answered = false;
      while (performance.now() < deadline) {
        if (c.x.XCheckTypedWindowEvent(c.display, win, X.SelectionNotify, ev)) {
          answered = true;
          break;
        }
        await sleep(10);
      }
      if (!answered) {
        return { text: null, note: "the application owning the clipboard did not answer in time" };
      }
      const dv = new DataView(ev.buffer);
      // property None means the owner cannot give the selection as this type.
      if (dv.getBigUint64(XLayout.selection.property, true) === 0n) continue;
      const text = c.text(win, property);
      if (text === null) continue;
      return text === ""
        ? { text: null, note: "the clipboard holds empty text" }
        : { text, note: `${[...text].length} characters of text` };
    }
    return { text: null, note: "the clipboard holds something that is not text (an image or files)" };
  } finally {
    c.x.XDestroyWindow(c.display, win);
    c.sync();
  }
}
