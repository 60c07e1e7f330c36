import { assert, assertEquals } from "./support/assert.ts";
import {
  cleanReading,
  findReadout,
  notationOf,
  parseReadout,
  readoutDelta,
  readoutDistance,
  withinTolerance,
} from "../src/plan/actions/drag/readout.ts";

// ---------------------------------------------------------------------------
// notationOf

Deno.test("notationOf: the target value fixes kind, unit and decimal separator", () => {
  assertEquals(notationOf("00:12:00"), { kind: "time", unit: null, decimal: null, label: "time (hh:mm:ss)" });
  assertEquals(notationOf("3:45")?.label, "time (mm:ss)");
  assertEquals(notationOf("00:01:02.500")?.label, "time (hh:mm:ss.ms)");
  assertEquals(notationOf("50%"), { kind: "percent", unit: null, decimal: null, label: "percent" });
  assertEquals(notationOf("-6 dB")?.kind, "decibel");
  assertEquals(notationOf("+3.5dBFS")?.kind, "decibel");
  assertEquals(notationOf("1250"), { kind: "number", unit: null, decimal: null, label: "number" });
  assertEquals(notationOf("440 Hz"), { kind: "number", unit: "hz", decimal: null, label: "number (hz)" });
  assertEquals(notationOf("90°")?.unit, "°");
  assertEquals(notationOf("0,75")?.decimal, ",");
  assertEquals(notationOf("1,250")?.decimal, ".", "grouping with ',' implies a decimal point");
  assertEquals(notationOf("1.250,5")?.decimal, ",");
});

Deno.test("notationOf: a value with no number or time in it has no notation", () => {
  assertEquals(notationOf("loud"), null);
  assertEquals(notationOf("-inf dB")?.kind, "decibel");
  assertEquals(notationOf(""), null);
  assertEquals(parseReadout("50%", "loud"), null);
});

// ---------------------------------------------------------------------------
// parseReadout: times

Deno.test("parseReadout: times become seconds", () => {
  assertEquals(parseReadout("00:12:00", "00:00:00"), 720);
  assertEquals(parseReadout("1:02:03", "00:00:00"), 3723);
  assertEquals(parseReadout("12:30", "00:00"), 750);
  assertEquals(parseReadout("00:01:02.5", "00:00:00"), 62.5);
  assertEquals(parseReadout("00:01:02,250", "00:00:00"), 62.25);
  assertEquals(parseReadout("-03:21", "00:00"), -201);
});

Deno.test("parseReadout: a time is found next to labels and a total duration, first one wins", () => {
  assertEquals(parseReadout("Position 00:12:03 / 01:00:00", "00:12:00"), 723);
  assertEquals(parseReadout("Track 2: 03:10", "00:00"), 190);
  assertEquals(parseReadout("no time here 12", "00:00"), null);
  // A timecode with frames is not hh:mm:ss.
  assertEquals(parseReadout("00:12:00:05", "00:12:00"), null);
});

// ---------------------------------------------------------------------------
// parseReadout: percent, decibels, numbers

Deno.test("parseReadout: percentages, with or without the sign drawn next to them", () => {
  assertEquals(parseReadout("50%", "50%"), 50);
  assertEquals(parseReadout("Volume: 45 %", "50%"), 45);
  assertEquals(parseReadout("45", "50%"), 45);
  assertEquals(parseReadout("12.5%", "50%"), 12.5);
  // A marked token is preferred to an earlier bare one.
  assertEquals(parseReadout("Channel 2 at 80%", "50%"), 80);
  assertEquals(parseReadout("Left 20% Right 80%", "50%"), 20);
  assertEquals(parseReadout("-6 dB", "50%"), null);
});

Deno.test("parseReadout: decibels, any minus sign, and the bottom of a fader", () => {
  assertEquals(parseReadout("-6 dB", "-6 dB"), -6);
  assertEquals(parseReadout("+3.5dB", "-6 dB"), 3.5);
  assertEquals(parseReadout("\u22126 dB", "-6 dB"), -6);
  assertEquals(parseReadout("\u20134.5 dB", "-6 dB"), -4.5);
  assertEquals(parseReadout("Gain -12.0 dBFS", "-6 dB"), -12);
  assertEquals(parseReadout("-inf dB", "-6 dB"), -Infinity);
  assertEquals(parseReadout("Master \u2212\u221E", "-6 dB"), -Infinity);
  assertEquals(parseReadout("-8", "-6 dB"), -8);
});

Deno.test("parseReadout: numbers with thousands separators of any locale", () => {
  assertEquals(parseReadout("1,250", "1250"), 1250);
  assertEquals(parseReadout("1 250", "1250"), 1250);
  assertEquals(parseReadout("1\u202F250", "1250"), 1250);
  assertEquals(parseReadout("1\u00A0250", "1250"), 1250);
  assertEquals(parseReadout("1'250", "1250"), 1250);
  assertEquals(parseReadout("12,345,678", "1"), 12345678);
  assertEquals(parseReadout("1,250.75", "1"), 1250.75);
  assertEquals(parseReadout("1.250,75", "1"), 1250.75);
  assertEquals(parseReadout("2024 100", "1"), 2024, "a long first group is not thousands");
});

