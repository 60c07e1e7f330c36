/**
 * The envelope of a memory pack: a text file whose first line is a JSON
 * header (what it is, its format version, which choto wrote it and when, the
 * content's length in bytes and SHA-256) and whose rest is the content, one
 * JSON document. Text, so a person can read what a pack would share before
 * sharing it.
 *
 * Reading refuses, before anything is imported: a file that is no pack; a
 * pack of a newer format than this choto reads; a pack shorter or longer than
 * its header says (cut off in a copy); a pack whose content does not hash to
 * its header's checksum (damaged or edited by hand); content that does not
 * have the format's shape. The checksum catches damage and edits, not a
 * forger, who can recompute it: share packs the way code is shared.
 *
 * @module
 */

import { createHash } from "node:crypto";
import { escapeScreenText } from "../../common/untrusted.ts";
import { PACK_ROWS, type PackBody, packBodySchema } from "./body.ts";

/** What the header's `format` says. */
export const PACK_FORMAT = "choto-memory-pack";
/** The newest pack format this choto writes and reads. */
export const PACK_VERSION = 1;

/** The first line of a pack. */
export interface PackHeader {
  format: typeof PACK_FORMAT;
  version: number;
  /** The choto version that wrote it. */
  choto: string;
  /** When it was written (ISO). */
  created: string;
  /** The content's length in UTF-8 bytes. */
  bytes: number;
  /** The content's SHA-256, hex. */
  sha256: string;
  /**
   * How many rows of each kind the content holds, so a pack with more than an
   * import takes is refused before its content is read (a pack written before
   * headers counted rows has none: its rows are counted once it is read).
   */
  rows?: PackRows;
}

/** The top-level row kinds a header counts. */
const ROW_KINDS = ["apps", "windows", "glyphs", "transitions", "clicks", "recipes"] as const;

/** Rows of each kind a pack holds. */
export type PackRows = Record<typeof ROW_KINDS[number], number>;

/** The rows `body` holds, as its header declares them. */
function rowsOf(body: PackBody): PackRows {
  return Object.fromEntries(ROW_KINDS.map((k) => [k, body[k]?.length ?? 0])) as PackRows;
}

/** Why declared row counts are refused, or null: a count that is no count, or more than an import takes. */
function rowsProblem(rows: unknown): string | null {
  if (typeof rows !== "object" || rows === null) {
    return "the pack's header counts its rows in no readable form.";
  }
  for (const k of ROW_KINDS) {
    const n = (rows as Record<string, unknown>)[k];
    if (typeof n !== "number" || !Number.isSafeInteger(n) || n < 0) {
      return `the pack's header gives no valid count of its ${k}.`;
    }
    if (n > PACK_ROWS[k]) {
      return `the pack's header says it holds ${n} ${k}, more than the ${PACK_ROWS[k]} one import takes.`;
    }
  }
  return null;
}

/** Why a pack was refused. */
export type PackProblem =
  | "not_a_pack"
  | "newer"
  | "truncated"
  | "checksum"
  | "shape"
  | "too_big"
  | "duplicate"
  | "seen";

/** A pack read, or why not (with a sentence saying what to do). */
export type DecodedPack =
  | { ok: true; header: PackHeader; body: PackBody }
  | { ok: false; problem: PackProblem; text: string };

function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Writes a pack: the header line, then the content. */
export function encodePack(body: PackBody, choto: string, now: number): string {
  const content = JSON.stringify(body);
  const bytes = new TextEncoder().encode(content);
  const header: PackHeader = {
    format: PACK_FORMAT,
    version: PACK_VERSION,
    choto,
    created: new Date(now).toISOString(),
    bytes: bytes.length,
    sha256: sha256(bytes),
    rows: rowsOf(body),
  };
  return `${JSON.stringify(header)}\n${content}\n`;
}

const NOTHING = "Nothing was imported.";

/** The longest header line read: a first line longer than this is no pack's header. */
export const MAX_HEADER_BYTES = 4_096;

/** A header read, or why the pack is refused. */
export type ReadHeader = { ok: true; header: PackHeader } | { ok: false; problem: PackProblem; text: string };

/**
 * Reads a pack's first line (`complete`: false when the data ended before
 * a newline) and refuses, before any content is read, a pack that is none,
 * newer, or whose header declares more content than `maxBytes`.
 */
