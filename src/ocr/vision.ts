/**
 * OCR engine on Apple's Vision framework (VNRecognizeTextRequest), macOS only.
 *
 * Runs synchronously on the calling thread inside an autorelease pool:
 * Vision objects must stay on one thread and nothing else drains the pool.
 * Word boxes come from `boundingBoxForRange:error:` per word, or from the
 * line box split by character count when Vision gives none.
 *
 * @module
 */

import type { RgbaImage } from "../desktop/types.ts";
import { type MacLibs, openMacLibraries } from "../desktop/macos/libs.ts";
import { CoreFoundation, ObjC } from "../desktop/macos/native.ts";
import { rectFromBytes } from "../desktop/macos/geometry.ts";
import { splitByCharacters, toPixels, wordRanges } from "./vision_boxes.ts";
import type { OcrEngine, OcrMode, OcrWord } from "./types.ts";

/** CGImage.h: kCGImageAlphaNoneSkipLast with default byte order: bytes R, G, B, X. */
const RGBX = 5;
/** VNRecognizeTextRequest.h: VNRequestTextRecognitionLevelAccurate. */
const LEVEL_ACCURATE = 0;

/** A Vision-backed OcrEngine; the libraries are injected for tests. */
export function createVisionEngine(
  libs: MacLibs = openMacLibraries({ appKit: false, vision: true }),
): OcrEngine {
  const cf = new CoreFoundation(libs);
  const o = new ObjC(libs);
  const m = libs.objc;
  let closed = false;

  // CGRect comes back in registers on arm64 and through a hidden pointer on x86_64.
  const rectOf = (obj: Deno.PointerValue): Uint8Array => {
    const stret = Deno.build.arch === "x86_64" ? m.msgSend_stret_rect : null;
    return (stret ?? m.msgSend_rect)(obj, o.sel("boundingBox"));
  };

  /**
   * A CGImage over a CoreFoundation copy of the pixels. Vision may retain the
   * image past this call (caches, other threads); memory JavaScript owns
   * could move or be collected under it, a CFData cannot.
   */
  const cgImage = (image: RgbaImage) => {
    const cg = libs.cg;
    const data = libs.cf.CFDataCreate(null, image.data, BigInt(image.data.length));
    if (!data) throw new Error("CFDataCreate failed: out of memory for the frame");
    let provider: Deno.PointerValue = null, space: Deno.PointerValue = null;
    try {
      provider = cg.CGDataProviderCreateWithCFData(data);
      space = cg.CGColorSpaceCreateDeviceRGB();
      const w = BigInt(image.width), h = BigInt(image.height);
      const img = cg.CGImageCreate(w, h, 8n, 32n, w * 4n, space, RGBX, provider, null, false, 0);
      if (!img) throw new Error("CGImageCreate failed");
      return img;
    } finally {
      // The image retains what it needs; our references go now.
      if (provider) cg.CGDataProviderRelease(provider);
      if (space) cg.CGColorSpaceRelease(space);
      libs.cf.CFRelease(data);
    }
  };

  const recognizeSync = (image: RgbaImage): OcrWord[] => {
    const img = cgImage(image);
    let request: Deno.PointerValue = null, handler: Deno.PointerValue = null;
    try {
      return o.pool(() => {
        request = m.msgSend_id(m.msgSend_id(o.cls("VNRecognizeTextRequest"), o.sel("alloc")), o.sel("init"));
        if (!request) throw new Error("VNRecognizeTextRequest init failed");
        m.msgSend_void_isize(request, o.sel("setRecognitionLevel:"), BigInt(LEVEL_ACCURATE));
        m.msgSend_void_u8(request, o.sel("setUsesLanguageCorrection:"), 0);
        const options = m.msgSend_id(o.cls("NSDictionary"), o.sel("dictionary"));
        handler = m.msgSend_id_id_id(
          m.msgSend_id(o.cls("VNImageRequestHandler"), o.sel("alloc")),
          o.sel("initWithCGImage:options:"),
          img,
          options,
        );
        if (!handler) throw new Error("VNImageRequestHandler init failed");
        const requests = m.msgSend_id_id(o.cls("NSArray"), o.sel("arrayWithObject:"), request);
        const error = new BigUint64Array(1);
        if (!m.msgSend_bool_id_ptr(handler, o.sel("performRequests:error:"), requests, error)) {
          throw new Error("Vision performRequests:error: failed");
        }
        return readResults(m.msgSend_id(request, o.sel("results")), image);
      });
    } finally {
      o.release(handler);
      o.release(request);
      libs.cg.CGImageRelease(img);
    }
  };

  const readResults = (results: Deno.PointerValue, image: RgbaImage): OcrWord[] => {
    if (!results) return [];
    const words: OcrWord[] = [];
    const n = Number(m.msgSend_usize(results, o.sel("count")));
    for (let i = 0; i < n; i++) {
      const obs = m.msgSend_id_usize(results, o.sel("objectAtIndex:"), BigInt(i));
      const cands = obs && m.msgSend_id_usize(obs, o.sel("topCandidates:"), 1n);
      if (!cands || Number(m.msgSend_usize(cands, o.sel("count"))) === 0) continue;
      const best = m.msgSend_id_usize(cands, o.sel("objectAtIndex:"), 0n);
      const line = cf.readString(m.msgSend_id(best, o.sel("string"))) ?? "";
      const conf = Math.max(0, Math.min(1, m.msgSend_f32(best, o.sel("confidence"))));
      const lineBox = toPixels(rectFromBytes(rectOf(obs)), image.width, image.height);
      const fallback = splitByCharacters(line, lineBox);
      wordRanges(line).forEach((wr, k) => {
        const sub = m.msgSend_id_range_ptr(
          best,
          o.sel("boundingBoxForRange:error:"),
          new BigUint64Array([BigInt(wr.location), BigInt(wr.length)]),
          null,
        );
        const box = sub ? toPixels(rectFromBytes(rectOf(sub)), image.width, image.height) : null;
        const b = box && box.w > 0 && box.h > 0 ? box : fallback[k];
        if (b) words.push({ text: wr.text, x: b.x, y: b.y, w: b.w, h: b.h, conf });
      });
    }
    return words;
  };

  return {
    name: "vision",
    recognize(image: RgbaImage, _mode: OcrMode = "block"): Promise<OcrWord[]> {
      if (closed) return Promise.reject(new Error("the OCR engine was closed"));
      if (image.width < 3 || image.height < 3) return Promise.resolve([]);
      try {
        return Promise.resolve(recognizeSync(image));
      } catch (e) {
        return Promise.reject(e);
      }
    },
    close(): Promise<void> {
      if (!closed) {
        closed = true;
        cf.close();
        libs.close();
      }
      return Promise.resolve();
    },
  };
}
