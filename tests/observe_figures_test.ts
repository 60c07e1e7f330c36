/**
 * bench:observe's table: each figure's median against the tuned CLI's
 * median on the same screens, the rounds' own ratios, the client's own
 * share and the ratio without it, and the engine waits.
 */

import { assertEquals } from "./support/assert.ts";
import { type Figure, figureRows, median, type Sample } from "../bench/observe_figures.ts";

const sample = (
  ms: number,
  cliMs: number,
  engineWaitMs: number | null = 0,
  stages = "",
  clientMs = 0,
): Sample => ({ ms, cliMs, clientMs, engineWaitMs, stages });

Deno.test("the table has a row per figure timed, in the figures' order, with ratios to the CLI", () => {
  const samples = new Map<Figure, Sample[]>([
    ["page", [sample(100, 400), sample(120, 400), sample(80, 500)]],
    ["cold", [sample(800, 400, 300, "wait 200 · lines 30", 60), sample(900, 450, null, "wait 100", 90)]],
    ["editor", []],
  ]);
  const rows = figureRows(samples, true);
  assertEquals(rows.length, 5);
  assertEquals(rows[0].startsWith("figure"), true);
  // Cold comes before page change; the never-seen screens were not timed.
  assertEquals(rows[1].startsWith("cold first call"), true);
  assertEquals(rows[2].startsWith("page change"), true);
  // Medians 900 / 450 = 2.00x; the rounds' ratios 2.00 both; the client's own share (median, the
  // upper of two) 90 ms, and without it (740, 810) 810 / 450 = 1.80x; one of two looks waited, 300 ms.
  assertEquals(rows[1].split(/\s{2,}/).slice(1), [
    "900 ms",
    "450 ms",
    "2.00x",
    "2.00-2.00x",
    "90 ms",
    "1.80x",
    "1/2, med 300 ms",
  ]);
  assertEquals(rows[2].split(/\s{2,}/).slice(1), [
    "100 ms",
    "400 ms",
    "0.25x",
    "0.16-0.30x",
    "0 ms",
    "0.25x",
    "none",
  ]);
  assertEquals(rows[3], "  cold stages ms (med): wait 200 · lines 30");
});

Deno.test("each figure's CPU work is printed against the CLI's, after the rows and before the stages", () => {
  const cpu = (server: number, client: number, cli: number) => ({ server, client, cli });
  const samples = new Map<Figure, Sample[]>([
    ["editor", [{ ...sample(300, 500), cpu: cpu(400, 100, 450) }, {
      ...sample(320, 500),
      cpu: cpu(500, 60, 480),
    }]],
    ["prose", [sample(400, 500)]],
  ]);
  const rows = figureRows(samples, true);
  // Medians (the upper of two): server 500, client 100, CLI 480; choto's own (500, 560) median 560 / 480.
  assertEquals(rows[3], "  editor CPU ms (med): server 500 · client 100 · CLI 480 · choto/CLI 1.17x");
  // A figure timed without CPU figures has no CPU line; the stage lines follow.
  assertEquals(rows.length, 6);
  assertEquals(rows[4].startsWith("  editor stages"), true);
});

Deno.test("the median of an even count is the upper one", () => {
  assertEquals(median([4, 1, 3, 2]), 3);
  assertEquals(median([2]), 2);
  assertEquals(Number.isNaN(median([])), true);
});
