/**
 * Reads an instrument's readout in the notation the plan wrote its target in,
 * for drags with until_readout: a playhead at "00:12:00", a slider at "50%",
 * a fader at "-6 dB", a field at "1250".
 *
 * The target value fixes the notation (see {@link notationOf}); every reading
 * is then parsed the same way, so the two numbers are comparable in the
 * target's own units (seconds for times, percentage points, decibels, or the
 * value's unit) and the tolerance is in those units too.
 *
 * Readings come from OCR, so they are taken as they come: with a label next
 * to them ("Volume: 45%"), with the unit dropped ("45"), with a Unicode minus,
 * with thousands separators of any locale, and with the letters OCR mistakes
 * for digits (O for 0, l or I for 1) inside something otherwise numeric.
 *
 * @module
 */

/** The families of notation a readout can be written in. */
export type ReadoutKind = "time" | "percent" | "decibel" | "number";

/** How a target value is written, which is how readings will be read. */
export interface Notation {
  kind: ReadoutKind;
  /** For numbers, the unit the value carries ("px", "hz", "°"), lowercased; null when bare. */
  unit: string | null;
  /** The decimal separator the value shows or implies ("1,250" implies "."); null when unknown. */
  decimal: "." | "," | null;
  /** For messages: "time (hh:mm:ss)", "percent", "number (hz)". */
  label: string;
}

/** A readout found in a text. */
export interface FoundReadout {
  /** In the notation's units: seconds, percent, decibels, or the value's unit. */
  value: number;
  /** The text it was read from, as it appeared (after OCR clean-up). */
  token: string;
}

/** Units a plain number may carry, with their scale within their family. */
const UNIT_SCALE: Record<string, { family: string; scale: number }> = {
  hz: { family: "frequency", scale: 1 },
  khz: { family: "frequency", scale: 1e3 },
  mhz: { family: "frequency", scale: 1e6 },
  ghz: { family: "frequency", scale: 1e9 },
  ms: { family: "duration", scale: 1e-3 },
  s: { family: "duration", scale: 1 },
  sec: { family: "duration", scale: 1 },
  "°": { family: "angle", scale: 1 },
  deg: { family: "angle", scale: 1 },
  x: { family: "zoom", scale: 1 },
  "×": { family: "zoom", scale: 1 },
  px: { family: "px", scale: 1 },
  pt: { family: "pt", scale: 1 },
  bpm: { family: "bpm", scale: 1 },
  fps: { family: "fps", scale: 1 },
};
/** Suffixes that make a number a percentage or a level rather than a plain number. */
const DECIBEL_UNITS = new Set(["db", "dbfs", "dbu", "dbv"]);
const PERCENT = "%";

// ---------------------------------------------------------------------------
// Public API

/**
 * Describes the notation a target value is written in, or null when the
 * value holds no readable number or time.
 */
export function notationOf(value: string): Notation | null {
  const text = cleanReading(value);
  const time = findTimes(text)[0];
  if (time) {
    const fields = time.fields === 3 ? "hh:mm:ss" : "mm:ss";
    return notation("time", null, null, `time (${fields}${time.fraction ? ".ms" : ""})`);
  }
  const token = scanNumbers(text, null).find((t) => !t.inTime);
  if (!token) return findInfiniteLevel(text) ? notation("decibel", null, null, "decibels") : null;
  const decimal = token.decimal ?? impliedDecimal(token.group);
  if (token.unit === PERCENT) return notation("percent", null, decimal, "percent");
  if (token.unit !== null && DECIBEL_UNITS.has(token.unit)) {
    return notation("decibel", null, decimal, "decibels");
  }
  const unit = token.unit;
  return notation("number", unit, decimal, unit ? `number (${unit})` : "number");
}

/**
 * Reads the value a readout shows, in the notation of `notation` (a
 * {@link Notation} or a value written in it, such as the target itself).
 * Returns null when nothing in the text fits.
 */
export function parseReadout(text: string, notation: Notation | string): number | null {
  return findReadout(text, notation)?.value ?? null;
}