export function readHeader(
  headText: string,
  complete: boolean,
  chotoVersion: string,
  maxBytes: number,
): ReadHeader {
  let header: Partial<PackHeader> | null = null;
  try {
    const parsed = JSON.parse(headText);
    if (parsed && typeof parsed === "object" && parsed.format === PACK_FORMAT) header = parsed;
  } catch {
    header = null;
  }
  if (!header) {
    if (!complete && headText.startsWith(`{"format":"${PACK_FORMAT}"`)) {
      return refuse("truncated", `the pack ends inside its header: it was cut off in a copy. Copy it again.`);
    }
    return refuse(
      "not_a_pack",
      `this is not a choto memory pack (its first line should be a header naming "${PACK_FORMAT}"); make one with \`choto memory export\`.`,
    );
  }
  const version = Number(header.version);
  if (!Number.isInteger(version) || version < 1) {
    return refuse(
      "shape",
      `the pack's header has no valid format version (got ${
        escapeScreenText(String(JSON.stringify(header.version)).slice(0, 40))
      }).`,
    );
  }
  if (version > PACK_VERSION) {
    return refuse(
      "newer",
      `the pack is format ${version}, written by choto ${
        typeof header.choto === "string" ? escapeScreenText(header.choto.slice(0, 40)) : "(unknown)"
      }; this choto (${chotoVersion}) reads formats up to ${PACK_VERSION}. Upgrade choto here, or export the pack from a choto no newer than this one.`,
    );
  }
  if (
    typeof header.bytes !== "number" || !Number.isSafeInteger(header.bytes) || header.bytes < 0 ||
    typeof header.sha256 !== "string" || !/^[0-9a-f]{64}$/.test(header.sha256)
  ) {
    return refuse("shape", "the pack's header lacks the content's length or checksum.");
  }
  if (header.bytes > maxBytes) {
    return refuse(
      "too_big",
      `the pack's header says its content is ${megabytes(header.bytes)}, more than the ${
        megabytes(maxBytes)
      } this machine imports ("memory_pack_max_mb" in choto.json sets the limit).`,
    );
  }
  const rowsWrong = header.rows === undefined ? null : rowsProblem(header.rows);
  if (rowsWrong) return refuse(rowsWrong.includes("more than") ? "too_big" : "shape", rowsWrong);
  return {
    ok: true,
    header: {
      format: PACK_FORMAT,
      version,
      choto: typeof header.choto === "string" ? header.choto : "(unknown)",
      created: typeof header.created === "string" ? header.created : "(unknown)",
      bytes: header.bytes,
      sha256: header.sha256,
      ...(header.rows === undefined ? {} : { rows: header.rows }),
    },
  };
}

/** A piece of the pack (or a message quoting one) as a refusal may print it: escaped and short. */
function shown(text: string): string {
  const escaped = escapeScreenText(text);
  return escaped.length > 160 ? `${escaped.slice(0, 159)}…` : escaped;
}

/** A size in megabytes, for refusals. */
export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Reads a pack from its bytes, refusing anything it cannot trust whole; `chotoVersion` is this choto's. */
export function decodePack(data: Uint8Array, chotoVersion: string, maxBytes = Infinity): DecodedPack {
  const newline = data.indexOf(0x0a);
  if (newline > MAX_HEADER_BYTES || (newline < 0 && data.length > MAX_HEADER_BYTES)) {
    return refuse(
      "not_a_pack",
      `this is not a choto memory pack (its first line is longer than a header); make one with \`choto memory export\`.`,
    );
  }
  const headText = new TextDecoder().decode(newline < 0 ? data : data.subarray(0, newline));
  const read = readHeader(headText, newline >= 0, chotoVersion, maxBytes);
  if (!read.ok) return read;
  const header = read.header;
  const version = header.version;
  let content = newline < 0 ? new Uint8Array() : data.subarray(newline + 1);
  // The writer ends the file with one newline after the content.
  if (content.length === header.bytes + 1 && content[content.length - 1] === 0x0a) {
    content = content.subarray(0, header.bytes);
  }
  if (content.length !== header.bytes) {
    return refuse(
      content.length < header.bytes ? "truncated" : "checksum",
      content.length < header.bytes
        ? `the pack is cut off: its header promises ${header.bytes} bytes of content and the file holds ${content.length}. Copy it again.`
        : `the pack holds ${content.length} bytes of content where its header says ${header.bytes}: it was changed after export. Export it again.`,
    );
  }
  if (sha256(content) !== header.sha256) {
    return refuse(
      "checksum",
      "the pack's content does not match its checksum: it was damaged or edited after export. Export it again.",
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(content));
  } catch (err) {
    return refuse("shape", `the pack's content is not JSON (${shown((err as Error).message)}).`);
  }
  const parsed = packBodySchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return refuse(
      "shape",
      `the pack's content does not have the shape of format ${version}: ${
        shown(issue.path.join(".") || "content")
      }: ${shown(issue.message)}.`,
    );
  }
  const counted = rowsOf(parsed.data);
  if (header.rows && ROW_KINDS.some((k) => header.rows![k] !== counted[k])) {
    return refuse(
      "checksum",
      "the pack's header counts other rows than its content holds: it was changed after export. Export it again.",
    );
  }
  return { ok: true, header, body: parsed.data };
}

/** A refusal whose sentence ends saying that nothing was imported. */
export function refuse(
  problem: PackProblem,
  text: string,
): { ok: false; problem: PackProblem; text: string } {
  return { ok: false, problem, text: `${text} ${NOTHING}` };
}
