/**
 * observe's whole call on a still screen, for the server's warming
 * (perceive/warm_read.ts): the arguments checked, the look, the record,
 * the reply rendered, checked against observe's output schema, capped and
 * serialised as the server sends it. The look alone left most of that to a
 * first call: on the forty-line prose screen after warming, 170 functions
 * were compiled to bytecode for the first time in that call, most of them
 * observe's reply and the call's path (docs/benchmarks.md). The calls see
 * a still desktop (no input reaches anything) and record into a database
 * in memory, closed after; the reader is warming's own.
 *
 * @module
 */

import { Store } from "../db/store.ts";
import { stillDesktop } from "../desktop/still.ts";
import type { WarmCalls } from "../perceive/warm_read.ts";
import { parseArguments, settleReply } from "../server/tool_call.ts";
import { createServices, type Services } from "../services.ts";
import { observeReply, observeTool } from "../tools/observe.ts";
import { capReply, MAX_REPLY_BYTES } from "../tools/support/reply_cap.ts";

/** observe calls on a still screen, through `reader`, replying as on the platform of `like`. */
export const warmObserveCalls: WarmCalls = (reader, like) => {
  const store = new Store(":memory:", { warn: () => {} });
  let services: Services | null = null;
  let desktop: ReturnType<typeof stillDesktop> | null = null;
  return {
    async observe(screen) {
      if (desktop) desktop.show(screen);
      else desktop = stillDesktop(screen, like);
      const still = desktop;
      // The services count their reads on a reader of their own: one that falls through to warming's.
      const svc = services ??= createServices({
        store,
        openDesktop: () => still,
        openReader: () => Object.create(reader),
      });
      const parsed = parseArguments(observeTool, { screenshot: false });
      if (!parsed.ok) throw new Error(parsed.text);
      // observe's handler as its tool runs it, but with no stage line in the server's log: no client asked.
      const done = await settleReply(observeTool, () => observeReply(parsed.value, svc, false));
      const result = capReply(done, MAX_REPLY_BYTES, observeTool.askForRest);
      JSON.stringify({ jsonrpc: "2.0", id: 0, result });
      return result;
    },
    // The services' own close would close the reader, which is warming's to close.
    close: () => store.close(),
  };
};
