// An OCR worker that dies on its first read once per marker file: tesseract.js's real worker
// script, with a listener in front that ends the thread the first time a read arrives.
"use strict";
const fs = require("node:fs");
const { parentPort } = require("node:worker_threads");
const marker = process.env.CHOTO_TEST_DIE_ONCE;
parentPort.on("message", (packet) => {
  if (packet.action === "recognize" && marker && !fs.existsSync(marker)) {
    fs.writeFileSync(marker, "died");
    process.exit(3);
  }
});
require("tesseract.js/src/worker-script/node/index.js");