/**
 * Finds the first token of `text` that fits the notation. A token with the
 * notation's own mark ("%", "dB", the unit) is preferred anywhere in the text
 * over a bare number; a bare number is accepted only when no marked one is
 * there, since OCR often drops a unit that is drawn apart from its digits.
 */
export function findReadout(text: string, notation: Notation | string): FoundReadout | null {
  const wanted = typeof notation === "string" ? notationOf(notation) : notation;
  if (!wanted) return null;
  const clean = cleanReading(text);
  if (wanted.kind === "time") {
    const time = findTimes(clean)[0];
    return time ? { value: time.seconds, token: time.token } : null;
  }
  const tokens = scanNumbers(clean, wanted.decimal).filter((t) => !t.inTime);
  if (wanted.kind === "decibel") {
    const infinite = findInfiniteLevel(clean);
    if (infinite && !tokens.some((t) => t.start < infinite.start && isDecibel(t))) {
      return { value: infinite.value, token: infinite.token };
    }
  }
  for (const token of tokens) {
    const value = markedValue(token, wanted);
    if (value !== null) return { value, token: token.text };
  }
  const bare = tokens.find((t) => t.unit === null) ??
    // A plain target ("1250") also accepts a reading that shows a unit ("1250 px").
    (wanted.kind === "number" && wanted.unit === null
      ? tokens.find((t) => t.unit !== PERCENT && !isDecibel(t))
      : undefined);
  return bare ? { value: bare.value, token: bare.text } : null;
}

/**
 * How far the reading is from the target, signed (reading − target), in the
 * target's units. Null when either cannot be read in that notation.
 */
export function readoutDelta(reading: string, target: string, notation?: Notation | string): number | null {
  const wanted = notation ?? target;
  const readingValue = parseReadout(reading, wanted);
  const targetValue = parseReadout(target, wanted);
  if (readingValue === null || targetValue === null) return null;
  if (readingValue === targetValue) return 0;
  return readingValue - targetValue;
}

/** How far the reading is from the target, in the target's units; null when unreadable. */
export function readoutDistance(
  reading: string,
  target: string,
  notation?: Notation | string,
): number | null {
  const delta = readoutDelta(reading, target, notation);
  return delta === null ? null : Math.abs(delta);
}

/**
 * True when `reading` is within `tolerance` of `target` (default 0: exact).
 * A sliver of slack absorbs binary fractions, so 0.1 + 0.2 counts as 0.3.
 */
export function withinTolerance(reading: number, target: number, tolerance = 0): boolean {
  if (Number.isNaN(reading) || Number.isNaN(target)) return false;
  if (reading === target) return true;
  const slack = 1e-9 * Math.max(1, Math.abs(target));
  return Math.abs(reading - target) <= Math.max(0, tolerance) + slack;
}

// ---------------------------------------------------------------------------
// Cleaning OCR text

/**
 * Unifies what looks alike: compatibility forms (NFKC turns no-break and
 * thin spaces into spaces), every dash that can stand for a minus, and digits
 * OCR read as letters.
 */
export function cleanReading(text: string): string {
  const unified = text.normalize("NFKC").replace(/[\u2212\u2012\u2013\uFE63\uFF0D]/g, "-");
  return unified.replace(/[\p{L}\p{N}|]+(?:[.,:][\p{L}\p{N}|]+)*/gu, fixDigitLookalikes);
}

/**
 * Reads O/o as 0 and l/I/| as 1 in a word that is otherwise numeric (a unit
 * at its end aside), so "1O%" is 10% while "Volume" and "I" stay words.
 */
function fixDigitLookalikes(word: string): string {
  const split = /^(.*?)(khz|mhz|ghz|hz|dbfs|db|px|pt|ms|sec|s|bpm|fps|deg|x)?$/i.exec(word);
  const core = split?.[1] ?? word;
  const unit = split?.[2] ?? "";
  if (!/[0-9]/.test(core) || /[^\d.,:OolI|]/.test(core)) return word;
  return core.replace(/[Oo]/g, "0").replace(/[lI|]/g, "1") + unit;
}