Deno.test("parseReadout: a lone separator before three digits is settled by the target's notation", () => {
  assertEquals(parseReadout("1.250", "1,250"), 1.25, "target groups with ',' so '.' is a decimal point");
  assertEquals(parseReadout("1.250", "1.000,5"), 1250, "target uses a decimal comma so '.' groups");
  assertEquals(parseReadout("1,250", "0,5"), 1.25, "target uses a decimal comma");
  assertEquals(parseReadout("1,250", "1250"), 1250);
  assertEquals(parseReadout("0,5", "0,75"), 0.5);
  assertEquals(parseReadout("12,75", "1.5"), 12.75);
});

Deno.test("parseReadout: units are read and converted within their family", () => {
  assertEquals(parseReadout("1.2 kHz", "1200 Hz"), 1200);
  assertEquals(parseReadout("440Hz", "1 kHz"), 0.44);
  assertEquals(parseReadout("250 ms", "1 s"), 0.25);
  assertEquals(parseReadout("Width: 320px", "300 px"), 320);
  assertEquals(parseReadout("45°", "90°"), 45);
  assertEquals(parseReadout("Angle 45 °", "90°"), 45);
  assertEquals(parseReadout("1.5x", "2x"), 1.5);
  // A unit from another family does not fit; a bare number does.
  assertEquals(parseReadout("45 px", "440 Hz"), null);
  assertEquals(parseReadout("440", "440 Hz"), 440);
  // A bare target accepts a reading that shows a unit, but not a percentage.
  assertEquals(parseReadout("1250 px", "1250"), 1250);
  assertEquals(parseReadout("Zoom 80%", "1250"), null);
});

Deno.test("parseReadout: OCR look-alikes are digits only inside something numeric", () => {
  assertEquals(parseReadout("1O%", "50%"), 10);
  assertEquals(parseReadout("l00%", "50%"), 100);
  assertEquals(parseReadout("0O:l2:0O", "00:00:00"), 720);
  assertEquals(parseReadout("-1OdB", "-6 dB"), -10);
  // With no real digit there is nothing numeric to correct: "lO" stays letters.
  assertEquals(parseReadout("-lOdB", "-6 dB"), null);
  assertEquals(parseReadout("Volume: 45%", "50%"), 45, "'Volume' is not read as digits");
  assertEquals(parseReadout("I", "1250"), null);
  assertEquals(parseReadout("Loud", "1250"), null);
  assertEquals(cleanReading("Volume lO 1O l5"), "Volume lO 10 15");
  assertEquals(cleanReading("Oil"), "Oil");
});

Deno.test("findReadout: reports the token it read", () => {
  assertEquals(findReadout("Level: -6 dB (peak -1)", "-6 dB"), { value: -6, token: "-6 dB" });
  assertEquals(findReadout("at 00:12:00 now", "00:00:00"), { value: 720, token: "00:12:00" });
  assertEquals(findReadout("nothing", "50%"), null);
  assertEquals(findReadout("Fader -inf dB", "-6 dB"), { value: -Infinity, token: "-inf dB" });
  const notation = notationOf("50%")!;
  assertEquals(findReadout("Opacity 75%", notation)?.value, 75);
});

Deno.test("parseReadout: a number is not taken from inside a word or a range's end as a sign", () => {
  assertEquals(parseReadout("Range 0-100", "1"), 0);
  assertEquals(parseReadout("mp3 128 kbps", "128"), 128);
});

// ---------------------------------------------------------------------------
// distance and tolerance

Deno.test("readoutDelta / readoutDistance: in the target's own units", () => {
  assertEquals(readoutDelta("00:11:30", "00:12:00"), -30);
  assertEquals(readoutDistance("00:11:30", "00:12:00"), 30);
  assertEquals(readoutDelta("55%", "50%"), 5);
  assertEquals(readoutDistance("-9 dB", "-6 dB"), 3);
  assertEquals(readoutDistance("1,300", "1250"), 50);
  assertEquals(readoutDelta("1.1 kHz", "1000 Hz"), 100);
  assertEquals(readoutDistance("-inf dB", "-inf dB"), 0);
  assertEquals(readoutDistance("???", "50%"), null);
  assertEquals(readoutDistance("50%", "whatever"), null);
  // An explicit notation wins over the target's look.
  assertEquals(readoutDistance("1.250", "1.000", "1.000,5"), 250);
  assertEquals(readoutDistance("1.250", "1.000"), 0.25);
});

Deno.test("withinTolerance: exact by default, in units otherwise, robust to binary fractions", () => {
  assert(withinTolerance(50, 50));
  assert(!withinTolerance(50.5, 50));
  assert(withinTolerance(50.5, 50, 0.5));
  assert(withinTolerance(49.5, 50, 0.5));
  assert(!withinTolerance(49.4, 50, 0.5));
  assert(withinTolerance(0.1 + 0.2, 0.3));
  assert(withinTolerance(-Infinity, -Infinity));
  assert(!withinTolerance(-Infinity, -6, 100));
  assert(!withinTolerance(Number.NaN, 1, 10));
  assert(!withinTolerance(5, 4, -3), "a negative tolerance is treated as 0");
});

Deno.test("end to end: a playhead drag reads, compares, and stops within tolerance", () => {
  const target = "00:12:00";
  const readings = ["00:09:40", "00:11:58", "00:12:01"];
  const verdicts = readings.map((r) =>
    withinTolerance(parseReadout(r, target)!, parseReadout(target, target)!, 2)
  );
  assertEquals(verdicts, [false, true, true]);
});
