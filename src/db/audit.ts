/**
 * The audit log: the one place that writes what choto did with the user's
 * hands, what it asked the user and what it refused. Rows go to the
 * database; `choto audit` prints them.
 *
 * @module
 */

import { createHash } from "node:crypto";
import { escapeScreenText } from "../common/untrusted.ts";
import type { Store } from "./store.ts";

/** One thing worth auditing, as the code that saw it knows it. */
export interface AuditEvent {
  kind: "input" | "confirm" | "refusal" | "note";
  action: string;
  app?: string | null;
  window?: string | null;
  target?: string | null;
  x?: number | null;
  y?: number | null;
  /** Typed text: stored as its length and hash unless the policy keeps text. */
  typed?: string | null;
  outcome?: string | null;
}

/** A row of the log. */
export interface AuditRow {
  id: number;
  at: number;
  kind: string;
  call_id: string | null;
  tool: string | null;
  app: string | null;
  window: string | null;
  action: string;
  target: string | null;
  x: number | null;
  y: number | null;
  text_length: number | null;
  text_sha256: string | null;
  text: string | null;
  outcome: string | null;
}

/** Most rows the log keeps, whatever their age. */
export const MAX_AUDIT_ROWS = 50_000;
/** Most bytes of text the log keeps (each row counted with a fixed share besides its texts). */
export const MAX_AUDIT_BYTES = 16 * 1024 * 1024;
/** A trim leaves the log this share of its bounds, so the next trim is a while away. */
const TRIM_TO = 0.9;

/** The bytes a row is counted as: its texts in UTF-8 and a fixed share, as `audit_size` in SQL counts them. */
function rowBytes(row: Record<string, unknown>): number {
  let n = 64;
  for (
    const k of ["call_id", "tool", "app", "window", "action", "target", "text_sha256", "text", "outcome"]
  ) {
    const v = row[k];
    if (typeof v === "string") n += ENCODER.encode(v).length;
  }
  return n;
}
const ENCODER = new TextEncoder();

/** Writes audit rows, tagged with the tool call that caused them. */
export class AuditLog {
  #call: { tool: string; id: string } | null = null;
  #target: string | null = null;
  /** Rows and bytes in the log, counted once and then kept up as rows are written. */
  #size: { n: number; bytes: number } | null = null;

  constructor(
    private readonly store: Store,
    private readonly opts: {
      keepText: boolean;
      retentionDays: number;
      now: () => number;
      maxRows?: number;
      maxBytes?: number;
    },
  ) {}

  /** Tags the rows that follow with a tool call (the server calls this as a call starts). */
  begin(tool: string, callId: string): void {
    this.#call = { tool, id: callId };
    this.#target = null;
  }

  /** Names what the next input aims at (a step's target text), until the next input. */
  aimAt(target: string | null): void {
    this.#target = target;
  }

  /**
   * Writes one row. Never throws: a full disk must not stop the user's hands
   * mid-step. Names and texts are escaped on the way in (a title or a
   * model's app name with a newline or a bidi override cannot forge a row);
   * typed text kept by the policy is stored as typed.
   */
  record(e: AuditEvent): void {
    const typed = e.typed ?? null;
    const safe = (
      s: string | null | undefined,
    ) => (s === null || s === undefined ? null : escapeScreenText(s));
    try {
      const row = {
        at: this.opts.now(),
        kind: e.kind,
        call_id: this.#call?.id ?? null,
        tool: this.#call?.tool ?? null,
        app: safe(e.app),
        window: safe(e.window),
        action: escapeScreenText(e.action),
        target: safe(e.target ?? this.#target),
        x: e.x ?? null,
        y: e.y ?? null,
        text_length: typed === null ? null : [...typed].length,
        text_sha256: typed === null ? null : createHash("sha256").update(typed).digest("hex"),
        text: typed !== null && this.opts.keepText ? typed : null,
        outcome: safe(e.outcome),
      };
      this.store.write("audit_insert", row, `the audit row for ${e.kind} "${e.action}"`);
      this.#grew(rowBytes(row));
    } catch (err) {
      console.error(`choto: could not write the audit log: ${(err as Error).message}`);
    }
    if (e.kind === "input") this.#target = null;
  }

