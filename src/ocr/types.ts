/**
 * Shared OCR contracts: what an engine returns and what the screen reader
 * hands to perception.
 *
 * @module
 */

import type { Grey, RgbaImage } from "../image/pixels.ts";

import type { StageTimes } from "../common/stages.ts";
import type { Rect } from "../common/rect.ts";

/** One recognised word, in pixels of the image it was read from. */
export interface OcrWord {
  text: string;
  x: number;
  y: number;
  w: number;
  h: number;
  /** Recogniser confidence, 0..1. */
  conf: number;
  /** A box's side stands just before the word (the next button of a row): it starts an element. */
  apart?: boolean;
  /**
   * A character the single-character pass read where a view's edge cuts it:
   * an element of its own, so that its guess is not averaged into the sure
   * words beside it.
   */
  alone?: boolean;
}

/** How an engine should segment the image it is given. */
export type OcrMode =
  /** A block of text lines (the default). */
  | "block"
  /** Exactly one line of text. */
  | "line"
  /** Scattered text anywhere in the image. */
  | "sparse"
  /** A single character. */
  | "char";

/** A recogniser: pixels in, words out. */
export interface OcrEngine {
  /** "tesseract" or "vision". */
  readonly name: string;
  /** Recognises the words of an RGBA image. */
  recognize(image: RgbaImage, mode?: OcrMode): Promise<OcrWord[]>;
  /**
   * Recognises the words of a greyscale image, optionally limited to the
   * characters of `alphabet` (optional: see `readGrey` for engines without).
   */
  recognizeGrey?(image: Grey, mode?: OcrMode, alphabet?: string): Promise<OcrWord[]>;
  /**
   * The tallest image this engine reads text of the prepared size in (Vision
   * looks for text of at least a fraction of the image height); the pipeline
   * cuts its stacks of lines to it. Unbounded when absent.
   */
  readonly maxStackHeight?: number;
  /**
   * Whether its first language is written without spaces between words
   * (Japanese, Chinese): the pipeline then reads each line as labels
   * (fixes/cjk.ts) and keeps square characters that would pass for icons.
   */
  readonly cjk?: boolean;
  /**
   * The engine that reads again, in English, what the first model reads
   * poorly (fixes/latin_runs.ts): with `cjk` the runs of Latin text, else
   * the words it was unsure of.
   */
  readonly latin?: OcrEngine;
  /** tesseract's models it reads with (`["deu", "eng"]`), when it says: readings are remembered per set. */
  readonly models?: readonly string[];
  /** Text height (px) the pipeline enlarges lines to for this engine; `TARGET_HEIGHT` when absent. */
  readonly targetHeight?: number;
  /** What the engine reads with, for the self-test ("languages fr-FR, en-US"), when it can say. */
  detail?(): string | null;
  /** Starts the recognisers now rather than on the first read (optional). */
  warm?(): Promise<void>;
  /**
   * Resolves once the models of the recognisers `warm` starts are found
   * (never rejects: a start says what failed). From then on their starts
   * need this thread only for moments before loading on threads of their
   * own, so a caller about to hold the thread (loading modules) waits for
   * this first, and the starts are not held up behind it (optional).
   */
  modelsFound?(): Promise<void>;
  /**
   * With `warm`: resolves once its first recogniser is up, or failed to
   * start (never rejects), while the others may still be starting: a read
   * need wait for no start from then on (optional; else `warm`'s end).
   */
  oneUp?(): Promise<void>;
  /**
   * Whether a recogniser the engine started (by `warm`, or for a read) may
   * not be up yet. Each start is seen to end only when this thread's event
   * loop turns, and the next start waits for that: a caller about to hold
   * the thread for long lets the loop turn first (`turnLoop`), so that a
   * start that has ended is seen and the next one begins (optional; else
   * never).
   */
  starting?(): boolean;
  /**
   * The longest a read waited for its recogniser to start from `since`
   * (performance.now()) on, as the read timed it; 0 when none did
   * (optional; else the wait is timed from when the first was up).
   */
  startWait?(since: number): number;
  /** Stops workers and frees native objects. Safe to call twice. */
  close(): Promise<void>;
}

/** A targetable piece of text on screen: a label, a menu item, a shortcut. */
export interface Element {
  text: string;
  /** Box in screen pixels. */
  x: number;
  y: number;
  w: number;
  h: number;
  /** Centre in screen pixels. */
  cx: number;
  cy: number;
  /** Confidence, 0..1: its words' mean while a look's passes judge it, its least sure word's once reported (`leastSure`). */
  conf: number;
  /**
   * Its least sure word (with where it lies across the element, in screen
   * pixels), when that is less sure than the mean, and once
   * folded the element's confidence before (its words' mean, or what a pass
   * set): a look reports an element as sure as the least sure word still in its
   * text (`foldLeastSure` in group.ts), so that no misread word hides in a
   * phrase listed sure; a target contained in the text that does not cover
   * that word is judged by the mean (plan/resolve.ts). Dropped once folded
   * when a pass cut that word off.
   */
  leastSure?: { text: string; conf: number; x: number; w: number; mean?: number };
  /**
   * The segments of words this element joins across one-cell spaces of a
   * fixed-pitch font, each as the element it would be without that rule
   * (group.ts): a line of such text counts as those when the text's height
   * is judged (`asSegments`).
   */
  segments?: Element[];
  /** True for a named icon standing in as text (its name came from memory, not OCR). */
  icon?: boolean;
  /** True for an icon whose name only a memory pack gave: someone else's claim, never checked here. */
  packName?: boolean;
  /** The form control this text labels, drawn beside it, with its state (found in perceive/controls.ts). */
  control?: ElementControl;
}

/**
 * What kind of form control a text belongs to: a toggle beside its label, a toggle button round it
 * (an Athena Toggle, set when drawn in reverse), or a select holding its option.
 */
export type ControlKind = "checkbox" | "radio" | "switch" | "toggle" | "select" | "entry";

/** The state of a control that is on or off. */
export type ToggleState = "checked" | "unchecked" | "on" | "off";

/** A form control drawn beside its label: its kind, its state and its box in screen pixels. */
export interface ElementControl {
  kind: ControlKind;
  /** checked/unchecked for a checkbox or radio button, on/off for a switch, the option a select shows. */
  state: ToggleState | (string & Record<never, never>);
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The result of reading one region of the screen. */
export interface ScreenText {
  elements: Element[];
  /** The area covered by the single-character pass, if any. */
  charScan: Rect | null;
  /** Milliseconds per stage of the read (lines, diff, prepare, recognise, chars, group). */
  stages?: StageTimes;
  /** Milliseconds spent reading. */
  ms: number;
}
