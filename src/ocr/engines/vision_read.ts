/**
 * One Vision text read, synchronous, on the thread that calls it: a
 * `VNRecognizeTextRequest` (accurate, language correction off, the chosen
 * languages, a minimum text height that suits the image) performed by a
 * `VNImageRequestHandler` over a CGImage of the pixels, inside an
 * autorelease pool. Vision objects stay on the thread that made them, so
 * the engine runs this in a worker of its own (`vision_worker.ts`); tests
 * call it directly with a fake of the libraries.
 *
 * Word boxes come from `boundingBoxForRange:error:` per word, or from the
 * line box split by character count when Vision gives none.
 *
 * @module
 */

import type { MacLibs } from "../../desktop/macos/libs.ts";
import { CoreFoundation, ObjC } from "../../desktop/macos/native.ts";
import { rectFromBytes } from "../../desktop/macos/geometry.ts";
import { splitByCharacters, toPixels, wordRanges } from "./vision_boxes.ts";
import { VISION_DEFAULT_LANGUAGES, visionLanguages } from "./vision_languages.ts";
import type { OcrWord } from "../types.ts";
import type { RgbaImage } from "../../image/pixels.ts";

/** CGImage.h: kCGImageAlphaNoneSkipLast with default byte order: bytes R, G, B, X. */
const RGBX = 5;
/** VNRecognizeTextRequest.h: VNRequestTextRecognitionLevelAccurate. */
const LEVEL_ACCURATE = 0;

/**
 * The smallest text, in pixels, Vision is asked to find. Lines reach the
 * recogniser upscaled to about 34 px (prepare.ts), so 16 px keeps every
 * one; Vision's own default minimum is 1/32 of the image height, which on a
 * tall stack of short lines (a menu, a sidebar) is taller than the lines.
 */
export const VISION_MIN_TEXT_PX = 16;
/**
 * The tallest image the pipeline hands Vision: at 1024 px the 16 px minimum
 * is 1/64 of the height, twice as fine as Vision's default, which keeps its
 * cost per read within reach (an image processed at 0 minimum is read at
 * full resolution, the slowest setting).
 */
export const VISION_MAX_STACK_HEIGHT = 1024;

/** minimumTextHeight for an image: never coarser than Vision's default, fine enough for 16 px text. */
export function minimumTextHeight(imageHeight: number): number {
  return Math.min(1 / 32, VISION_MIN_TEXT_PX / Math.max(1, imageHeight));
}

/** What a reader is set up with. */
export interface VisionSettings {
  /** BCP-47 languages to read, best first; default: the user's preferred ones that Vision supports. */
  languages?: string[];
}

/** A synchronous Vision recogniser over some libraries (real, or a test's fake). */
export class VisionReader {
  readonly cf: CoreFoundation;
  readonly o: ObjC;
  /** The languages asked for; set on the first read. */
  languages: string[] | null = null;
  /** Why the chosen languages were dropped for Vision's default, when they were. */
  languageProblem: string | null = null;

  constructor(readonly libs: MacLibs, readonly settings: VisionSettings = {}) {
    this.cf = new CoreFoundation(libs);
    this.o = new ObjC(libs);
  }

  /** The user's preferred languages, in order (CFLocaleCopyPreferredLanguages). */
  preferredLanguages(): string[] {
    const arr = this.libs.cf.CFLocaleCopyPreferredLanguages();
    try {
      return this.cf.readStrings(arr);
    } finally {
      this.cf.release(arr);
    }
  }

  /** The languages the accurate recogniser supports here (macOS 12+), or null when it cannot say. */
  supportedLanguages(request: Deno.PointerValue): string[] | null {
    const m = this.libs.objc, o = this.o;
    const sel = o.sel("supportedRecognitionLanguagesAndReturnError:");
    if (!m.msgSend_bool_id(request, o.sel("respondsToSelector:"), sel)) return null;
    const list = m.msgSend_id_ptr(request, sel, new BigUint64Array(1));
    return list ? this.cf.readStrings(list) : null;
  }

