/**
 * Thin helpers over CoreFoundation and the Objective-C runtime: reading
 * CF values, owning the few CFStrings we create, selector/class caches and
 * autorelease pools. No platform decisions live here.
 *
 * Nothing here reads memory from JavaScript: Deno grants its raw-pointer
 * APIs (UnsafePointerView reads, UnsafePointer.create/of/value) only under
 * an unscoped `--allow-ffi`, and the macOS command lines scope it to the
 * framework paths. Bytes are copied out by CoreFoundation into buffers, an
 * address read from an out-parameter becomes a pointer through CFRetain, and
 * a constant is read by CoreFoundation from its address.
 *
 * @module
 */

import {
  kCFNumberFloat64Type,
  kCFNumberSInt64Type,
  kCFStringEncodingUTF8,
} from "../../../ffi/macos/coreFoundation.ts";
import type { MacLibs } from "./libs.ts";

type Ptr = Deno.PointerValue;

function cString(s: string): Uint8Array<ArrayBuffer> {
  const bytes = new TextEncoder().encode(s);
  const out = new Uint8Array(bytes.length + 1);
  out.set(bytes);
  return out;
}

/** CoreFoundation reading and a cache of CFStrings released on close. */
export class CoreFoundation {
  #strings = new Map<string, Ptr>();
  #ids: { str: bigint; num: bigint; bool: bigint } | null = null;

  constructor(readonly libs: MacLibs) {}

  /** A CFString we own for the lifetime of this object (dictionary keys, attribute names). */
  str(s: string): Ptr {
    let p = this.#strings.get(s);
    if (p === undefined) {
      p = this.libs.cf.CFStringCreateWithCString(null, cString(s), kCFStringEncodingUTF8);
      if (!p) throw new Error(`CFStringCreateWithCString failed for "${s}"`);
      this.#strings.set(s, p);
    }
    return p;
  }

  /** Releases a +1 reference when there is one. */
  release(p: Ptr): void {
    if (p) this.libs.cf.CFRelease(p);
  }

