/**
 * `choto service`: the desktop backend (capture, OCR, input, the database)
 * as one long-lived process per user, which every client shares through a
 * bridge (`choto bridge`). It listens on a Unix socket beside the database
 * (`choto.sock`, 0600, in a 0700 folder) and serves MCP on each connection,
 * every connection its own MCP session on the one set of services, so two
 * clients' acting calls take turns through the one actor. A lock beside the
 * socket keeps it to one service per database folder: a second one says so
 * and exits 0. SIGTERM, SIGINT or a newer bridge's stop request ends it
 * after it lets go of held input.
 *
 * @module
 */

import { VERSION } from "../common/version.ts";
import { ACTOR } from "../tools/support/actor.ts";
import type { Command } from "./command.ts";
import { dbPath, openServices } from "./open.ts";
import { startUpkeep } from "./serving.ts";
import { serveConnection, type SessionHost } from "./service_session.ts";
import { servicePlace, socketPathProblem } from "./service_place.ts";
import { listenOn, readyFolder, takeLock } from "./service_socket.ts";
import { warmObserveCalls } from "./warm_calls.ts";
import { appBundleOf } from "../common/mac_app.ts";

/** `choto service`. */
export const serviceCommand: Command = {
  usage: [["service", "run the desktop backend for every client, on a Unix socket beside the database"]],
  details: ["clients start `choto bridge`, which starts the service when none runs"],
  options: ["db", "ocr"],
  maxArgs: 0,
  run: async (v) => {
    const path = dbPath(v.db);
    const place = servicePlace(path);
    if (!place) {
      throw new Error("the service keeps its socket beside the database: give a file, not :memory:");
    }
    const problem = socketPathProblem(place.socket);
    if (problem) throw new Error(problem);
    readyFolder(place.dir);
    const lock = takeLock(place.lock);
    if (!lock) {
      console.error(
        `choto: a service already runs for ${place.dir} (socket ${place.socket}); this one exits`,
      );
      return 0;
    }
    const svc = openServices(v.db, v.ocr);
    void svc.warm(undefined, () => Promise.resolve(warmObserveCalls));
    await startUpkeep(svc, v.db);
    const listener = listenOn(place);
    const host: SessionHost = {
      svc,
      version: VERSION,
      app: appBundleOf(Deno.execPath()) !== null,
      stop: () => void shutdown(),
      open: new Set(),
    };
    let stopping = false;
    const shutdown = async () => {
      if (stopping) return;
      stopping = true;
      // The running call stops and held input is let go before anything else can fail.
      ACTOR.abortAll();
      await svc.releaseInput().catch(() => {});
      try {
        listener.close();
      } catch {
        // Closed already.
      }
      await Promise.all([...host.open].map((s) => s.close()));
      await svc.close().catch(() => {});
      lock.close();
      Deno.exit(0);
    };
    Deno.addSignalListener("SIGINT", () => void shutdown());
    Deno.addSignalListener("SIGTERM", () => void shutdown());
    console.error(`choto: service ${VERSION} (pid ${Deno.pid}) on ${place.socket}`);
    void (async () => {
      try {
        for await (const conn of listener) {
          // One connection failing is that connection's end, never the service's.
          serveConnection(conn, host).catch((err) =>
            console.error(`choto: service: a connection failed: ${(err as Error).message}`)
          );
        }
      } catch (err) {
        if (!stopping) console.error(`choto: service: the socket failed: ${(err as Error).message}`);
      }
      await shutdown();
    })();
    return -1;
  },
};
