/**
 * The general pasteboard's text, through AppKit.
 *
 * @module
 */

import type { MacSession } from "./session.ts";

/** NSPasteboard.h NSPasteboardTypeString's value. */
const UTF8_PLAIN_TEXT = "public.utf8-plain-text";

/** The clipboard's text, or null with a note when it holds none. */
export function readClipboardText(s: MacSession): { text: string | null; note: string } {
  const o = s.objc;
  const text = o.pool(() => {
    const pb = s.libs.objc.msgSend_id(o.cls("NSPasteboard"), o.sel("generalPasteboard"));
    if (!pb) return null;
    const str = s.libs.objc.msgSend_id_id(pb, o.sel("stringForType:"), s.cf.str(UTF8_PLAIN_TEXT));
    return s.cf.readString(str); // autoreleased NSString, bridged to CFString
  });
  return text === null
    ? { text: null, note: "the clipboard holds no text (empty, or an image/file)" }
    : { text, note: `${[...text].length} characters of text` };
}
