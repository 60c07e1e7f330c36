/**
 * One display captured through ScreenCaptureKit (macOS 14 and later), the
 * supported capture API where CGWindowListCreateImage is gone (the macOS 15
 * SDK) or answers NULL: SCShareableContent lists the displays, an
 * SCContentFilter names the one asked for, an SCStreamConfiguration asks
 * for its pixel size in 8-bit BGRA without the cursor, and
 * SCScreenshotManager captures one CGImage. Both answers come through
 * completion blocks (block.ts), each awaited with a bounded wait.
 *
 * @module
 */

import { type BlockRuntime, Completion } from "./block.ts";
import { cgImagePixels } from "./cgimage.ts";
import type { MacLibs } from "./libs.ts";
import type { CoreFoundation, ObjC } from "./native.ts";
import type { RgbaImage } from "../../image/pixels.ts";

/** 'BGRA' (kCVPixelFormatType_32BGRA): SCStream.h's packed little-endian ARGB8888. */
export const PIXEL_FORMAT_BGRA = 0x42475241;

/** Block type encodings: void (^)(SCShareableContent *, NSError *) and void (^)(CGImageRef, NSError *). */
const CONTENT_SIGNATURE = "v24@?0@8@16";
const IMAGE_SIGNATURE = "v24@?0^{CGImage=}8@16";

/** What one capture asks for: the display's id and its size in pixels. */
export interface SckRequest {
  displayId: number;
  width: number;
  height: number;
  timeoutMs: number;
}

/** The handles a ScreenCaptureKit capture uses. */
export interface SckHandles {
  libs: Pick<MacLibs, "objc" | "cf" | "cg">;
  cf: CoreFoundation;
  objc: ObjC;
  rt: BlockRuntime;
}

/** Captures displays through ScreenCaptureKit, one at a time, with two reusable completion blocks. */
export class ScreenCaptureKit {
  #content: Completion;
  #image: Completion;

  constructor(readonly h: SckHandles) {
    const { objc } = h.libs;
    // The description is autoreleased, and no run loop drains a pool on this thread: read it inside one.
    const describe = (err: NonNullable<Deno.PointerValue>) =>
      h.objc.pool(() => h.cf.readString(objc.msgSend_id(err, h.objc.sel("localizedDescription")))) ??
        "an unknown error";
    // The content is an object: -retain it; the image is a CGImage: CFRetain it.
    this.#content = new Completion(
      h.rt,
      CONTENT_SIGNATURE,
      (o) => objc.msgSend_id(o, h.objc.sel("retain")),
      describe,
    );
    this.#image = new Completion(h.rt, IMAGE_SIGNATURE, (o) => h.libs.cf.CFRetain(o), describe);
  }

  /** Whether a call timed out: its block may still be answered, so this session is done. */
  get stale(): boolean {
    return this.#content.stale || this.#image.stale;
  }

  /** Captures display `r.displayId` at `r.width` x `r.height` pixels; throws saying which call failed. */
  async capture(r: SckRequest): Promise<RgbaImage> {
    const { objc: m } = this.h.libs;
    const o = this.h.objc;
    const manager = this.#classes();
    const content = await this.#content.wait(
      (block) =>
        m.msgSend_void_id(manager.content, o.sel("getShareableContentWithCompletionHandler:"), block),
      r.timeoutMs,
      "SCShareableContent",
    );
    if (!content.obj) throw new Error(`SCShareableContent failed: ${content.error ?? "no content"}`);
    let filter: Deno.PointerValue = null, config: Deno.PointerValue = null;
    try {
      [filter, config] = o.pool(() => this.#prepare(content.obj!, r));
    } finally {
      o.release(content.obj);
    }
    try {
      const shot = await this.#image.wait(
        (block) =>
          m.msgSend_void_id_id_id(
            manager.screenshots,
            o.sel("captureImageWithFilter:configuration:completionHandler:"),
            filter,
            config,
            block,
          ),
        r.timeoutMs,
        "SCScreenshotManager",
      );
      if (!shot.obj) throw new Error(`SCScreenshotManager failed: ${shot.error ?? "no image"}`);
      try {
        const pixels = cgImagePixels(this.h.libs, this.h.cf, shot.obj);
        if (typeof pixels === "string") throw new Error(`SCScreenshotManager gave ${pixels}`);
        return pixels;
      } finally {
        this.h.libs.cg.CGImageRelease(shot.obj);
      }
    } finally {
      o.release(filter);
      o.release(config);
    }
  }

  #classes(): { content: Deno.PointerValue; screenshots: Deno.PointerValue } {
    try {
      return {
        content: this.h.objc.cls("SCShareableContent"),
        screenshots: this.h.objc.cls("SCScreenshotManager"),
      };
    } catch {
      throw new Error(
        "ScreenCaptureKit's SCScreenshotManager is not in this macOS (it needs macOS 14 or later)",
      );
    }
  }

  /** The filter of the asked display and the configuration (both ours to release). */
  #prepare(content: NonNullable<Deno.PointerValue>, r: SckRequest): [Deno.PointerValue, Deno.PointerValue] {
    const { objc: m } = this.h.libs;
    const o = this.h.objc;
    const displays = m.msgSend_id(content, o.sel("displays"));
    const n = displays ? Number(m.msgSend_usize(displays, o.sel("count"))) : 0;
    let display: Deno.PointerValue = null;
    const ids: number[] = [];
    for (let i = 0; i < n && !display; i++) {
      const d = m.msgSend_id_usize(displays, o.sel("objectAtIndex:"), BigInt(i));
      const id = d ? m.msgSend_u32(d, o.sel("displayID")) : 0;
      ids.push(id);
      if (id === r.displayId) display = d;
    }
    if (!display) {
      throw new Error(
        `SCShareableContent does not list display ${r.displayId} (it lists ${ids.join(", ") || "none"})`,
      );
    }
    const none = this.h.cf.stringArray([]); // an empty NSArray of windows to leave out
    try {
      const filter = m.msgSend_id_id_id(
        m.msgSend_id(o.cls("SCContentFilter"), o.sel("alloc")),
        o.sel("initWithDisplay:excludingWindows:"),
        display,
        none,
      );
      if (!filter) throw new Error("SCContentFilter initWithDisplay:excludingWindows: returned nil");
      const config = m.msgSend_id(o.cls("SCStreamConfiguration"), o.sel("new"));
      if (!config) {
        o.release(filter);
        throw new Error("SCStreamConfiguration new returned nil");
      }
      m.msgSend_void_usize(config, o.sel("setWidth:"), BigInt(r.width));
      m.msgSend_void_usize(config, o.sel("setHeight:"), BigInt(r.height));
      m.msgSend_void_u32(config, o.sel("setPixelFormat:"), PIXEL_FORMAT_BGRA);
      m.msgSend_void_u8(config, o.sel("setShowsCursor:"), 0);
      return [filter, config];
    } finally {
      this.h.cf.release(none);
    }
  }
}