// ---------------------------------------------------------------------------
// Times

interface TimeToken {
  seconds: number;
  token: string;
  fields: 2 | 3;
  fraction: boolean;
}

/** mm:ss, hh:mm:ss, either with a fraction of a second; not part of a longer run of fields. */
const TIME = /(?<![\p{L}\p{N}:.,])([+-])?(\d{1,3}):(\d{1,2})(?::(\d{1,2}))?(?:[.,](\d+))?(?![\p{N}:])/gu;

function findTimes(text: string): TimeToken[] {
  const out: TimeToken[] = [];
  for (const m of text.matchAll(TIME)) {
    const [token, sign, first, second, third, fraction] = m;
    const fields = third === undefined ? 2 : 3;
    const [hours, minutes, seconds] = fields === 3 ? [first, second, third] : ["0", first, second];
    let total = Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
    if (fraction !== undefined) total += Number(`0.${fraction}`);
    out.push({ seconds: sign === "-" ? -total : total, token, fields, fraction: fraction !== undefined });
  }
  return out;
}

// ---------------------------------------------------------------------------
// Numbers

interface NumberToken {
  value: number;
  text: string;
  start: number;
  /** Lowercased known unit right after the number ("%", "db", "khz"), or null. */
  unit: string | null;
  /** The separator that acted as decimal point, and the one that grouped thousands. */
  decimal: "." | "," | null;
  group: string | null;
  /** True for the fields of a time ("12" in "12:30"), which are not numbers on their own. */
  inTime: boolean;
}

