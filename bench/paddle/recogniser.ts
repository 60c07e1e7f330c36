/**
 * One PP-OCRv4 recognition session on `onnxruntime-node` (native, N-API),
 * single-threaded: a grey line crop in, its characters with time steps out.
 * A run blocks the calling thread, so the benchmark keeps each session in a
 * Worker of its own (pool.ts).
 *
 * @module
 */

import { openSession, ort } from "./packages.ts";
import type { Grey } from "../../src/image/pixels.ts";
import { type CharHit, classTable, ctcDecode } from "./ctc.ts";
import { MODEL_FILES } from "./models.ts";
import { lineTensor, REC_STRIDE } from "./tensor.ts";

/** What the model read on one line crop. */
export interface LineReading {
  chars: CharHit[];
  /** Tensor columns per crop pixel: a time step covers REC_STRIDE / scale crop pixels. */
  scale: number;
}

/** A recognition session and the class table of its dictionary. */
export interface Recogniser {
  read(crop: Grey): Promise<LineReading>;
  close(): Promise<void>;
}

/** Opens the shipped recognition model with one intra-op thread (one session per core scales best). */
export async function openRecogniser(): Promise<Recogniser> {
  const classes = classTable(await Deno.readTextFile(MODEL_FILES.dictionary));
  const { session, input, output } = await openSession(MODEL_FILES.recognition, 1);
  return {
    async read(crop) {
      const { data, dims, scale } = lineTensor(crop);
      const out = (await session.run({ [input]: new ort.Tensor("float32", data, dims) }))[output];
      const [, steps, width] = out.dims;
      if (width !== classes.length) {
        throw new Error(`the model scores ${width} classes, its dictionary makes ${classes.length}`);
      }
      // Steps past the text hold the padding's blanks: skip them.
      const used = Math.min(steps, Math.ceil((crop.width * scale) / REC_STRIDE) + 1);
      return { chars: ctcDecode(out.data as Float32Array, 0, used, classes), scale };
    },
    close: () => session.release(),
  };
}
