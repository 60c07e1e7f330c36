/**
 * `choto bridge`: the stdio entry an MCP client starts. It pumps JSON-RPC
 * lines between stdin/stdout and `choto service`'s socket, starting the
 * service when none runs and replacing an older one (bridge_link.ts).
 *
 * When the service goes away mid-session (killed, or replaced), every
 * request in flight gets a JSON-RPC error saying so, and the bridge stays:
 * the client's next message reaches a service started anew, on a session the
 * bridge opens with the client's own `initialize` (its answer kept from the
 * client, which is initialized already). When the service cannot be reached
 * or started, the bridge says why on one stderr line, answers the request it
 * holds with that error, and exits 1. It exits 0 when the client closes stdin.
 *
 * @module
 */

import { envVar } from "../common/env.ts";
import { type Command, UsageError } from "./command.ts";
import { errorLine, idKey, lineKind, type RpcId, withId } from "./bridge_messages.ts";
import { type Link, reachService } from "./bridge_link.ts";
import { fileThere, launchdStart } from "./bridge_launchd.ts";
import { LineReader } from "./line_reader.ts";
import { chosenDbPath } from "../db/db_path.ts";
import { type ServicePlace, servicePlace, socketPathProblem } from "./service_place.ts";

const encoder = new TextEncoder();

/** Writes lines to stdout, one write per line, so lines from both sides never interleave. */
class Out {
  #writer = Deno.stdout.writable.getWriter();
  write(text: string): Promise<void> {
    return this.#writer.write(encoder.encode(text));
  }
}

/** The pump's state across the service's restarts. */
class Pump {
  #link: Link | null = null;
  /** The client's requests the service has not answered, by id. */
  #pending = new Map<string, RpcId>();
  /** The client's `initialize` and `notifications/initialized`, replayed to open a session on a new service. */
  #init: { request: string | null; notified: string | null } = { request: null, notified: null };
  /** Ids of replayed requests, whose answers the client never sees. */
  #replayed = new Set<string>();
  #sessions = 0;
  /** Set once the client has closed stdin: the service's end is then no news. */
  #closing = false;

  constructor(private out: Out, private connect: () => Promise<Link>) {}

  /** Forwards one client line, connecting first when needed; throws when the service cannot be reached. */
  async forward(line: string): Promise<void> {
    const kind = lineKind(line);
    if (kind.kind === "request") this.#pending.set(idKey(kind.id), kind.id);
    const link = await this.#ensure(kind.kind === "request" && kind.method === "initialize");
    if (kind.kind === "request" && kind.method === "initialize") this.#init.request = line;
    if (kind.kind === "notification" && kind.method === "notifications/initialized") {
      this.#init.notified = line;
    }
    try {
      await link.write(line + "\n");
    } catch {
      // The service went between the connect and this write: the reader's end answers what is pending.
    }
  }

  /** The live link, opening a session on a (maybe new) service first. */
  async #ensure(initializing: boolean): Promise<Link> {
    if (this.#link) return this.#link;
    const link = await this.connect();
    this.#link = link;
    const session = ++this.#sessions;
    if (session > 1 && !initializing && this.#init.request) {
      const id = `choto-bridge-reopen-${session}`;
      this.#replayed.add(idKey(id));
      await link.write(withId(this.#init.request, id)).catch(() => {});
      if (this.#init.notified) await link.write(this.#init.notified + "\n").catch(() => {});
    }
    void this.#pumpBack(link);
    return link;
  }

  /** Copies the service's lines to stdout until the connection ends, then answers what was left pending. */
  async #pumpBack(link: Link): Promise<void> {
    try {
      for (;;) {
        const line = await link.lines.line();
        if (line === null) break;
        const kind = lineKind(line);
        if (kind.kind === "response") {
          const key = idKey(kind.id);
          if (this.#replayed.delete(key)) continue;
          this.#pending.delete(key);
        }
        await this.out.write(line + "\n");
      }
    } catch {
      // A broken connection ends like a closed one.
    }
    if (this.#link === link) this.#link = null;
    link.close();
    if (this.#closing) return;
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    console.error(
      `choto: bridge: the service closed the connection${
        pending.length ? ` with ${pending.length} request(s) in flight` : ""
      }; the next request starts it again`,
    );
    for (const id of pending) {
      // A client that has gone cannot be told: its stdin's end ends the bridge.
      await this.out.write(errorLine(
        id,
        "choto's service stopped before it answered; the next request starts it again. Whether the call " +
          "acted is unknown: observe before you send it again.",
      )).catch(() => {});
    }
  }

  /** The client closed stdin: the session ends. */
  close(): void {
    this.#closing = true;
    this.#link?.close();
  }

  /** Answers the request on `line` (when it is one) with `message`. */
  async refuse(line: string, message: string): Promise<void> {
    const kind = lineKind(line);
    if (kind.kind === "request") await this.out.write(errorLine(kind.id, message)).catch(() => {});
  }
}

/**
 * The service's folder and socket, for the service's own flags: the socket
 * (this bridge connects to it, so its flags allow it), and the folder when
 * this bridge may write there.
 */
function grantedPlace(place: ServicePlace): { write?: string; socket: string } {
  let write: string | undefined;
  try {
    if (Deno.permissions.querySync({ name: "write", path: place.dir }).state === "granted") write = place.dir;
  } catch {
    // Not asked: the task's own flags decide.
  }
  return { write, socket: place.socket };
}

/** `choto bridge`. */
export const bridgeCommand: Command = {
  usage: [
    ["bridge", "the stdio MCP entry for clients: relays to `choto service`, starting it when needed"],
    [
      "bridge -- FLAGS",
      "the same, starting the service with these deno flags instead of `deno task service`'s",
    ],
  ],
  options: ["db", "ocr"],
  maxArgs: Infinity,
  run: async (v, serviceFlags) => {
    const notFlag = serviceFlags.find((f) => !/^--[a-z]/.test(f));
    if (notFlag !== undefined) {
      throw new UsageError(
        `bridge takes only deno flags after "--", for the service it starts (got "${notFlag}")`,
      );
    }
    const place = servicePlace(chosenDbPath(v.db));
    const say = (line: string) => console.error(line);
    const problem = place
      ? socketPathProblem(place.socket)
      : "the service needs a database file, not :memory:";
    const start = {
      execPath: Deno.execPath(),
      home: envVar("HOME") ?? ".",
      db: v.db,
      ocr: v.ocr,
      flags: serviceFlags.length ? serviceFlags : undefined,
      also: place ? grantedPlace(place) : undefined,
    };
    const launchd = place && Deno.build.os === "darwin"
      ? launchdStart(place.socket, Deno.build.os, start.home, Deno.uid() ?? 0, fileThere)
      : null;
    const reach = () => {
      if (problem) return Promise.reject(new Error(problem));
      return reachService({ place: place!, start, say, launchd });
    };
    // Reached at once, while the client starts: its first request need not wait for the service to load.
    let early: Promise<Link> | null = reach();
    early.catch(() => {});
    const connect = () => {
      const link = early ?? reach();
      early = null;
      return link;
    };
    const pump = new Pump(new Out(), connect);
    const stdin = new LineReader(Deno.stdin.readable);
    for (;;) {
      const line = await stdin.line();
      if (line === null) break;
      if (!line.trim()) continue;
      try {
        await pump.forward(line);
      } catch (err) {
        const message = `choto: bridge: ${(err as Error).message}`;
        say(message);
        await pump.refuse(line, message);
        return 1;
      }
    }
    pump.close();
    return 0;
  },
};