/** A run of digits split by single separators, possibly signed: "1 250,5", "-6", "1.250.000". */
const NUMERAL = /(?<![\p{L}\p{N}.,])([+-])?(\d+(?:[ ,.'\u2019]\d+)*)/gu;
/** What may directly follow a number as its unit (one optional space between). */
const UNIT_AFTER = /^ ?(%|°|×|[a-z]+)(?![a-z])/i;
const MINUS_INFINITY = /(?<![\p{L}\p{N}])-\s?(?:inf(?:inity)?|∞)(?:\s?(db[a-z]*))?/iu;

function scanNumbers(text: string, decimalHint: "." | "," | null): NumberToken[] {
  const out: NumberToken[] = [];
  const numerals = new RegExp(NUMERAL);
  for (let m = numerals.exec(text); m !== null; m = numerals.exec(text)) {
    const [, sign, run] = m;
    const start = m.index;
    const numeral = readNumeral(run, decimalHint);
    const digitsStart = start + (sign ? 1 : 0);
    const end = digitsStart + numeral.length;
    // The run may hold more than this number ("2024 100"): scan the rest again.
    numerals.lastIndex = end;
    const after = text.slice(end);
    const unitMatch = UNIT_AFTER.exec(after);
    const unitText = unitMatch?.[1].toLowerCase() ?? null;
    const unit = unitText !== null && isKnownUnit(unitText) ? unitText : null;
    // "12" in "12:30" is a time field, while "2" in "Track 2: 45" is a number before a label colon.
    const inTime = /^:\d/.test(after) || /\d:$/.test(text.slice(0, start));
    out.push({
      value: sign === "-" ? -numeral.value : numeral.value,
      text: text.slice(start, end + (unit !== null ? unitMatch![0].length : 0)),
      start,
      unit,
      decimal: numeral.decimal,
      group: numeral.group,
      inTime,
    });
  }
  return out;
}

interface Numeral {
  value: number;
  /** Characters of the run it used; the rest may be another number ("2024 100" is 2024, then 100). */
  length: number;
  decimal: "." | "," | null;
  group: string | null;
}

/**
 * Interprets a run of digit groups. Groups of exactly three digits after a
 * first group of one to three are thousands ("1,250", "1 250", "1.250.000");
 * a single "," or "." before three digits is ambiguous and settled by the
 * target's decimal separator, else "," groups and "." is a decimal point.
 * What is left over after a decimal part is not part of this number.
 */
function readNumeral(run: string, decimalHint: "." | "," | null): Numeral {
  const parts = run.split(/([ ,.'\u2019])/);
  const first = parts[0];
  const rest: { sep: string; digits: string }[] = [];
  for (let i = 1; i < parts.length; i += 2) rest.push({ sep: parts[i], digits: parts[i + 1] });

  let groups = 0;
  let group: string | null = null;
  if (first.length <= 3) {
    while (
      groups < rest.length && rest[groups].digits.length === 3 &&
      (group ?? rest[groups].sep) === rest[groups].sep
    ) {
      group ??= rest[groups].sep;
      groups++;
    }
  }
  if (groups === 1 && (group === "." || group === ",")) {
    const followedByOtherDecimal = rest[1] !== undefined && isDecimalSep(rest[1].sep) &&
      rest[1].sep !== group;
    const looksDecimal = group === decimalHint || (group === "." && decimalHint !== ",");
    if (looksDecimal && !followedByOtherDecimal) return decimalNumeral(first, rest[0], group);
  }
  let digits = first;
  let length = first.length;
  for (let i = 0; i < groups; i++) {
    digits += rest[i].digits;
    length += 1 + rest[i].digits.length;
  }
  const next = rest[groups];
  if (next && isDecimalSep(next.sep) && next.sep !== group) {
    return {
      value: Number(`${digits}.${next.digits}`),
      length: length + 1 + next.digits.length,
      decimal: next.sep as "." | ",",
      group: groups > 0 ? group : null,
    };
  }
  return { value: Number(digits), length, decimal: null, group: groups > 0 ? group : null };
}

function decimalNumeral(whole: string, part: { sep: string; digits: string }, sep: "." | ","): Numeral {
  return {
    value: Number(`${whole}.${part.digits}`),
    length: whole.length + 1 + part.digits.length,
    decimal: sep,
    group: null,
  };
}

function isDecimalSep(sep: string): sep is "." | "," {
  return sep === "." || sep === ",";
}

/** A value grouped with "," uses "." for decimals, and the other way round. */
function impliedDecimal(group: string | null): "." | "," | null {
  if (group === ",") return ".";
  if (group === ".") return ",";
  return null;
}

function isKnownUnit(unit: string): boolean {
  return unit === PERCENT || DECIBEL_UNITS.has(unit) || unit in UNIT_SCALE;
}

function isDecibel(token: NumberToken): boolean {
  return token.unit !== null && DECIBEL_UNITS.has(token.unit);
}

/** A fader at the bottom shows "-inf dB" or "-∞". */
function findInfiniteLevel(text: string): FoundReadout & { start: number } | null {
  const m = MINUS_INFINITY.exec(text);
  return m ? { value: -Infinity, token: m[0], start: m.index } : null;
}

/**
 * The token's value when it carries the notation's own mark: "%" for
 * percent, a dB unit for levels, and for numbers the value's unit (converted
 * within its family, so 1.2 kHz reads as 1200 against "1200 Hz") or no unit.
 */
function markedValue(token: NumberToken, wanted: Notation): number | null {
  switch (wanted.kind) {
    case "percent":
      return token.unit === PERCENT ? token.value : null;
    case "decibel":
      return isDecibel(token) ? token.value : null;
    case "number": {
      if (wanted.unit === null) return token.unit === null ? token.value : null;
      if (token.unit === null) return null;
      const target = UNIT_SCALE[wanted.unit];
      const found = UNIT_SCALE[token.unit];
      if (!target || !found) return token.unit === wanted.unit ? token.value : null;
      if (target.family !== found.family) return null;
      return (token.value * found.scale) / target.scale;
    }
    default:
      return null;
  }
}

function notation(
  kind: ReadoutKind,
  unit: string | null,
  decimal: "." | "," | null,
  label: string,
): Notation {
  return { kind, unit, decimal, label };
}
