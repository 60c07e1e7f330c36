/**
 * The world a recording macOS fake answers from: displays, the window list,
 * the pointer, the grants, the keyboard layout and what Vision supports;
 * tests change it between calls.
 *
 * @module
 */

import { type FakeLayout, US } from "./mac_layouts.ts";

/** Window and display layout of a fake Mac; tests change it between calls. */
export interface FakeWorld {
  /** Active displays: id, bounds in global points, mode width in pixels. */
  displays: Array<{ id: number; bounds: number[]; pixelWidth: number }>;
  /** The window list, front to back: number, owner, layer, bounds. */
  windows: Array<{ n: number; owner: string; layer: number; bounds: number[]; pid?: number; title?: string }>;
  /** The pointer in global points. */
  pointer: [number, number];
  /** Whether AXRaise brings a window to the front (some apps ignore it). */
  raiseWorks: boolean;
  /** Titles Accessibility reports, by window number, when they differ from the window list's. */
  axTitles: Record<number, string>;
  /** What CGWindowListCreateImage returns: its layout, or null for NULL. */
  image: {
    width: number;
    height: number;
    bitsPerPixel: number;
    bitsPerComponent: number;
    bitmapInfo: number;
    bytesPerRow: number;
  } | null;
  /** The grants. */
  screenRecording: boolean;
  trusted: boolean;
  /** The current keyboard layout. */
  layout: FakeLayout;
  /** CFLocaleCopyPreferredLanguages. */
  preferredLanguages: string[];
  /** What Vision supports (null: the request does not answer supportedRecognitionLanguagesAndReturnError:). */
  visionLanguages: string[] | null;
  /** Whether NSRunningApplication answers activateFromApplication:options: (macOS 14). */
  cooperativeActivation: boolean;
  /** Languages performRequests:error: refuses (it fails with an NSError). */
  refusedLanguages: string[];
  /**
   * The bytes of a captured image, by the window list option it was made
   * with (1 on-screen windows, 4 the layers below a window); 7s by default.
   */
  imageBytes?: (option: number) => Uint8Array;
  /** ScreenCaptureKit: the displays it lists, how each completion is answered, the blocks it was given. */
  sck: {
    displays: number[];
    content: "answer" | "error" | "silent";
    image: "answer" | "error" | "silent";
    blocks: Array<{ isa: bigint; flags: number; size: bigint; signature: string }>;
    /** Configuration calls, as "setWidth: 2". */
    config: string[];
  };
}

/** A posted event, as the fake saw it. */
export interface Posted {
  type: string;
  flags: bigint;
  click?: bigint;
  text?: string;
  at?: number[];
}

/** One Safari window on a Retina display, under the menu bar, with every grant given. */
export function defaultWorld(): FakeWorld {
  return {
    displays: [{ id: 1, bounds: [0, 0, 1440, 900], pixelWidth: 2880 }],
    windows: [
      { n: 1, owner: "Window Server", layer: 24, bounds: [0, 0, 1440, 24] },
      { n: 2, owner: "Safari", layer: 0, bounds: [100, 100, 800, 600] },
    ],
    pointer: [50, 60],
    raiseWorks: true,
    axTitles: {},
    // 2x1 BGRA premultiplied (32Little | PremultipliedFirst), rows padded to 16 bytes.
    image: {
      width: 2,
      height: 1,
      bitsPerPixel: 32,
      bitsPerComponent: 8,
      bitmapInfo: (2 << 12) | 2,
      bytesPerRow: 16,
    },
    screenRecording: true,
    trusted: true,
    layout: US,
    preferredLanguages: ["en-US"],
    visionLanguages: ["en-US", "fr-FR", "de-DE", "zh-Hans"],
    cooperativeActivation: true,
    refusedLanguages: [],
    sck: { displays: [1], content: "answer", image: "answer", blocks: [], config: [] },
  };
}

/** Posted key events as "code+d|u flags-hex text". */
export const keyLog = (posted: Posted[]) =>
  posted.filter((e) => e.type.startsWith("key")).map((e) =>
    `${e.type.slice(3)} ${e.flags.toString(16)}${e.text ? ` ${e.text}` : ""}`
  );
