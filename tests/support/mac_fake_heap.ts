/**
 * The object heap of the recording macOS fake: every handle it gives out is
 * a fake object with a kind and a value, and an owned (+1) object must be
 * released exactly once, plus once per CFRetain.
 *
 * @module
 */

/** A pointer as the FFI tables pass it. */
export type P = Deno.PointerValue;

interface Obj {
  kind: string;
  value?: unknown;
  owned: boolean;
  releases: number;
  retains: number;
}

/** The fake's objects and the helpers every table uses on them. */
export function fakeHeap() {
  const objs = new Map<bigint, Obj>();
  let next = 0x1000n;
  const mk = (kind: string, value?: unknown, owned = false): P => {
    next += 16n;
    objs.set(next, { kind, value, owned, releases: 0, retains: 0 });
    return Deno.UnsafePointer.create(next);
  };
  const get = (p: P) => objs.get(Deno.UnsafePointer.value(p) as bigint)!;
  const rel = (p: P) => void get(p).releases++;
  const cstr = (b: BufferSource) => {
    const u = new Uint8Array(b as ArrayBuffer);
    return new TextDecoder().decode(u.subarray(0, u.indexOf(0)));
  };
  const strOf = (p: P) => get(p).value as string;
  const rect = (x: number, y: number, w: number, h: number) =>
    new Uint8Array(new Float64Array([x, y, w, h]).buffer);
  const strings = (list: string[]) => list.map((s) => mk("str", s));
  /** Owned objects not released exactly once per ownership, as "kind×releases". */
  const leaks = () =>
    [...objs.values()].filter((o) => o.owned && o.releases !== 1 + o.retains).map((o) =>
      `${o.kind}×${o.releases}`
    );
  return { mk, get, rel, cstr, strOf, rect, strings, leaks };
}

/** The heap's helpers. */
export type FakeHeap = ReturnType<typeof fakeHeap>;