  #chooseLanguages(request: Deno.PointerValue): string[] {
    if (this.languages) return this.languages;
    const wanted = this.settings.languages ?? this.preferredLanguages();
    const supported = this.supportedLanguages(request);
    // Without the list (before macOS 12) only the wanted tags themselves can be tried.
    return this.languages = supported ? visionLanguages(wanted, supported) : visionLanguages(wanted, wanted);
  }

  /** A CGImage over a CoreFoundation copy of the pixels (the image retains what it needs). */
  #cgImage(image: RgbaImage): NonNullable<Deno.PointerValue> {
    const { cg, cf } = this.libs;
    // Vision may retain the image past this call; memory JavaScript owns could move under it, a CFData cannot.
    const data = cf.CFDataCreate(null, image.data, BigInt(image.data.length));
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
      if (provider) cg.CGDataProviderRelease(provider);
      if (space) cg.CGColorSpaceRelease(space);
      cf.CFRelease(data);
    }
  }

  /** The words of an image. */
  recognize(image: RgbaImage): OcrWord[] {
    if (image.width < 3 || image.height < 3) return [];
    const img = this.#cgImage(image);
    try {
      return this.o.pool(() => {
        const first = this.#perform(img, image, (r) => this.#chooseLanguages(r));
        if (!("error" in first)) return first.words;
        if (this.languages && this.languages.join() !== VISION_DEFAULT_LANGUAGES.join()) {
          // A language set this Vision refuses: read with its default from now on, and say why.
          this.languageProblem = `Vision refused ${this.languages.join(", ")} (${first.error}); reading ${
            VISION_DEFAULT_LANGUAGES.join(", ")
          }`;
          this.languages = [...VISION_DEFAULT_LANGUAGES];
          const again = this.#perform(img, image, () => this.languages!);
          if (!("error" in again)) return again.words;
          throw new Error(`Vision could not read the image: ${again.error}`);
        }
        throw new Error(`Vision could not read the image: ${first.error}`);
      });
    } finally {
      this.libs.cg.CGImageRelease(img);
    }
  }

  #perform(
    img: NonNullable<Deno.PointerValue>,
    image: RgbaImage,
    languages: (request: Deno.PointerValue) => string[],
  ): { words: OcrWord[] } | { error: string } {
    const m = this.libs.objc, o = this.o;
    let request: Deno.PointerValue = null, handler: Deno.PointerValue = null;
    try {
      request = m.msgSend_id(m.msgSend_id(o.cls("VNRecognizeTextRequest"), o.sel("alloc")), o.sel("init"));
      if (!request) throw new Error("VNRecognizeTextRequest init failed");
      m.msgSend_void_isize(request, o.sel("setRecognitionLevel:"), BigInt(LEVEL_ACCURATE));
      m.msgSend_void_u8(request, o.sel("setUsesLanguageCorrection:"), 0);
      m.msgSend_void_f32(request, o.sel("setMinimumTextHeight:"), minimumTextHeight(image.height));
      const langs = this.cf.stringArray(languages(request));
      try {
        m.msgSend_void_id(request, o.sel("setRecognitionLanguages:"), langs); // the property copies it
      } finally {
        this.cf.release(langs);
      }
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
        return { error: this.#errorText(error[0]) };
      }
      return { words: this.#results(m.msgSend_id(request, o.sel("results")), image) };
    } finally {
      o.release(handler);
      o.release(request);
    }
  }

  /** The localizedDescription of an autoreleased NSError written to an out-parameter. */
  #errorText(address: bigint): string {
    const err = this.cf.adopt(address);
    if (!err) return "performRequests:error: failed without an error";
    return this.cf.readString(this.libs.objc.msgSend_id(err, this.o.sel("localizedDescription"))) ??
      "performRequests:error: failed";
  }

  /** CGRect comes back in registers on arm64 and through a hidden pointer on x86_64. */
  #rect(obj: Deno.PointerValue): Uint8Array {
    const m = this.libs.objc;
    const stret = Deno.build.arch === "x86_64" ? m.msgSend_stret_rect : null;
    return (stret ?? m.msgSend_rect)(obj, this.o.sel("boundingBox"));
  }

  #results(results: Deno.PointerValue, image: RgbaImage): OcrWord[] {
    if (!results) return [];
    const m = this.libs.objc, o = this.o;
    const words: OcrWord[] = [];
    const n = Number(m.msgSend_usize(results, o.sel("count")));
    for (let i = 0; i < n; i++) {
      const obs = m.msgSend_id_usize(results, o.sel("objectAtIndex:"), BigInt(i));
      const cands = obs && m.msgSend_id_usize(obs, o.sel("topCandidates:"), 1n);
      if (!cands || Number(m.msgSend_usize(cands, o.sel("count"))) === 0) continue;
      const best = m.msgSend_id_usize(cands, o.sel("objectAtIndex:"), 0n);
      const line = this.cf.readString(m.msgSend_id(best, o.sel("string"))) ?? "";
      const conf = Math.max(0, Math.min(1, m.msgSend_f32(best, o.sel("confidence"))));
      const lineBox = toPixels(rectFromBytes(this.#rect(obs)), image.width, image.height);
      const fallback = splitByCharacters(line, lineBox);
      wordRanges(line).forEach((wr, k) => {
        const sub = m.msgSend_id_range_ptr(
          best,
          o.sel("boundingBoxForRange:error:"),
          new BigUint64Array([BigInt(wr.location), BigInt(wr.length)]),
          null,
        );
        const box = sub ? toPixels(rectFromBytes(this.#rect(sub)), image.width, image.height) : null;
        const b = box && box.w > 0 && box.h > 0 ? box : fallback[k];
        if (b) words.push({ text: wr.text, x: b.x, y: b.y, w: b.w, h: b.h, conf });
      });
    }
    return words;
  }

  /** Releases the cached strings (the libraries belong to the caller). */
  close(): void {
    this.cf.close();
  }
}
