/**
 * A second process-like party for the mission store test: opens its own
 * connection to the database file, waits for the signal, and tries to start
 * a mission, posting back whether it was refused and what it was told.
 *
 * @module
 */

import { Store } from "../../src/db/store.ts";
import { startMission } from "../../src/mission/store.ts";

type Go = { path: string; goal: string };

/** The worker side of the message channel (the global scope of a worker). */
const port = self as unknown as {
  onmessage: (e: MessageEvent<Go>) => void;
  postMessage: (msg: unknown) => void;
  close: () => void;
};

port.onmessage = (e: MessageEvent<Go>) => {
  const store = new Store(e.data.path);
  try {
    const item = { title: "look", intent: "see the app", acceptance: "its window is listed" };
    const r = startMission(store, e.data.goal, [item], Date.now());
    port.postMessage(r.ok ? { ok: true, id: r.mission.id } : { ok: false, text: r.text });
  } catch (err) {
    port.postMessage({ ok: false, error: String(err) });
  } finally {
    store.close();
    port.close();
  }
};
port.postMessage({ ready: true });
