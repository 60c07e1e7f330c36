/**
 * The fingerprints of what choto typed (`typed_words`): each word and digit
 * run of a typed text as a salted hash, so the graph can leave those words
 * out of every text it stores without keeping the words anywhere. The salt
 * is made on this machine on first use and no pack or map reads it.
 *
 * Kept as long as the graph keeps text: a fingerprint is used again each time
 * it keeps a word out, and only `choto forget --older-than` (with the graph's
 * texts of that age) or the cap below (those unused longest first) drops one.
 *
 * @module
 */

import { createHash, randomBytes } from "node:crypto";
import { type Redacted, redactTyped, typedPieces } from "../common/typed_tokens.ts";
import type { Store } from "./store.ts";

/** Most fingerprints kept: a few megabytes; past it, those unused longest go first. */
export const MAX_TYPED_WORDS = 100_000;

/** The typed-word fingerprints of one database. */
export class TypedWords {
  #salt: string | null = null;
  #count: number | null = null;

  constructor(private readonly store: Store, private readonly cap = MAX_TYPED_WORDS) {}

  /**
   * Remembers the pieces of a typed text (in its own transaction); the number
   * of pieces. Never throws: typing must not stop for a full disk. The pieces
   * are written before the text reaches the screen's next read.
   */
  remember(text: string, now: number): number {
    const pieces = typedPieces(text);
    if (!pieces.length) return 0;
    try {
      return this.store.tx(() => {
        const salt = this.#saltForWriting();
        for (const p of pieces) {
          this.store.q("typed_word_remember").run({ fingerprint: fingerprint(salt, p), now });
        }
        this.#count = (this.#count ?? this.store.get<{ n: number }>("typed_words_count")!.n) + pieces.length;
        if (this.#count > this.cap) {
          this.store.q("typed_words_trim").run({ keep: this.cap });
          this.#count = this.store.get<{ n: number }>("typed_words_count")!.n;
        }
        return pieces.length;
      }, "the fingerprints of the typed words");
    } catch (err) {
      console.error(`choto: could not note the typed words: ${(err as Error).message}`);
      return 0;
    }
  }

  /**
   * A checker of read texts for one write (call inside the caller's
   * transaction): `redact` takes typed words out of a text, `typedSince`
   * the earliest time a piece it matched was first typed; `touch` marks the
   * matched pieces as in use at `now`.
   */
  reader(): TypedReader {
    const salt = this.#saltIfAny();
    const firstTyped = new Map<string, number | null>();
    const find = (piece: string): number | null => {
      if (salt === null) return null;
      let at = firstTyped.get(piece);
      if (at === undefined) {
        at = this.store.get<{ first_typed: number }>("typed_word_find", {
          fingerprint: fingerprint(salt, piece),
        })
          ?.first_typed ?? null;
        firstTyped.set(piece, at);
      }
      return at;
    };
    return {
      redact: (text) => redactTyped(text, (p) => find(p) !== null),
      firstTyped: (pieces) => Math.min(...pieces.map((p) => find(p) ?? Infinity)),
      touch: (pieces, now) => {
        if (salt === null) return;
        for (const p of new Set(pieces)) {
          this.store.q("typed_word_touch").run({ fingerprint: fingerprint(salt, p), now });
        }
      },
    };
  }

  #saltIfAny(): string | null {
    return (this.#salt ??= this.store.get<{ salt: string }>("typed_salt")?.salt ?? null);
  }

  #saltForWriting(): string {
    const had = this.#saltIfAny();
    if (had !== null) return had;
    this.store.q("typed_salt_insert").run({ salt: randomBytes(32).toString("hex") });
    this.#salt = this.store.get<{ salt: string }>("typed_salt")!.salt;
    return this.#salt;
  }
}

/** Checks read texts against the typed words; see {@link TypedWords.reader}. */
export interface TypedReader {
  redact(text: string): Redacted;
  /** When the first of these pieces was first typed (epoch ms); Infinity when none was. */
  firstTyped(pieces: string[]): number;
  touch(pieces: string[], now: number): void;
}

/**
 * SHA-256 of the secret salt and the piece: without the salt nobody can try
 * words against the table. (A plain hash, not an HMAC: the salt is never
 * exposed for a length extension to matter, and it costs a fifth as much on
 * every text of every look.)
 */
function fingerprint(salt: string, piece: string): string {
  return createHash("sha256").update(salt).update("\u0000").update(piece).digest("hex").slice(0, 32);
}
