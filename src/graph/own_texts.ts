/**
 * What of a window's texts the graph may keep: never what choto typed (its
 * words and digit runs, matched against the typed-word fingerprints) and
 * never what a secret field shows. A text the window showed before its words
 * were first typed is the window's own (a menu's "File" stays though a plan
 * typed "file"), so it is kept whole.
 *
 * @module
 */

import { TYPED_MARK } from "../common/typed_tokens.ts";
import type { Element } from "../ocr/types.ts";
import type { Store } from "../db/store.ts";
import { type TypedReader, TypedWords } from "../db/typed_words.ts";
import { withoutSecretFields } from "./secret_fields.ts";
import type { NodeId } from "./identity.ts";

/** A checker of one sighting's texts; call inside its transaction. */
export interface OwnTexts {
  /** A title with typed words replaced (a title is never dropped: the window is there). */
  title(text: string, now: number): string;
  /**
   * Whether a control's text acted on in window `node` (a click, a
   * transition) may be kept: not when it holds a typed word, unless the
   * window showed it before that word was first typed.
   */
  acted(node: NodeId, text: string, now: number): boolean;
  /** The texts kept beside an icon in window `node` (its nearest), typed words out, as its elements are. */
  near(node: NodeId, texts: readonly string[], now: number): string[];
  /**
   * A window identity (`structure|folded title`) with typed words out of its
   * title part; the structure and the `<doc>` stand-ins are choto's own.
   */
  identity(identity: string, now: number): string;
  /** The elements the graph may keep of window `node` (null: a window not yet known), typed words taken out. */
  elements(node: NodeId | null, elements: readonly Element[], now: number): Element[];
}

/**
 * A window identity (`structure|folded title`) with `clean` applied to the
 * pieces of its title part between `<doc>` stand-ins: the structure and
 * the stand-ins are choto's own words, never the user's.
 */
export function cleanIdentity(identity: string, clean: (part: string) => string): string {
  const bar = identity.indexOf("|");
  return identity.slice(0, bar + 1) + identity.slice(bar + 1).split("<doc>").map(clean).join("<doc>");
}

/** The checker for `store`. */
export function ownTexts(store: Store): OwnTexts {
  const typed: TypedReader = new TypedWords(store).reader();
  /** Whether window `node` showed `text` before the first of its typed pieces was typed. */
  const shownBefore = (node: NodeId, text: string, pieces: string[]) => {
    const shown = store.get<{ first_seen: number | null }>("element_first_seen", { window_id: node, text })
      ?.first_seen ?? null;
    return shown !== null && shown < typed.firstTyped(pieces);
  };
  return {
    title(text, now) {
      const r = typed.redact(text);
      if (!r.matched.length) return text;
      typed.touch(r.matched, now);
      return r.text ?? TYPED_MARK;
    },
    identity(identity, now) {
      return cleanIdentity(identity, (part) => this.title(part, now));
    },
    acted(node, text, now) {
      const r = typed.redact(text);
      if (!r.matched.length) return true;
      typed.touch(r.matched, now);
      return shownBefore(node, text, r.matched);
    },
    near(node, texts, now) {
      return texts.flatMap((t) => {
        const r = typed.redact(t);
        if (!r.matched.length) return [t];
        typed.touch(r.matched, now);
        if (shownBefore(node, t, r.matched)) return [t];
        return r.text === null ? [] : [r.text];
      });
    },
    elements(node, elements, now) {
      const out: Element[] = [];
      for (const el of withoutSecretFields(elements)) {
        const r = typed.redact(el.text);
        if (!r.matched.length) {
          out.push(el);
          continue;
        }
        typed.touch(r.matched, now);
        if (node !== null && shownBefore(node, el.text, r.matched)) out.push(el);
        else if (r.text !== null) out.push({ ...el, text: r.text });
      }
      return out;
    },
  };
}
