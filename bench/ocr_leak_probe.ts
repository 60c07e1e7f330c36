import { TesseractEngine } from "/work/main/src/ocr/tesseract.ts";
const r = () => (Deno.memoryUsage().rss / 1048576).toFixed(0);
console.log("start", r());
for (let i = 0; i < 4; i++) {
  const e = new TesseractEngine(2, { recycleMegapixels: 0 });
  await e.warm();
  console.log("warm", i, r());
  await e.recognize({ width: 3000, height: 500, data: new Uint8Array(3000 * 500 * 4).fill(255) }, "block");
  console.log("after 1.5MP", i, r());
  await e.close();
  await new Promise((res) => setTimeout(res, 300));
  console.log("closed", i, r());
}