  /** Deletes rows older than the retention, then the oldest past the size bounds; the number deleted. */
  prune(): number {
    const before = this.opts.now() - this.opts.retentionDays * 86_400_000;
    const aged = this.store.write("audit_prune", { before }, "the pruning of the audit log");
    this.#size = null;
    return aged + this.#trim();
  }

  /** Counts a row just written; past either bound, drops the oldest rows and says so in a row of its own. */
  #grew(bytes: number): void {
    const size = this.#size ??= this.store.get<{ n: number; bytes: number }>("audit_size")!;
    size.n += 1;
    size.bytes += bytes;
    if (size.n > this.#maxRows || size.bytes > this.#maxBytes) this.#trim();
  }

  get #maxRows(): number {
    return this.opts.maxRows ?? MAX_AUDIT_ROWS;
  }

  get #maxBytes(): number {
    return this.opts.maxBytes ?? MAX_AUDIT_BYTES;
  }

  /** Drops the oldest rows down to a share of the bounds and notes it; the rows dropped. */
  #trim(): number {
    const size = this.store.get<{ n: number; bytes: number }>("audit_size")!;
    this.#size = size;
    if (size.n <= this.#maxRows && size.bytes <= this.#maxBytes) return 0;
    const cut = this.store.get<{ id: number | null }>("audit_cut", {
      keep_rows: Math.floor(this.#maxRows * TRIM_TO) - 1,
      keep_bytes: Math.floor(this.#maxBytes * TRIM_TO) - 512,
    })?.id ?? null;
    if (cut === null) return 0;
    const dropped = this.store.write("audit_drop_through", { id: cut }, "the trim of the audit log");
    this.#size = null;
    const note = {
      at: this.opts.now(),
      kind: "note",
      call_id: null,
      tool: null,
      app: null,
      window: null,
      action: "trim",
      target: null,
      x: null,
      y: null,
      text_length: null,
      text_sha256: null,
      text: null,
      outcome: `dropped the ${dropped} oldest row(s) to keep the log within ${this.#maxRows} rows and ` +
        `${this.#maxBytes} bytes`,
    };
    this.store.write("audit_insert", note, "the audit row for the trim");
    return dropped;
  }
}

/** The log from `since` (ms since the epoch) on, oldest first. */
export function auditSince(store: Store, since: number): AuditRow[] {
  return store.all<AuditRow>("audit_since", { since });
}

/**
 * A row with every text escaped again on the way out, so a row written by an
 * older version or another program cannot put a raw newline, control
 * character or bidi override on the user's terminal.
 */
export function escapedRow(r: AuditRow): AuditRow {
  const out = { ...r } as Record<string, unknown>;
  for (const [k, v] of Object.entries(out)) if (typeof v === "string") out[k] = escapeScreenText(v);
  return out as unknown as AuditRow;
}

/** One row as a line of `choto audit`, every text escaped. */
export function auditLine(row: AuditRow): string {
  const r = escapedRow(row);
  // Escaped already: quoting as JSON would double every backslash of an escape.
  const q = (s: string) => `"${s}"`;
  const when = new Date(r.at).toISOString().replace("T", " ").slice(0, 19) + "Z";
  const call = r.tool ? `${r.tool}${r.call_id ? ` #${r.call_id}` : ""}` : "-";
  const parts = [when, call, r.kind, r.action];
  if (r.target !== null) parts.push(q(r.target));
  if (r.x !== null && r.y !== null) parts.push(`@ (${r.x},${r.y})`);
  if (r.text_length !== null) {
    parts.push(
      r.text !== null ? `text ${q(r.text)}` : `${r.text_length} chars sha256 ${r.text_sha256?.slice(0, 16)}`,
    );
  }
  if (r.app !== null) parts.push(`in ${q(r.app)}`);
  if (r.window !== null) parts.push(`window ${q(r.window)}`);
  if (r.outcome !== null) parts.push(`-> ${r.outcome}`);
  return parts.join("  ");
}

/** Parses `--since`: a number and a unit (s, m, h, d), e.g. 90m, 1h, 7d; ms, or null when malformed. */
export function parseSince(text: string): number | null {
  const m = /^(\d+)\s*([smhd])$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as "s" | "m" | "h" | "d"];
}
