/**
 * What a write that could not be stored tells its caller: which thing was
 * not stored, what happened to the file or the disk, and what still works.
 * SQLite's own wording ("database or disk is full") becomes a sentence a
 * user can act on; errors that are not about storage pass through as they
 * are (a refused second active mission is the caller's to explain).
 *
 * @module
 */

/** Why a write was not stored. */
export type FaultKind = "full" | "replaced" | "busy" | "unwritable" | "unusable";

/** A write that was not stored, with a message that says what and why. */
export class StoreFault extends Error {
  constructor(readonly kind: FaultKind, message: string) {
    super(message);
  }
}

/** The classes of SQLite errors that are about the file or the disk, by the text SQLite gives them. */
const KINDS: Array<[RegExp, FaultKind]> = [
  [/database or disk is full/i, "full"],
  [/database is locked|database is busy/i, "busy"],
  [/readonly database|disk I\/O error|unable to open database file|read-only file system/i, "unwritable"],
];

/**
 * `err` as a {@link StoreFault} naming `what` was not stored in `path`,
 * when it is a storage fault; otherwise `err` itself.
 */
export function storeFault(err: unknown, what: string, path: string): unknown {
  if (err instanceof StoreFault) return err;
  const message = (err as Error)?.message ?? String(err);
  const kind = KINDS.find(([re]) => re.test(message))?.[1];
  if (!kind) return err;
  return new StoreFault(kind, faultText(kind, what, path, message));
}

function faultText(kind: FaultKind, what: string, path: string, sqlite: string): string {
  switch (kind) {
    case "full":
      return `${what} was not stored: the disk holding ${path} is full (SQLite: ${sqlite}). ` +
        "Everything stored before is still there and choto goes on answering from it; " +
        "once some space is freed the next call stores again.";
    case "busy":
      return `${what} was not stored: another process kept ${path} locked for more than 5 s; call again.`;
    default:
      return `${what} was not stored: SQLite could not write ${path} (${sqlite}); ` +
        "check that the file and its folder are writable, or pass --db PATH.";
  }
}
