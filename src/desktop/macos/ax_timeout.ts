/**
 * How long an Accessibility call may wait for an app. The system's default
 * is about 6 s per call: a hung app would hold a step (and the corner
 * failsafe behind it) that long for every attribute read.
 *
 * @module
 */

import { kAXErrorSuccess } from "../../../ffi/macos/applicationServices.ts";
import type { MacLibs } from "./libs.ts";

/** Seconds one Accessibility call may wait for an app. */
export const AX_MESSAGING_TIMEOUT_S = 1;

/** Sets the messaging timeout of every Accessibility call of this process; true when it took. */
export function limitMessagingTimeout(libs: MacLibs): boolean {
  const { ax } = libs;
  const systemWide = ax.AXUIElementCreateSystemWide();
  if (!systemWide) return false;
  try {
    // On the system-wide element the timeout applies to every element of this process.
    return ax.AXUIElementSetMessagingTimeout(systemWide, AX_MESSAGING_TIMEOUT_S) === kAXErrorSuccess;
  } finally {
    libs.cf.CFRelease(systemWide);
  }
}
