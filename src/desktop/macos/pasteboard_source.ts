/**
 * What macOS tells about the clipboard's origin: nothing of its owner, but a
 * change count (compared by the guard with what it saw while denied apps
 * were in front) and the types the copying app declared. Password managers
 * mark a copied secret with `org.nspasteboard.ConcealedType` (the
 * nspasteboard.org convention).
 *
 * @module
 */

import type { ClipboardSource } from "../types.ts";
import type { MacSession } from "./session.ts";

/** The type a password manager adds to a copied secret. */
export const CONCEALED_TYPE = "org.nspasteboard.ConcealedType";

function withPasteboard<T>(s: MacSession, fallback: T, fn: (pb: NonNullable<Deno.PointerValue>) => T): T {
  if (!s.libs.loaded.appKit) return fallback;
  return s.objc.pool(() => {
    const pb = s.libs.objc.msgSend_id(s.objc.cls("NSPasteboard"), s.objc.sel("generalPasteboard"));
    return pb ? fn(pb) : fallback;
  });
}

/** NSPasteboard.changeCount (an NSInteger, never negative). */
export function pasteboardGeneration(s: MacSession): number | null {
  return withPasteboard(s, null, (pb) => Number(s.libs.objc.msgSend_usize(pb, s.objc.sel("changeCount"))));
}

/** The clipboard's change count and whether its content is marked concealed. */
export function pasteboardSource(s: MacSession): ClipboardSource {
  const { objc } = s.libs;
  return withPasteboard<ClipboardSource>(
    s,
    { pid: null, names: [], generation: null, concealed: false },
    (pb) => {
      const types = objc.msgSend_id(pb, s.objc.sel("types"));
      const n = types ? Number(objc.msgSend_usize(types, s.objc.sel("count"))) : 0;
      let concealed = false;
      for (let i = 0; i < n && !concealed; i++) {
        const t = objc.msgSend_id_usize(types, s.objc.sel("objectAtIndex:"), BigInt(i));
        concealed = s.cf.readString(t) === CONCEALED_TYPE;
      }
      return {
        pid: null,
        names: [],
        generation: Number(objc.msgSend_usize(pb, s.objc.sel("changeCount"))),
        concealed,
      };
    },
  );
}
