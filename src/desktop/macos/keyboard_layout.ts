/**
 * The user's current keyboard layout, read through the Text Input Source
 * API: `TISCopyCurrentKeyboardLayoutInputSource` (for an input method, the
 * layout it types with), its id and name, and its 'uchr' data, which
 * `UCKeyTranslate` asks what each key types. Read again before every hotkey
 * and typing run, so a layout switched in the input menu is followed; the
 * key tables are built once per layout. Called on the main thread, as the
 * TIS functions want.
 *
 * @module
 */

import { kUCKeyActionDown, kUCKeyTranslateNoDeadKeysMask } from "../../../ffi/macos/carbon.ts";
import { LayoutMap } from "./layout_map.ts";
import { US_LAYOUT } from "./keycodes.ts";
import type { MacLibs } from "./libs.ts";
import type { CoreFoundation } from "./native.ts";

type Ptr = Deno.PointerValue;

/** The current layout, kept with the input source that owns its 'uchr' data. */
export class KeyboardLayouts {
  #source: Ptr = null;
  #map: LayoutMap | null = null;
  /** Why the layout read last could not be used, when it could not (then US positions are used). */
  problem: string | null = null;

  constructor(readonly libs: MacLibs, readonly cf: CoreFoundation) {}

  /** The layout keys are pressed on now. */
  current(): LayoutMap {
    const { kb, cf } = this.libs;
    if (!kb) {
      this.problem = "the keyboard layout library (Carbon) is not loaded: keys are pressed at US positions";
      return US_LAYOUT;
    }
    const source = kb.TISCopyCurrentKeyboardLayoutInputSource();
    if (!source) {
      this.problem = "macOS named no current keyboard layout";
      return this.#map ?? US_LAYOUT;
    }
    const id = this.#property(source, kb.kTISPropertyInputSourceID) ?? "unknown layout";
    if (this.#map && this.#map.id === id) {
      cf.CFRelease(source);
      return this.#map;
    }
    const name = this.#property(source, kb.kTISPropertyLocalizedName) ?? id;
    const data = kb.TISGetInputSourceProperty(source, this.cf.constant(kb.kTISPropertyUnicodeKeyLayoutData));
    if (!data) {
      cf.CFRelease(source);
      this.problem = `the ${name} layout (${id}) has no Unicode key data: keys are pressed at US positions`;
      return US_LAYOUT;
    }
    this.problem = null;
    this.#drop();
    // The 'uchr' bytes belong to the input source (Get rule): it stays retained while the map is used.
    this.#source = source;
    const uchr = cf.CFDataGetBytePtr(data);
    const kbdType = kb.LMGetKbdType();
    const dead = new Uint32Array(1), length = new BigUint64Array(1), chars = new Uint16Array(4);
    const translate = (code: number, mods: number): string => {
      dead[0] = 0;
      const status = kb.UCKeyTranslate(
        uchr,
        code,
        kUCKeyActionDown,
        mods,
        kbdType,
        kUCKeyTranslateNoDeadKeysMask,
        dead,
        BigInt(chars.length),
        length,
        chars,
      );
      return status === 0 ? String.fromCharCode(...chars.subarray(0, Number(length[0]))) : "";
    };
    return this.#map = new LayoutMap(id, name, translate);
  }

  #property(source: NonNullable<Ptr>, keyAddress: Ptr): string | null {
    return this.cf.readString(this.libs.kb!.TISGetInputSourceProperty(source, this.cf.constant(keyAddress)));
  }

  #drop(): void {
    if (this.#source) this.libs.cf.CFRelease(this.#source);
    this.#source = null;
    this.#map = null;
  }

  /** Releases the input source held for the current map. */
  close(): void {
    this.#drop();
  }
}
