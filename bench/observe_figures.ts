/**
 * bench:observe's figures and its table: each figure's median observe time,
 * the median of the tuned CLI timed on the same screens right after, and
 * their ratio, with the range of the rounds' own ratios; then the client's
 * own share of that time (compiling the output schema's validator on its
 * first call of observe, and checking the reply with it) and the ratio
 * without it; then each figure's CPU work against the CLI's.
 *
 * @module
 */

/** The figures bench:observe times, in the order it prints them. */
export const FIGURES = [
  { key: "editor", label: "never-seen editor screen" },
  { key: "prose", label: "never-seen prose screen" },
  { key: "cold", label: "cold first call (after initialize)" },
  { key: "page", label: "page change" },
  { key: "typed", label: "after one typed character" },
  { key: "pause", label: "page change after pauses" },
] as const;

/** One figure's key. */
export type Figure = typeof FIGURES[number]["key"];

/** One round of a figure: the observe and the tuned CLI on the same screen. */
export interface Sample {
  ms: number;
  cliMs: number;
  /**
   * The client's own time in `ms`: compiling observe's output-schema
   * validator (its first call only) and checking the reply against it.
   */
  clientMs: number;
  /** How long the observe waited for the OCR engine to start, when it did. */
  engineWaitMs: number | null;
  /** The server's stage line of that observe. */
  stages: string;
  /** CPU milliseconds (user and system) of the server's process, of the client's, and of the tuned CLI's. */
  cpu?: { server: number; client: number; cli: number };
}

/** The median (the upper one of an even count). */
export function median(v: readonly number[]): number {
  return [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? NaN;
}

/** Parses `capture 12 · lines 30 · ...`. */
function parseStages(line: string): Record<string, number> {
  return Object.fromEntries(
    line.split(" · ").filter(Boolean).map((p) => {
      const [k, v] = p.split(" ");
      return [k, Number(v)];
    }),
  );
}

/** Median of each stage over several looks, as one line. */
export function stageMedians(lines: readonly string[]): string {
  const all = lines.map(parseStages);
  const keys = [...new Set(all.flatMap((s) => Object.keys(s)))];
  return keys.map((k) => `${k} ${median(all.map((s) => s[k] ?? 0)).toFixed(0)}`).join(" · ");
}

/**
 * The table: a header and one row per figure that has samples, then each
 * figure's CPU work (the medians of the server's, the client's and the
 * CLI's, and the ratio of choto's, server and client, to the CLI's), then
 * (with `stages`) each figure's median stages.
 */
export function figureRows(samples: ReadonlyMap<Figure, readonly Sample[]>, stages = false): string[] {
  const head = `${"figure".padEnd(36)} ${"choto".padStart(7)} ${"CLI".padStart(7)} ${"ratio".padStart(6)}  ${
    "rounds' ratios".padEnd(12)
  }  ${"client".padStart(6)}  ${"less client".padEnd(11)}  engine wait`;
  const rows = [head];
  const work: string[] = [];
  const extra: string[] = [];
  for (const f of FIGURES) {
    const s = samples.get(f.key) ?? [];
    if (!s.length) continue;
    const ms = median(s.map((x) => x.ms));
    const cli = median(s.map((x) => x.cliMs));
    const each = s.map((x) => x.ms / x.cliMs);
    const client = median(s.map((x) => x.clientMs));
    const served = median(s.map((x) => x.ms - x.clientMs));
    const waits = s.map((x) => x.engineWaitMs).filter((w): w is number => w !== null && w > 0);
    const wait = waits.length ? `${waits.length}/${s.length}, med ${median(waits).toFixed(0)} ms` : "none";
    rows.push(
      `${f.label.padEnd(36)} ${ms.toFixed(0).padStart(4)} ms ${cli.toFixed(0).padStart(4)} ms ${
        (ms / cli).toFixed(2).padStart(5)
      }x  ${`${Math.min(...each).toFixed(2)}-${Math.max(...each).toFixed(2)}x`.padEnd(12)}  ${
        client.toFixed(0).padStart(3)
      } ms  ${`${(served / cli).toFixed(2)}x`.padEnd(11)}  ${wait}`,
    );
    const cpu = s.flatMap((x) => (x.cpu ? [x.cpu] : []));
    if (cpu.length) {
      const [server, client, cli] = [
        median(cpu.map((c) => c.server)),
        median(cpu.map((c) => c.client)),
        median(cpu.map((c) => c.cli)),
      ];
      const ours = median(cpu.map((c) => c.server + c.client));
      work.push(
        `  ${f.key} CPU ms (med): server ${server.toFixed(0)} · client ${client.toFixed(0)} · CLI ${
          cli.toFixed(0)
        } · choto/CLI ${(ours / cli).toFixed(2)}x`,
      );
    }
    if (stages) extra.push(`  ${f.key} stages ms (med): ${stageMedians(s.map((x) => x.stages))}`);
  }
  return [...rows, ...work, ...extra];
}
