/**
 * The worker that runs ScreenCaptureKit captures for the backend's
 * synchronous `capture()`: completion blocks are answered on this worker's
 * event loop while the backend's thread waits on a shared buffer
 * (sck_protocol.ts). The libraries are opened on the first request and
 * kept: a completion block may be answered late, after a timeout.
 *
 * @module
 */

/// <reference lib="deno.worker" />

import {
  libSystem,
  LIBSYSTEM_PATH,
  SCREEN_CAPTURE_KIT_PATH,
  screenCaptureKit,
} from "../../../ffi/macos/screenCaptureKit.ts";
import { openMacLibraries } from "./libs.ts";
import { CoreFoundation, ObjC } from "./native.ts";
import { ScreenCaptureKit } from "./sck.ts";
import { HEADER, type SckWorkerRequest, STATE } from "./sck_protocol.ts";

let session: ScreenCaptureKit | null = null;

function open(root: string): ScreenCaptureKit {
  const libs = openMacLibraries({ appKit: false, vision: false, keyboard: false }, root);
  Deno.dlopen(root + SCREEN_CAPTURE_KIT_PATH, screenCaptureKit); // registers the SC* classes
  const sys = Deno.dlopen(root + LIBSYSTEM_PATH, libSystem).symbols;
  return new ScreenCaptureKit({ libs, cf: new CoreFoundation(libs), objc: new ObjC(libs), rt: sys });
}

function answer(buffer: SharedArrayBuffer, write: (header: Int32Array, bytes: Uint8Array) => number): void {
  const header = new Int32Array(buffer, 0, 4);
  const state = write(header, new Uint8Array(buffer, HEADER.bytes));
  Atomics.store(header, HEADER.state, state);
  Atomics.notify(header, HEADER.state);
}

self.onmessage = async (e: MessageEvent<SckWorkerRequest>) => {
  const r = e.data;
  try {
    session ??= open(r.root);
    const img = await session.capture(r);
    answer(r.buffer, (header, bytes) => {
      if (img.data.length > bytes.length) {
        throw new Error(
          `ScreenCaptureKit gave ${img.width}x${img.height} pixels, more than the ${r.width}x${r.height} asked`,
        );
      }
      bytes.set(img.data);
      header[HEADER.width] = img.width;
      header[HEADER.height] = img.height;
      return STATE.pixels;
    });
  } catch (err) {
    const text = new TextEncoder().encode((err as Error).message);
    answer(r.buffer, (header, bytes) => {
      const n = Math.min(text.length, bytes.length);
      bytes.set(text.subarray(0, n));
      header[HEADER.errorLength] = n;
      return STATE.error;
    });
  }
};
