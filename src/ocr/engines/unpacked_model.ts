/**
 * A model's bytes as libtesseract loads them, unpacked. The packages ship
 * each model gzipped, and unpacking the English one holds the thread for
 * 50-80 ms at every start, while the first look waits for the recognisers.
 * So the unpacked model is kept in a folder of choto's own (beside the
 * database, where the shipped permissions let choto write) and read from
 * there by later starts, once it is known whole and current: a gzip file
 * ends with the length and the CRC-32 of what it unpacks to, and the copy
 * must match both (checking costs a read and under a millisecond of CRC).
 * A copy that is missing, cut short or from another file is written again;
 * a folder that cannot hold it only means the next start unpacks again.
 *
 * @module
 */

import { basename, join } from "../../common/paths.ts";
import { crc32 } from "./crc32.ts";

/** Bytes kept per model file and folder: read once per process (the recognisers load from them). */
const kept = new Map<string, Promise<Uint8Array>>();
/** Copies being written. */
const writing = new Set<Promise<void>>();

/** What a gzip file says it unpacks to: its last 8 bytes, the CRC-32 and the length (mod 2^32). */
function gzipTrailer(file: string): { crc: number; size: number } {
  const tail = new Uint8Array(8);
  const f = Deno.openSync(file);
  try {
    f.seekSync(-8, Deno.SeekMode.End);
    for (let got = 0; got < 8;) {
      const n = f.readSync(tail.subarray(got));
      if (n === null) throw new Error(`${file} ended early`);
      got += n;
    }
  } finally {
    f.close();
  }
  const view = new DataView(tail.buffer);
  return { crc: view.getUint32(0, true), size: view.getUint32(4, true) };
}

/** Whether `bytes` are what the trailer says the gzip file unpacks to. */
const matches = async (bytes: Uint8Array, trailer: { crc: number; size: number }) =>
  bytes.length % 2 ** 32 === trailer.size && await crc32(bytes) === trailer.crc;

/** The copy in `folder` when it is whole and unpacked from `file`; null when it is not. */
async function keptCopy(file: string, folder: string, name: string): Promise<Uint8Array | null> {
  try {
    const bytes = Deno.readFileSync(join(folder, name));
    return await matches(bytes, gzipTrailer(file)) ? bytes : null;
  } catch {
    return null;
  }
}

/** Writes `bytes` into `folder` as `name`, beside its final name first, so no reader ever sees half a copy. */
async function keep(bytes: Uint8Array, folder: string, name: string): Promise<void> {
  const target = join(folder, name);
  const part = `${target}.${crypto.randomUUID()}.part`;
  try {
    await Deno.mkdir(folder, { recursive: true });
    await Deno.writeFile(part, bytes);
    await Deno.rename(part, target);
  } catch {
    // Not kept: the next start unpacks again.
    await Deno.remove(part).catch(() => {});
  }
}

/**
 * The model in `file` (gzipped when its name ends in .gz) unpacked, read
 * once per process and kept (4-5 MB: a load on another thread reads them).
 * With `keepIn`, a gzipped model comes from its unpacked copy there when
 * that copy is whole and current; otherwise it is unpacked (node:zlib,
 * loaded then), and the copy written in the background for the next start.
 * Rejects when `file` cannot be read or unpacked.
 */
export function unpackedModel(file: string, keepIn?: string): Promise<Uint8Array> {
  const key = `${file}\n${keepIn ?? ""}`;
  let bytes = kept.get(key);
  if (!bytes) {
    bytes = readModel(file, keepIn);
    kept.set(key, bytes);
    bytes.catch(() => kept.delete(key));
  }
  return bytes;
}

/** The model's bytes as `unpackedModel` describes, read or unpacked anew. */
async function readModel(file: string, keepIn?: string): Promise<Uint8Array> {
  if (!file.endsWith(".gz")) return Deno.readFileSync(file);
  const name = basename(file, ".gz");
  const copy = keepIn === undefined ? null : await keptCopy(file, keepIn, name);
  if (copy) return copy;
  const { gunzipSync } = await import("node:zlib");
  const bytes = new Uint8Array(gunzipSync(Deno.readFileSync(file)));
  // Kept only when a later start would take it (a gzip file of several parts never would).
  if (keepIn !== undefined && await matches(bytes, gzipTrailer(file))) {
    const w = keep(bytes, keepIn, name);
    writing.add(w);
    void w.finally(() => writing.delete(w));
  }
  return bytes;
}

/** Resolves once every copy being written is in place, or given up. */
export async function copiesWritten(): Promise<void> {
  await Promise.all([...writing]);
}
