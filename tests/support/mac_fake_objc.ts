/**
 * The Objective-C runtime of the recording macOS fake: classes, selectors,
 * autorelease pools, and the answers AppKit, the pasteboard and Vision give
 * through `objc_msgSend`, with what Vision was asked kept for assertions.
 *
 * @module
 */

import type { FakeHeap, P } from "./mac_fake_heap.ts";
import type { FakeWorld } from "./mac_fake_world.ts";
import { COMPLETION_INVOKE } from "../../src/desktop/macos/block.ts";

/**
 * Reads a block literal the way the runtime does (isa, flags, invoke,
 * descriptor size, signature), notes it, and later calls its invoke with
 * the block first, as a framework's completion does; `after` runs once the
 * handler returned (the framework dropping its own references).
 */
function completeLater(w: FakeWorld, block: P, obj: P, error: P, after: () => void): void {
  const v = new Deno.UnsafePointerView(block!);
  const descriptor = v.getPointer(24)!;
  const d = new Deno.UnsafePointerView(descriptor);
  w.sck.blocks.push({
    isa: BigInt(Deno.UnsafePointer.value(v.getPointer(0))),
    flags: v.getInt32(8),
    size: d.getBigUint64(8),
    signature: new Deno.UnsafePointerView(d.getPointer(16)!).getCString(),
  });
  const invoke = new Deno.UnsafeFnPointer(v.getPointer(16)!, COMPLETION_INVOKE);
  setTimeout(() => (invoke.call(block, obj, error), after()), 5);
}

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
      if (n === "new") return mk("instance", get(r).value, true);
      if (n === "retain") return (get(r).retains++, r);
      if (n === "displays") return mk("nsarray", w.sck.displays.map((id) => mk("scdisplay", id)));
      if (n === "init") return r;
      if (n === "results") return mk("nsarray", [observation]);
      if (n === "string") return mk("str", "Save As");
      if (n === "generalPasteboard") return mk("pasteboard");
      if (n === "bundleIdentifier") return mk("str", "com.apple.Safari");
      if (n === "localizedDescription") {
        return mk("str", typeof get(r).value === "string" ? get(r).value : "unsupported language");
      }
      return mk("autoreleased");
    },
    msgSend_void: (r: P, s: P) => {
      if (selName(s) === "release") rel(r);
    },
    msgSend_u32: (r: P) => get(r).value as number,
    msgSend_void_usize: (_r: P, s: P, v: bigint) => void w.sck.config.push(`${selName(s)} ${v}`),
    msgSend_void_u32: (_r: P, s: P, v: number) => void w.sck.config.push(`${selName(s)} 0x${v.toString(16)}`),
    msgSend_void_id_id_id: (_r: P, s: P, _filter: P, _config: P, block: P) => {
      if (
        selName(s) !== "captureImageWithFilter:configuration:completionHandler:" || w.sck.image === "silent"
      ) return;
      const image = w.sck.image === "answer" ? mk("image", 1, true) : null;
      const error = w.sck.image === "error" ? mk("nserror", "The user declined TCCs for application") : null;
      completeLater(w, block, image, error, () => image && rel(image));
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
      if (selName(s) === "getShareableContentWithCompletionHandler:") {
        if (w.sck.content === "silent") return;
        const content = w.sck.content === "answer" ? mk("sccontent", undefined, true) : null;
        const error = w.sck.content === "error"
          ? mk("nserror", "The user declined TCCs for application")
          : null;
        completeLater(w, arr, content, error, () => content && rel(content));
        return;
      }
      if (selName(s) !== "setRecognitionLanguages:") return;
      requestLanguages = (get(arr).value as P[]).map(strOf);
      vision.languages.push(requestLanguages);
    },
    msgSend_id_ptr: () => mk("nsarray", strings(w.visionLanguages ?? [])),
    msgSend_void_u8: (_r: P, s: P, v: number) => {
      if (selName(s) === "setShowsCursor:") w.sck.config.push(`setShowsCursor: ${v}`);
    },
    msgSend_id_range_ptr: () => null,
    msgSend_rect: () => rect(0, 0.5, 0.7, 0.5),
    msgSend_stret_rect: () => rect(0, 0.5, 0.7, 0.5),
  };
  return { objc, vision, pools: () => pools, poolsPushed: () => pushes };
}
