/**
 * The built-in image code (no sharp): decoding matches sharp pixel for
 * pixel, encoded PNGs read back exactly, and screenshots keep their limits.
 */

import sharp from "sharp";
import { assert, assertEquals } from "./support/assert.ts";
import { random } from "./support/random.ts";
import { decodePng, encodePng } from "../src/image/png.ts";
import { downscale } from "../src/image/resize.ts";
import { decodeImage, imageBackend, screenshotPng } from "../src/image/codec.ts";

const FIXTURES = new URL("../fixtures/", import.meta.url);

async function sharpPixels(png: Uint8Array) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

function samePixels(a: { width: number; height: number; data: Uint8Array }, b: typeof a, what: string) {
  assertEquals([a.width, a.height], [b.width, b.height], what);
  let diff = 0;
  for (let i = 0; i < a.data.length; i++) if (a.data[i] !== b.data[i]) diff++;
  assertEquals(diff, 0, `${what}: ${diff} bytes differ`);
}

/** A small image with gradients, hard edges and partial transparency. */
function testImage(width: number, height: number, seed = 7) {
  const rnd = random(seed);
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data[i] = (x * 7) & 0xff;
      data[i + 1] = (y * 13) & 0xff;
      data[i + 2] = x > width / 2 ? 255 : Math.floor(rnd() * 256);
      data[i + 3] = y % 5 === 0 ? 128 : 255;
    }
  }
  return { width, height, data };
}

Deno.test("built-in decode equals sharp on every fixture screenshot", async () => {
  let n = 0;
  for (const dir of ["apps", "web"]) {
    for await (const e of Deno.readDir(new URL(`${dir}/`, FIXTURES))) {
      if (!e.name.endsWith(".png")) continue;
      const bytes = await Deno.readFile(new URL(`${dir}/${e.name}`, FIXTURES));
      samePixels(decodePng(bytes), await sharpPixels(bytes), e.name);
      n++;
    }
  }
  assert(n >= 20, `only ${n} fixtures`);
});

Deno.test("built-in decode reads grey, grey+alpha, palette, RGB, RGBA, low bit depths and interlaced PNGs", async () => {
  const img = testImage(37, 23);
  const raw = { raw: { width: img.width, height: img.height, channels: 4 as const } };
  const variants: Array<[string, Promise<Buffer>]> = [
    ["rgba", sharp(img.data, raw).png().toBuffer()],
    ["rgb", sharp(img.data, raw).removeAlpha().png().toBuffer()],
    ["grey", sharp(img.data, raw).removeAlpha().greyscale().png().toBuffer()],
    ["grey+alpha", sharp(img.data, raw).greyscale().png().toBuffer()],
    ["palette", sharp(img.data, raw).png({ palette: true, colours: 64 }).toBuffer()],
    ["palette 2-bit", sharp(img.data, raw).png({ palette: true, colours: 4 }).toBuffer()],
    ["interlaced rgba", sharp(img.data, raw).png({ progressive: true }).toBuffer()],
    ["interlaced palette", sharp(img.data, raw).png({ progressive: true, palette: true }).toBuffer()],
  ];
  for (const [name, made] of variants) {
    const png = new Uint8Array(await made);
    samePixels(decodePng(png), await sharpPixels(png), name);
  }
});

Deno.test("built-in encode reads back identical pixels (RGBA, RGB, palette)", async () => {
  const img = testImage(64, 40);
  samePixels(await sharpPixels(encodePng(img)), img, "rgba");
  const rgb = await sharpPixels(encodePng(img, { alpha: false }));
  for (let i = 0; i < img.data.length; i += 4) {
    assertEquals([rgb.data[i], rgb.data[i + 1], rgb.data[i + 2], rgb.data[i + 3]], [
      img.data[i],
      img.data[i + 1],
      img.data[i + 2],
      255,
    ]);
  }
  const few = { ...img, data: img.data.map((v, i) => (i % 4 === 3 ? v : v & 0xc0)) };
  const palette = encodePng(few, { palette: true });
  assertEquals(palette[25], 3, "colour type 3 (palette)");
  samePixels(await sharpPixels(palette), few, "palette");
  samePixels(decodePng(palette), few, "palette, built-in decode");
});

Deno.test("downscale averages areas and keeps flat colours exact", () => {
  const flat = { width: 100, height: 60, data: new Uint8Array(100 * 60 * 4).fill(200) };
  const small = downscale(flat, 33, 21);
  assertEquals([small.width, small.height], [33, 21]);
  assert(small.data.every((v) => v === 200));
  // A 2x2 checkerboard of black and white averages to mid grey.
  const board = { width: 4, height: 4, data: new Uint8Array(64) };
  for (let i = 0; i < 16; i++) board.data.fill(((i % 4) + Math.floor(i / 4)) % 2 ? 255 : 0, i * 4, i * 4 + 4);
  const half = downscale(board, 2, 2);
  assert(half.data.every((v) => v === 128 || v === 127), half.data.join(","));
});

Deno.test("with CHOTO_IMAGE=builtin, screenshots stay under 1 MB and 1568 px", async () => {
  Deno.env.set("CHOTO_IMAGE", "builtin");
  try {
    assertEquals((await imageBackend()).name, "builtin");
    const frame = await decodeImage(await Deno.readFile(new URL("web/dashboard_dark_13.png", FIXTURES)));
    const shot = await screenshotPng(frame);
    assert(shot.png.byteLength < 1_000_000, `${shot.png.byteLength} bytes`);
    assertEquals([shot.width, shot.height, shot.scale], [1440, 900, 1]);
    samePixels(await sharpPixels(shot.png), {
      ...frame,
      data: frame.data.map((v, i) => i % 4 === 3 ? 255 : v),
    }, "shot");
    // A big frame of noise cannot compress: it is scaled down until it fits.
    const rnd = random(3);
    const noise = { width: 3000, height: 2000, data: new Uint8Array(3000 * 2000 * 4).map(() => rnd() * 256) };
    const big = await screenshotPng(noise);
    assert(big.png.byteLength < 1_000_000, `${big.png.byteLength} bytes`);
    assert(Math.max(big.width, big.height) <= 1568);
    assertEquals((await sharpPixels(big.png)).width, big.width);
    // The built-in decoder refuses what it cannot read with a clear message.
    let refused = "";
    await decodeImage(new TextEncoder().encode("GIF89a...")).catch((e) => (refused = e.message));
    assertEquals(refused, "without sharp only PNG images can be decoded");
  } finally {
    Deno.env.delete("CHOTO_IMAGE");
  }
  assertEquals((await imageBackend()).name, "sharp");
});