  #typeIds() {
    const cf = this.libs.cf;
    return this.#ids ??= {
      str: BigInt(cf.CFStringGetTypeID()),
      num: BigInt(cf.CFNumberGetTypeID()),
      bool: BigInt(cf.CFBooleanGetTypeID()),
    };
  }

  /** Reads a CFString (or a toll-free bridged NSString); null for anything else. */
  readString(p: Ptr): string | null {
    if (!p) return null;
    const cf = this.libs.cf;
    if (BigInt(cf.CFGetTypeID(p)) !== this.#typeIds().str) return null;
    const units = Number(cf.CFStringGetLength(p));
    const size = Number(cf.CFStringGetMaximumSizeForEncoding(BigInt(units), kCFStringEncodingUTF8)) + 1;
    const buf = new Uint8Array(size);
    if (!cf.CFStringGetCString(p, buf, BigInt(size), kCFStringEncodingUTF8)) return null;
    const end = buf.indexOf(0);
    return new TextDecoder().decode(buf.subarray(0, end < 0 ? size : end));
  }

  /** Reads a CFNumber as an integer, or a CFBoolean as 0/1; null otherwise. */
  readInt(p: Ptr): number | null {
    if (!p) return null;
    const cf = this.libs.cf;
    const t = BigInt(cf.CFGetTypeID(p));
    if (t === this.#typeIds().bool) return cf.CFBooleanGetValue(p) ? 1 : 0;
    if (t !== this.#typeIds().num) return null;
    const buf = new BigInt64Array(1);
    cf.CFNumberGetValue(p, BigInt(kCFNumberSInt64Type), buf);
    return Number(buf[0]);
  }

  /** Reads a CFNumber as a double; null otherwise. */
  readFloat(p: Ptr): number | null {
    if (!p) return null;
    const cf = this.libs.cf;
    if (BigInt(cf.CFGetTypeID(p)) !== this.#typeIds().num) return null;
    const buf = new Float64Array(1);
    cf.CFNumberGetValue(p, BigInt(kCFNumberFloat64Type), buf);
    return buf[0];
  }

  /** A dictionary value under a string key (Get rule: not owned). */
  get(dict: Ptr, key: string): Ptr {
    return this.libs.cf.CFDictionaryGetValue(dict, this.str(key));
  }

  /** Copies the bytes of a CFData into a new buffer (CFDataGetBytes). */
  dataBytes(data: NonNullable<Ptr>): Uint8Array {
    const n = Number(this.libs.cf.CFDataGetLength(data));
    const out = new Uint8Array(n);
    if (n > 0) this.libs.cf.CFDataGetBytes(data, new BigInt64Array([0n, BigInt(n)]), out);
    return out;
  }

  /**
   * The pointer for an address read from an out-parameter (`CFTypeRef *`),
   * keeping the reference count as it was: CFRetain returns its argument,
   * and the extra reference is dropped at once. Null for address 0.
   */
  adopt(address: bigint): Ptr {
    if (address === 0n) return null;
    const p = this.libs.cf.CFRetainAddress(address);
    this.release(p);
    return p;
  }

  /**
   * The value of a `const CFTypeRef` constant, given its address (a pointer
   * static): CoreFoundation reads it into a one-element array.
   */
  constant(address: Ptr): Ptr {
    if (!address) return null;
    const arr = this.libs.cf.CFArrayCreate(null, address, 1n, null);
    if (!arr) throw new Error("CFArrayCreate failed");
    try {
      return this.libs.cf.CFArrayGetValueAtIndex(arr, 0n);
    } finally {
      this.release(arr);
    }
  }

  /** kCFBooleanTrue's value. */
  trueValue(): Ptr {
    return this.#true ??= this.constant(this.libs.cf.kCFBooleanTrue);
  }
  #true: Ptr | undefined;

  /** The strings of a CFArray of CFStrings (entries of other types are skipped). */
  readStrings(arr: Ptr): string[] {
    if (!arr) return [];
    const out: string[] = [];
    const n = Number(this.libs.cf.CFArrayGetCount(arr));
    for (let i = 0; i < n; i++) {
      const s = this.readString(this.libs.cf.CFArrayGetValueAtIndex(arr, BigInt(i)));
      if (s !== null) out.push(s);
    }
    return out;
  }

  /**
   * A new CFArray of new CFStrings (Create rule: release the array; it holds
   * the strings). Toll-free bridged, it is also an NSArray of NSString.
   */
  stringArray(items: string[]): NonNullable<Ptr> {
    const cf = this.libs.cf;
    const arr = cf.CFArrayCreateMutable(null, BigInt(items.length), cf.kCFTypeArrayCallBacks);
    if (!arr) throw new Error("CFArrayCreateMutable failed");
    for (const item of items) {
      const s = cf.CFStringCreateWithCString(null, cString(item), kCFStringEncodingUTF8);
      if (!s) continue;
      cf.CFArrayAppendValue(arr, s); // the array retains it
      this.release(s);
    }
    return arr;
  }

  /** Releases the cached strings. */
  close(): void {
    for (const p of this.#strings.values()) this.release(p);
    this.#strings.clear();
  }
}

/** Objective-C runtime helpers with class and selector caches. */
export class ObjC {
  #classes = new Map<string, Ptr>();
  #sels = new Map<string, Ptr>();

  constructor(readonly libs: MacLibs) {}

  /** A class object; throws when its framework is not loaded. */
  cls(name: string): Ptr {
    let c = this.#classes.get(name);
    if (!c) {
      c = this.libs.objc.objc_getClass(cString(name));
      if (!c) throw new Error(`Objective-C class ${name} not found (framework not loaded?)`);
      this.#classes.set(name, c);
    }
    return c;
  }

  /** A registered selector. */
  sel(name: string): Ptr {
    let s = this.#sels.get(name);
    if (!s) {
      s = this.libs.objc.sel_registerName(cString(name));
      this.#sels.set(name, s);
    }
    return s;
  }

  /** Runs fn inside an autorelease pool; nothing drains pools for us without a run loop. */
  pool<T>(fn: () => T): T {
    const token = this.libs.objc.objc_autoreleasePoolPush();
    try {
      return fn();
    } finally {
      this.libs.objc.objc_autoreleasePoolPop(token);
    }
  }

  /** Sends -release to an object we own (alloc/init, new, copy). */
  release(obj: Ptr): void {
    if (obj) this.libs.objc.msgSend_void(obj, this.sel("release"));
  }
}
