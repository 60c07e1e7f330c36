/**
 * What `doctor --selftest` learns on a Mac: the system version, grants and
 * who holds them, how capture behaves (including a frame that shows only
 * the desktop picture), the displays' scales, the window layers on screen,
 * the keyboard layout and the keys its shortcuts land on, and the answers
 * all that gives to the questions no one could settle without a Mac
 * (docs/macos-ffi.md, "Unknowns"). Reads only; the portable steps did the
 * typing and clicking.
 *
 * @module
 */

import type { DoctorSelftestFacts, OpenQuestion, PermissionCheck, ProbeReport } from "../types.ts";
import { type ActivationReport, lastActivation } from "./activate.ts";
import { AX_MESSAGING_TIMEOUT_S } from "./ax_timeout.ts";
import { describeCapturePath, type MacCapture } from "./capture.ts";
import { KeyRefused, planHotkey, usTranslate } from "./keycodes.ts";
import { kindOfLayer } from "./layers.ts";
import type { LayoutMap } from "./layout_map.ts";
import { MONTHLY_CAPTURE_ALERT } from "./permissions.ts";
import type { MacSession } from "./session.ts";
import { onScreenWindows, readDisplays } from "./windows.ts";
import type { RawWindow } from "./window_list.ts";

/** The questions, worded as docs/macos-ffi.md lists them. */
export const MAC_QUESTIONS = {
  activation: "Does activation from a process that is not an app work on macOS 14/15?",
  capture: "What does CGWindowListCreateImage do on macOS 15: NULL, or a blank frame without the grant?",
  layers: "Which window layers do tooltips, popovers and Spotlight use?",
  keyCodeZero: "Does a typed character that no key of the layout types (key code 0 with the character " +
    "attached) arrive, in TextEdit and in Electron, Java and terminal apps?",
  layouts: "Do shortcuts pressed on the layout's own keys (cmd+a, cmd+c) work on this keyboard layout?",
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

/** Where a shortcut lands on a layout: "key 0x0C (Q on a US keyboard)", or why it cannot. */
export function shortcutLanding(layout: LayoutMap, keys: string[]): string {
  try {
    const key = keys.at(-1)!;
    const events = planHotkey({ modifiers: ["cmd"], key }, [], layout);
    const main = events.find((e) => e.down && e.code !== 0x37 && e.code !== 0x38)!;
    const us = usTranslate(main.code, 0).toUpperCase() || "no character";
    return `${keys.join("+")} is key 0x${
      main.code.toString(16).toUpperCase().padStart(2, "0")
    } (${us} on a US keyboard)` +
      (events.some((e) => e.code === 0x38) ? " with Shift" : "");
  } catch (e) {
    if (e instanceof KeyRefused) return `${keys.join("+")} cannot be pressed: ${e.message}`;
    throw e;
  }
}

/** The LaunchServices fallback of an activation, as a clause ("" when it was not needed). */
function fallbackNote(a: ActivationReport): string {
  if (!a.fallback) return "";
  return `; the front app did not change, then ${a.fallback.call} ${
    a.fallback.error ? `failed: ${a.fallback.error}` : "was used"
  }`;
}

/** Host facts the probe reads, injectable for tests. */
export interface ProbeHost {
  /** Deno.osRelease(): the Darwin kernel version. */
  osRelease(): string;
}

/** The probe's report, from what the session can read now and what the portable steps saw. */
export function macProbe(
  s: MacSession,
  cap: MacCapture,
  facts: DoctorSelftestFacts,
  host: ProbeHost,
): ProbeReport {
  const version = macosVersionOf(host.osRelease());
  const who = s.grants.who();
  const grant = s.grants.screenRecording();
  const recording = grant === null ? "not checkable" : grant ? "granted" : "not granted";
  const trusted = s.grants.accessibility();
  const direct = cap.probeInProcess();
  const displays = readDisplays(s);
  const layers = layerSummary(onScreenWindows(s));
  const layout = s.keyboard.current();
  const landing = ["cmd+a", "cmd+c", "cmd+z"].map((k) => shortcutLanding(layout, k.split("+"))).join("; ");
  const activation = lastActivation.get(s);
  const findings: PermissionCheck[] = [
    { name: "macOS", ok: true, detail: `${version} (Darwin ${host.osRelease()}, ${Deno.build.arch})` },
    {
      name: "Screen Recording",
      ok: grant !== false,
      detail: `${recording} for ${who}. ${MONTHLY_CAPTURE_ALERT}`,
    },
    {
      name: "Accessibility",
      ok: trusted,
      detail: `${trusted ? "trusted" : "not trusted"} for ${who}; Accessibility calls wait at most ` +
        `${
          s.axTimeoutSet
            ? `${AX_MESSAGING_TIMEOUT_S} s`
            : "the system's default (the timeout could not be set)"
        }`,
    },
    { name: "CGWindowListCreateImage", ok: direct.desktopOnly !== true, detail: direct.detail },
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
    {
      name: "keyboard layout",
      ok: s.keyboard.problem === null,
      detail: `${layout.label}: ${landing}${s.keyboard.problem ? ` (${s.keyboard.problem})` : ""}`,
    },
  ];
  if (activation) {
    const ax = (e: number | null) => (e === null ? "not sent" : e === 0 ? "accepted" : `AXError ${e}`);
    findings.push({
      name: "last activation",
      ok: activation.confirmed,
      detail: `${activation.window}: ${
        activation.appKit
          ? `${activation.appKit.call} ${activation.appKit.accepted ? "accepted" : "declined"}`
          : "no AppKit"
      }, AXFrontmost ${ax(activation.frontmost)}, AXRaise ${ax(activation.raise)}, matched by ${
        activation.matchedBy ?? "nothing"
      }${fallbackNote(activation)}`,
    });
  }
  const a = facts.activation;
  const ed = facts.editor ?? null;
  const questions: OpenQuestion[] = [
    {
      question: MAC_QUESTIONS.activation,
      answer: a
        ? `on macOS ${version}, raising ${a.window} ${
          a.confirmed ? "was confirmed in front" : `failed: ${a.error ?? "not confirmed"}`
        }` + (activation?.appKit
          ? ` (${activation.appKit.call} ${activation.appKit.accepted ? "accepted" : "declined"}${
            fallbackNote(activation)
          })`
          : "")
        : null,
    },
    {
      question: MAC_QUESTIONS.capture,
      answer: `on macOS ${version} with Screen Recording ${recording}, ${direct.detail}` +
        (facts.frameBlank ? "; the frame choto captured was blank" : ""),
    },
    {
      question: MAC_QUESTIONS.layers,
      answer: layers ? `layers on screen during this run: ${layers}` : null,
    },
    {
      question: MAC_QUESTIONS.keyCodeZero,
      answer: ed ? keyCodeZeroAnswer(ed, layout) : null,
    },
    {
      question: MAC_QUESTIONS.layouts,
      answer: ed
        ? `on ${layout.label} (${landing}), select-all and copy in ${ed.app} ${
          ed.copied === ed.typed
            ? "copied the typed line"
            : `left ${JSON.stringify(ed.copied)} on the clipboard`
        }`
        : null,
    },
  ];
  return {
    findings,
    questions,
    captureProblem: direct.desktopOnly
      ? `the frame shows only the desktop picture and the menu bar where the windows are: Screen Recording is ` +
        `missing for ${who}`
      : null,
  };
}

/** Whether the typed characters that no key types arrived, from the copied text. */
function keyCodeZeroAnswer(ed: NonNullable<DoctorSelftestFacts["editor"]>, layout: LayoutMap): string {
  const keyless = [...new Set([...ed.typed].filter((c) => c !== " " && !layout.typingKey(c)))];
  if (!keyless.length) return `every character typed has a key on ${layout.label}: not settled by this run`;
  if (ed.copied === null) return `not settled: nothing came back from the clipboard`;
  const arrived = keyless.filter((c) => ed.copied!.includes(c));
  return `in ${ed.app} on ${layout.label}: ${arrived.length} of ${keyless.length} characters without a key ` +
    `arrived (${keyless.join(" ")}); other apps are not tried`;
}
