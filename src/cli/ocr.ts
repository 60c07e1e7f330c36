/**
 * `choto ocr IMAGE`: the text of an image file as the screen reader reads
 * it, one element a line or as JSON.
 *
 * @module
 */

import { decodeImage, imageBackend } from "../image/codec.ts";
import { createScreenReader } from "../ocr/reader.ts";
import { type Command, UsageError } from "./command.ts";
import { dbPath, engineFor, policyFor } from "./open.ts";
import { foldLeastSure } from "../ocr/group.ts";

async function ocr(file: string | undefined, json: boolean, ocrFlag: string | undefined): Promise<void> {
  if (!file) throw new UsageError("ocr needs an image file: choto ocr IMAGE [--json]");
  let bytes: Uint8Array;
  try {
    bytes = await Deno.readFile(file);
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${(err as Error).message}`);
  }
  let image;
  try {
    image = await decodeImage(bytes);
  } catch {
    const formats = (await imageBackend()).name === "sharp"
      ? "PNG, JPEG, WebP, TIFF, GIF"
      : "PNG only, without sharp";
    throw new UsageError(`${file} is not an image this tool can decode (${formats})`);
  }
  // The languages in force, as the server would read them (CHOTO_LANGS, choto.json, the desktop).
  const path = dbPath(undefined);
  const reader = createScreenReader(engineFor(ocrFlag, policyFor(path).languages, path));
  try {
    const t0 = performance.now();
    const read = await reader.read(image, { x: 0, y: 0, width: image.width, height: image.height });
    const ms = Math.round(performance.now() - t0);
    if (json) {
      console.log(JSON.stringify({
        width: image.width,
        height: image.height,
        ms,
        elements: read.elements.map(foldLeastSure).map(({ text, x, y, w, h, cx, cy, conf }) => ({
          text,
          x,
          y,
          w,
          h,
          cx,
          cy,
          conf,
        })),
      }));
    } else {
      for (const el of read.elements.map(foldLeastSure)) {
        console.log(`${el.text} @ (${el.cx},${el.cy}) [conf ${el.conf.toFixed(2)}]`);
      }
      console.log(`(${read.elements.length} elements, ${image.width}x${image.height}, ${ms} ms)`);
    }
  } finally {
    await reader.close();
  }
}

/** `choto ocr`. */
export const ocrCommand: Command = {
  usage: [["ocr IMAGE", "read the text of an image file"]],
  details: ["--json       print {width, height, ms, elements:[{text,x,y,w,h,cx,cy,conf}]}"],
  options: ["ocr", "json"],
  maxArgs: 1,
  tooMany: (rest) => `ocr reads one image at a time (got ${rest.length})`,
  run: async (v, rest) => {
    await ocr(rest[0], Boolean(v.json), v.ocr);
    return 0;
  },
};
