/**
 * Accessibility (AXUIElement) reads and actions on an app's windows. Every
 * value copied out is +1 and released here; elements inside a copied array
 * are borrowed from it and live as long as the array.
 *
 * @module
 */

import {
  kAXErrorAPIDisabled,
  kAXErrorCannotComplete,
  kAXErrorSuccess,
  kAXValueTypeCGPoint,
  kAXValueTypeCGSize,
} from "../../../ffi/macos/applicationServices.ts";
import { AX_MESSAGING_TIMEOUT_S } from "./ax_timeout.ts";
import type { MacSession } from "./session.ts";
import type { WindowClues } from "./window_match.ts";

type Ptr = Deno.PointerValue;

/** Accessibility refused the call: the responsible app lacks the grant. */
export class AxDenied extends Error {}

/** The app did not answer within the messaging timeout: it is busy or hung. */
export class AxBusy extends Error {}

/** Copies an attribute value (+1, caller releases), or null when it has none. */
function copyAttribute(s: MacSession, el: Ptr, name: string): Ptr {
  const out = new BigUint64Array(1);
  const err = s.libs.ax.AXUIElementCopyAttributeValue(el, s.cf.str(name), out);
  if (err === kAXErrorAPIDisabled) {
    throw new AxDenied("Accessibility is not granted to the app running choto");
  }
  if (err === kAXErrorCannotComplete) {
    throw new AxBusy(`the app did not answer an Accessibility request within ${AX_MESSAGING_TIMEOUT_S} s`);
  }
  // The value is +1 from the Copy; adopt keeps that count and gives a pointer.
  return err === kAXErrorSuccess ? s.cf.adopt(out[0]) : null;
}

/** Reads an AXValue of a CGPoint or CGSize as two doubles. */
function readPair(s: MacSession, el: Ptr, name: string, type: number): [number, number] | null {
  const v = copyAttribute(s, el, name);
  if (!v) return null;
  try {
    const out = new Float64Array(2);
    return s.libs.ax.AXValueGetValue(v, type, out) ? [out[0], out[1]] : null;
  } finally {
    s.libs.cf.CFRelease(v);
  }
}

/** Title and frame of one AX window, or null when its frame cannot be read. */
export function windowClues(s: MacSession, el: Ptr): WindowClues | null {
  const pos = readPair(s, el, "AXPosition", kAXValueTypeCGPoint);
  const size = readPair(s, el, "AXSize", kAXValueTypeCGSize);
  if (!pos || !size) return null;
  const t = copyAttribute(s, el, "AXTitle");
  let title = "";
  if (t) {
    try {
      title = s.cf.readString(t) ?? "";
    } finally {
      s.libs.cf.CFRelease(t);
    }
  }
  return { title, bounds: { x: pos[0], y: pos[1], width: size[0], height: size[1] } };
}

/** Sets a boolean attribute to true; the AXError (0 when the app accepted it). */
export function setTrue(s: MacSession, el: Ptr, name: string): number {
  return s.libs.ax.AXUIElementSetAttributeValue(el, s.cf.str(name), s.cf.trueValue());
}

/** Performs an action such as AXRaise; the AXError (0 when the app accepted it). */
export function perform(s: MacSession, el: Ptr, action: string): number {
  return s.libs.ax.AXUIElementPerformAction(el, s.cf.str(action));
}

/**
 * Runs `fn` with the app's AX element and its windows (borrowed from the
 * copied array); everything is released once its promise settles.
 */
export async function withAppWindows<T>(
  s: MacSession,
  pid: number,
  fn: (app: NonNullable<Ptr>, windows: NonNullable<Ptr>[]) => Promise<T>,
): Promise<T> {
  const { ax, cf } = s.libs;
  const app = ax.AXUIElementCreateApplication(pid);
  if (!app) throw new Error(`no Accessibility element for process ${pid}`);
  try {
    const arr = copyAttribute(s, app, "AXWindows");
    try {
      const windows: NonNullable<Ptr>[] = [];
      const n = arr ? Number(cf.CFArrayGetCount(arr)) : 0;
      for (let i = 0; i < n; i++) {
        const el = cf.CFArrayGetValueAtIndex(arr, BigInt(i));
        if (el) windows.push(el);
      }
      return await fn(app, windows);
    } finally {
      if (arr) cf.CFRelease(arr);
    }
  } finally {
    cf.CFRelease(app);
  }
}
