/**
 * What `doctor --selftest` learns on a Mac: the system version, grants,
 * how capture behaves, the displays' scales, the window layers on screen and
 * the keyboard layout, and the answers they give to the questions no one
 * could settle without a Mac (docs/macos-ffi.md, "Unknowns"). Reads only.
 *
 * @module
 */

import type { OpenQuestion, PermissionCheck, ProbeReport, SelfTestFacts } from "../types.ts";
import { describeCapturePath, type MacCapture } from "./capture.ts";
import { kindOfLayer } from "./layers.ts";
import type { MacSession } from "./session.ts";
import { onScreenWindows, readDisplays } from "./windows.ts";
import type { RawWindow } from "./window_list.ts";

/** The questions, worded as docs/macos-ffi.md lists them. */
export const MAC_QUESTIONS = {
  activation: "Does activation from a process that is not an app work on macOS 14/15?",
  capture: "What does CGWindowListCreateImage do on macOS 15: NULL, or a blank frame without the grant?",
  layers: "Which window layers do tooltips, popovers and Spotlight use?",
  keyCodeZero:
    "Does typing with key code 0 work in Electron, Java and terminal apps, and with an input method?",
  layouts: "Do shortcuts sent by US key position land right on non-US keyboard layouts?",
} as const;

/** The macOS version a Darwin kernel release belongs to ("24.1.0" → "15"). */
export function macosVersionOf(darwin: string): string {
  const major = Number.parseInt(darwin, 10);
  if (!(major >= 20)) return `unknown (Darwin ${darwin})`;
  // Darwin 20 is macOS 11 … 24 is 15; Darwin 25 is macOS 26 (the year-based numbering).
  return String(major >= 25 ? major + 1 : major - 9);
}

/** Each layer seen on screen, with its kind and the apps owning windows there. */
export function layerSummary(raw: RawWindow[]): string {
  const byLayer = new Map<number, Set<string>>();
  for (const w of raw) {
    if (!byLayer.has(w.layer)) byLayer.set(w.layer, new Set());
    byLayer.get(w.layer)!.add(w.ownerName || "?");
  }
  return [...byLayer.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([layer, owners]) => `${layer} ${kindOfLayer(layer)} (${[...owners].slice(0, 4).join(", ")})`)
    .join("; ");
}

/** Host facts the probe reads, injectable for tests. */
export interface ProbeHost {
  /** Deno.osRelease(): the Darwin kernel version. */
  osRelease(): string;
  /** The current keyboard layout's input source id, or null when unreadable. */
  keyboardLayout(): string | null;
}

/** The probe's report, from what the session can read now and what the portable steps saw. */
export function macProbe(s: MacSession, cap: MacCapture, facts: SelfTestFacts, host: ProbeHost): ProbeReport {
  const version = macosVersionOf(host.osRelease());
  const pre = s.libs.cg.CGPreflightScreenCaptureAccess;
  const recording = pre ? (pre() ? "granted" : "not granted") : "not checkable";
  const direct = cap.probeInProcess();
  const displays = readDisplays(s);
  const layers = layerSummary(onScreenWindows(s));
  const layout = host.keyboardLayout();
  const findings: PermissionCheck[] = [
    { name: "macOS", ok: true, detail: `${version} (Darwin ${host.osRelease()}, ${Deno.build.arch})` },
    { name: "Screen Recording", ok: recording === "granted", detail: recording },
    {
      name: "Accessibility",
      ok: s.libs.ax.AXIsProcessTrusted() !== 0,
      detail: s.libs.ax.AXIsProcessTrusted() !== 0 ? "trusted" : "not trusted",
    },
    { name: "CGWindowListCreateImage", ok: true, detail: direct },
    { name: "capture path", ok: true, detail: describeCapturePath(cap.path, cap.fallbackReason) },
    ...displays.map((d) => ({
      name: `display ${d.id}`,
      ok: true,
      detail: `${d.bounds.width}x${d.bounds.height} pt at (${d.bounds.x}, ${d.bounds.y}), ${d.scale} px/pt` +
        (cap.lastScale && s.display?.id === d.id && cap.lastScale.measured !== cap.lastScale.mode
          ? ` (measured on the frame; the display mode said ${cap.lastScale.mode})`
          : ""),
    })),
    { name: "window layers", ok: true, detail: layers || "no windows on screen" },
    { name: "keyboard layout", ok: true, detail: layout ?? "could not be read" },
  ];
  const a = facts.activation;
  const questions: OpenQuestion[] = [
    {
      question: MAC_QUESTIONS.activation,
      answer: a
        ? `on macOS ${version}, raising ${a.window} ${
          a.confirmed ? "was confirmed in front" : `failed: ${a.error ?? "not confirmed"}`
        }`
        : null,
    },
    {
      question: MAC_QUESTIONS.capture,
      answer: `on macOS ${version} with Screen Recording ${recording}, ${direct}` +
        (facts.frameBlank ? "; the frame choto captured was blank" : ""),
    },
    {
      question: MAC_QUESTIONS.layers,
      answer: layers ? `layers on screen during this run: ${layers}` : null,
    },
    { question: MAC_QUESTIONS.keyCodeZero, answer: null },
    // The layout is recorded above; whether shortcuts land right on it needs keys sent, and none are.
    { question: MAC_QUESTIONS.layouts, answer: null },
  ];
  return { findings, questions };
}

/** Reads the keyboard layout with `defaults` (best effort: needs --allow-run). */
export function readKeyboardLayout(): string | null {
  try {
    const out = new Deno.Command("/usr/bin/defaults", {
      args: ["read", "com.apple.HIToolbox", "AppleCurrentKeyboardLayoutInputSourceID"],
      stderr: "null",
    }).outputSync();
    return out.success ? new TextDecoder().decode(out.stdout).trim() || null : null;
  } catch {
    return null;
  }
}
