// An OCR worker that stalls on its first read once per marker file: tesseract.js's real worker
// script, with a listener in front that spins forever the first time a read arrives.
"use strict";
const fs = require("node:fs");
const { parentPort } = require("node:worker_threads");
const marker = process.env.CHOTO_TEST_STALL_ONCE;
parentPort.on("message", (packet) => {
  if (packet.action === "recognize" && marker && !fs.existsSync(marker)) {
    fs.writeFileSync(marker, "stalled");
    for (;;) {
      // never answers
    }
  }
});
require("tesseract.js/src/worker-script/node/index.js");
