/**
 * Recognition sessions in Workers, one per core: the lines of a frame are
 * dealt out widest first to the Worker with the fewest tensor columns so far
 * (the model's cost grows with columns), and the Workers read at once.
 *
 * @module
 */

import type { Grey } from "../../src/image/pixels.ts";
import type { LineReading } from "./recogniser.ts";
import { tensorColumns } from "./tensor.ts";

/** Reads line crops on a set of Workers. */
export interface LinePool {
  read(crops: Grey[]): Promise<LineReading[]>;
  close(): Promise<void>;
}

/** Splits items of the given costs into `lanes` shares of about equal total cost (indices per share). */
export function dealOut(costs: number[], lanes: number): number[][] {
  const load = new Array<number>(lanes).fill(0);
  const shares: number[][] = Array.from({ length: lanes }, () => []);
  const order = costs.map((c, i) => ({ c, i })).sort((a, b) => b.c - a.c);
  for (const { c, i } of order) {
    const k = load.indexOf(Math.min(...load));
    load[k] += c;
    shares[k].push(i);
  }
  return shares;
}

/** One Worker and its pending answers. */
class Lane {
  #waiting = new Map<number, { resolve: (r: LineReading[]) => void; reject: (e: Error) => void }>();
  #next = 0;
  #closed?: () => void;

  private constructor(readonly worker: Worker) {}

  /** Starts a Worker and waits until its session is open (or fails to open). */
  static start(): Promise<Lane> {
    const worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
    const lane = new Lane(worker);
    return new Promise((resolve, reject) => {
      worker.onerror = (e) => {
        e.preventDefault();
        const error = new Error(`recognition worker: ${e.message}`);
        reject(error);
        for (const waiting of lane.#waiting.values()) waiting.reject(error);
        lane.#waiting.clear();
      };
      worker.onmessage = (e) => {
        if (e.data.ready) return resolve(lane);
        if (e.data.closed) return lane.#closed?.();
        const answer = lane.#waiting.get(e.data.id);
        lane.#waiting.delete(e.data.id);
        if (e.data.error) answer?.reject(new Error(`recognition worker: ${e.data.error}`));
        else answer?.resolve(e.data.readings);
      };
    });
  }

  read(crops: Grey[]): Promise<LineReading[]> {
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, crops });
    });
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.#closed = resolve;
      this.worker.postMessage("close");
    });
    this.worker.terminate();
  }
}

/** Starts `size` Workers, each with its own single-threaded session. */
export async function startPool(size: number): Promise<LinePool> {
  const lanes = await Promise.all(Array.from({ length: size }, () => Lane.start()));
  return {
    async read(crops) {
      const out = new Array<LineReading>(crops.length);
      const shares = dealOut(crops.map(tensorColumns), lanes.length);
      await Promise.all(shares.map(async (share, k) => {
        if (!share.length) return;
        const readings = await lanes[k].read(share.map((i) => crops[i]));
        share.forEach((i, n) => (out[i] = readings[n]));
      }));
      return out;
    },
    async close() {
      await Promise.all(lanes.map((l) => l.close()));
    },
  };
}
