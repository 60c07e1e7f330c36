/**
 * The Objective-C runtime of the recording macOS fake: classes, selectors,
 * autorelease pools, and the answers AppKit, the pasteboard and Vision give
 * through `objc_msgSend`, with what Vision was asked kept for assertions.
 *
 * @module
 */

import type { FakeHeap, P } from "./mac_fake_heap.ts";
import type { FakeWorld } from "./mac_fake_world.ts";

/** The objc table over `h`, answering from world `w`; `calls` logs activation requests. */
export function fakeObjc(h: FakeHeap, w: FakeWorld, calls: string[]) {
  const { mk, get, rel, cstr, strOf, rect, strings } = h;
  let pools = 0, pushes = 0;
  const sels = new Map<string, P>();
  const selName = (p: P) => get(p).value as string;
  const observation = mk("obs");
  const candidate = mk("cand");
  const vision: { minimumTextHeight: number[]; languages: string[][] } = {
    minimumTextHeight: [],
    languages: [],
  };
  let requestLanguages: string[] = [];
  const objc = {
    objc_getClass: (b: BufferSource) => mk("class", cstr(b)),
    sel_registerName: (b: BufferSource) => {
      const n = cstr(b);
      if (!sels.has(n)) sels.set(n, mk("sel", n));
      return sels.get(n)!;
    },
    objc_autoreleasePoolPush: () => (pools++, pushes++, mk("pool")),
    objc_autoreleasePoolPop: () => void pools--,
    msgSend_id: (r: P, s: P) => {
      const n = selName(s);
      if (n === "alloc") return mk("instance", get(r).value, true);
      if (n === "init") return r;
      if (n === "results") return mk("nsarray", [observation]);
      if (n === "string") return mk("str", "Save As");
      if (n === "generalPasteboard") return mk("pasteboard");
      if (n === "bundleIdentifier") return mk("str", "com.apple.Safari");
      if (n === "localizedDescription") return mk("str", "unsupported language");
      return mk("autoreleased");
    },
    msgSend_void: (r: P, s: P) => {
      if (selName(s) === "release") rel(r);
    },
    msgSend_usize: (r: P) => BigInt((get(r).value as P[]).length),
    msgSend_f32: () => 0.9,
    msgSend_id_id: (_r: P, s: P) => selName(s) === "stringForType:" ? mk("str", "clip") : mk("nsarray", []),
    msgSend_id_usize: (r: P, s: P, i: bigint) =>
      selName(s) === "topCandidates:" ? mk("nsarray", [candidate]) : (get(r).value as P[])[Number(i)],
    msgSend_id_i32: (_r: P, _s: P, pid: number) => mk("runningApp", pid),
    msgSend_id_id_id: (r: P) => r,
    msgSend_bool_id_ptr: (_r: P, _s: P, _req: P, err: BufferSource) => {
      if (requestLanguages.some((l) => w.refusedLanguages.includes(l))) {
        (err as BigUint64Array)[0] = Deno.UnsafePointer.value(mk("nserror")) as bigint;
        return 0;
      }
      return 1;
    },
    msgSend_bool_id: (_r: P, _s: P, asked: P) => {
      const n = selName(asked);
      if (n === "activateFromApplication:options:") return w.cooperativeActivation ? 1 : 0;
      if (n === "supportedRecognitionLanguagesAndReturnError:") return w.visionLanguages ? 1 : 0;
      return 0;
    },
    msgSend_bool_id_usize: (r: P, s: P, from: P, opts: bigint) => {
      calls.push(`${selName(s)} pid ${get(r).value} from ${get(from).value} options ${opts}`);
      return 1;
    },
    msgSend_bool_usize: (r: P, s: P, opts: bigint) => {
      calls.push(`${selName(s)} pid ${get(r).value} options ${opts}`);
      return 1;
    },
    msgSend_void_isize: () => {},
    msgSend_void_f32: (_r: P, s: P, v: number) => {
      if (selName(s) === "setMinimumTextHeight:") vision.minimumTextHeight.push(v);
    },
    msgSend_void_id: (_r: P, s: P, arr: P) => {
      if (selName(s) !== "setRecognitionLanguages:") return;
      requestLanguages = (get(arr).value as P[]).map(strOf);
      vision.languages.push(requestLanguages);
    },
    msgSend_id_ptr: () => mk("nsarray", strings(w.visionLanguages ?? [])),
    msgSend_void_u8: () => {},
    msgSend_id_range_ptr: () => null,
    msgSend_rect: () => rect(0, 0.5, 0.7, 0.5),
    msgSend_stret_rect: () => rect(0, 0.5, 0.7, 0.5),
  };
  return { objc, vision, pools: () => pools, poolsPushed: () => pushes };
}
