/**
 * A CGImage's pixels as choto's RGBA, through CoreFoundation copies (no
 * raw pointer reads): its layout is checked first, since only 8-bit
 * layouts are decoded.
 *
 * @module
 */

import { layoutProblem, toRgba } from "./bitmap.ts";
import type { CoreFoundation } from "./native.ts";
import type { MacLibs } from "./libs.ts";
import type { RgbaImage } from "../../image/pixels.ts";

/** The image's pixels, or why they are not decoded (a layout choto refuses). Does not release `img`. */
export function cgImagePixels(
  libs: Pick<MacLibs, "cg" | "cf">,
  cf: CoreFoundation,
  img: NonNullable<Deno.PointerValue>,
): RgbaImage | string {
  const { cg } = libs;
  const info = cg.CGImageGetBitmapInfo(img);
  const bpp = Number(cg.CGImageGetBitsPerPixel(img));
  const problem = layoutProblem(info, bpp, Number(cg.CGImageGetBitsPerComponent(img)));
  if (problem) return problem;
  const provider = cg.CGImageGetDataProvider(img); // Get rule: not ours
  if (!provider) throw new Error("the captured image has no data provider");
  const data = cg.CGDataProviderCopyData(provider); // Copy rule: ours
  if (!data) throw new Error("CGDataProviderCopyData returned NULL");
  try {
    return toRgba(
      cf.dataBytes(data),
      Number(cg.CGImageGetWidth(img)),
      Number(cg.CGImageGetHeight(img)),
      Number(cg.CGImageGetBytesPerRow(img)),
      info,
      bpp,
    );
  } finally {
    libs.cf.CFRelease(data);
  }
}
