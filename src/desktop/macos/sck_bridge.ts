/**
 * ScreenCaptureKit for the backend's synchronous `capture()`: the capture
 * runs in a worker (its completion blocks need an event loop that is free
 * to run them) while this thread waits on a shared buffer, for a bounded
 * time. Said unavailable, without trying, when `--allow-ffi` is scoped to
 * paths: Deno then refuses `Deno.UnsafeCallback`, which answers the blocks.
 *
 * @module
 */

import type { Display } from "./geometry.ts";
import { HEADER, type SckWorkerRequest, STATE } from "./sck_protocol.ts";
import type { RgbaImage } from "../../image/pixels.ts";

/** Captures a display through ScreenCaptureKit: its pixels, or why not. */
export type SckCapture = (d: Display) => RgbaImage | string;

/** How long each ScreenCaptureKit call may take before the capture falls back. */
export const SCK_TIMEOUT_MS = 5000;
/** Extra time the first request allows for the worker to start and open the frameworks. */
const WORKER_START_MS = 5000;

/** Whether FFI is granted without a path list (what Deno.UnsafeCallback and raw pointers need). */
export function ffiUnscoped(): boolean {
  try {
    return Deno.permissions.querySync({ name: "ffi" }).state === "granted";
  } catch {
    return false;
  }
}

/** The ScreenCaptureKit worker: started on first use, closed with the backend. */
export class ScreenCaptureKitWorker {
  #worker: Worker | null = null;
  /** Why ScreenCaptureKit is not tried again this session (a call that never answered). */
  #done: string | null = null;
  #started = false;

  constructor(readonly root = "", readonly timeoutMs = SCK_TIMEOUT_MS, readonly unscoped = ffiUnscoped) {}

  /** The display's pixels, or why ScreenCaptureKit did not give them. */
  capture(d: Display): RgbaImage | string {
    if (this.#done) return this.#done;
    if (!this.root && Deno.build.os !== "darwin") return "it exists only on macOS";
    if (!this.unscoped()) {
      return "it needs --allow-ffi without a path list (Deno.UnsafeCallback answers its completion blocks)";
    }
    const width = Math.round(d.bounds.width * d.scale), height = Math.round(d.bounds.height * d.scale);
    const buffer = new SharedArrayBuffer(HEADER.bytes + Math.max(width * height * 4, 4096));
    const header = new Int32Array(buffer, 0, 4);
    this.#worker ??= new Worker(new URL("./sck_worker.ts", import.meta.url), { type: "module" });
    const request: SckWorkerRequest = {
      root: this.root,
      displayId: d.id,
      width,
      height,
      timeoutMs: this.timeoutMs,
      buffer,
    };
    this.#worker.postMessage(request);
    // Two calls, each bounded in the worker; the first request also starts the worker.
    const limit = 2 * this.timeoutMs + (this.#started ? 1000 : WORKER_START_MS);
    this.#started = true;
    if (Atomics.wait(header, HEADER.state, STATE.waiting, limit) === "timed-out") {
      this.#done = `it did not answer within ${limit} ms`;
      this.close();
      return this.#done;
    }
    if (header[HEADER.state] === STATE.pixels) {
      const w = header[HEADER.width], h = header[HEADER.height];
      return { width: w, height: h, data: new Uint8Array(buffer, HEADER.bytes, w * h * 4).slice() };
    }
    const why = new TextDecoder().decode(new Uint8Array(buffer, HEADER.bytes, header[HEADER.errorLength]));
    // A call that timed out may still be answered: its block is not reused, nor ScreenCaptureKit.
    if (/did not answer/.test(why)) this.#done = why;
    return why;
  }

  /** Ends the worker. */
  close(): void {
    this.#worker?.terminate();
    this.#worker = null;
  }
}
