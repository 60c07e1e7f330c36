import { TesseractEngine } from "../src/ocr/tesseract.ts";
const e = new TesseractEngine(2);
const t = performance.now();
await e.warm();
console.log("warm", (performance.now() - t).toFixed(0), "started", e.started, e.backend());
await e.close();
