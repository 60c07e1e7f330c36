/**
 * The worker thread Vision runs on. It opens its own copy of the macOS
 * libraries and owns every Vision object it makes, so the server's thread
 * keeps answering MCP requests, watching the corner failsafe and taking
 * cancellations while a frame is read. Messages: `init` {root, languages},
 * `read` {id, width, height, data}, `close`; answers {id, words} or
 * {id, error}, {ready} or {failed} after `init`, {closed} after `close`.
 *
 * @module
 */

/// <reference lib="deno.worker" />

import { openMacLibraries } from "../../desktop/macos/libs.ts";
import type { MacLibs } from "../../desktop/macos/libs.ts";
import { VisionReader } from "./vision_read.ts";

let libs: MacLibs | null = null;
let reader: VisionReader | null = null;

self.onmessage = (e: MessageEvent) => {
  const msg = e.data as
    | { kind: "init"; root: string; languages?: string[] }
    | { kind: "read"; id: number; width: number; height: number; data: Uint8Array }
    | { kind: "close" };
  if (msg.kind === "init") {
    try {
      libs = openMacLibraries({ appKit: false, vision: true, keyboard: false }, msg.root);
      reader = new VisionReader(libs, msg.languages ? { languages: msg.languages } : {});
      self.postMessage({ ready: true });
    } catch (err) {
      self.postMessage({ failed: (err as Error).message });
    }
  } else if (msg.kind === "read") {
    try {
      if (!reader) throw new Error("the Vision worker did not start");
      const words = reader.recognize({ width: msg.width, height: msg.height, data: msg.data });
      self.postMessage({
        id: msg.id,
        words,
        languages: reader.languages,
        languageProblem: reader.languageProblem,
      });
    } catch (err) {
      self.postMessage({ id: msg.id, error: (err as Error).message });
    }
  } else {
    reader?.close();
    libs?.close();
    reader = null;
    libs = null;
    self.postMessage({ closed: true });
    self.close();
  }
};
