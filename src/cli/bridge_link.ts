/**
 * How `choto bridge` reaches the service: connect to the socket and read its
 * greeting; when nothing listens, start the service (detached) and wait for
 * it, within a bound; when the service is older than the bridge, ask it to
 * stop (SIGTERM by its pid when it does not), wait for it to go, and start
 * this version's. Every failure is an Error whose message says what to do.
 *
 * @module
 */

import { processAlive } from "../common/process_alive.ts";
import { VERSION } from "../common/version.ts";
import { LineReader } from "./line_reader.ts";
import type { ServicePlace } from "./service_place.ts";
import {
  type Hello,
  MAX_CONTROL_LINE,
  parseHello,
  type Purpose,
  purposeLine,
  verdict,
} from "./service_protocol.ts";
import { serviceCommandLine, startDetached, type StartFrom } from "./service_start.ts";
import { olderAppNote } from "./bridge_launchd.ts";

/** How long a bridge waits for a service it started to listen (its first start loads the OCR models). */
export const START_WAIT_MS = 60_000;
/** How long a service has to greet a connection. */
const HELLO_WAIT_MS = 10_000;
/** How long an older service has to stop when asked, and then when sent SIGTERM. */
const STOP_WAIT_MS = 10_000;
/** How long a bridge waits on another service's lock before it starts its own again. */
const RESPAWN_MS = 5_000;
/** Between two tries to connect while a service starts or stops. */
const POLL_MS = 100;

const encoder = new TextEncoder();

/** A connection to the service, greeted. */
export interface Link {
  conn: Deno.UnixConn;
  /** The connection's lines, the greeting read. */
  lines: LineReader;
  hello: Hello;
  /** Writes `text` whole. */
  write(text: string): Promise<void>;
  close(): void;
}

/** What the bridge needs to reach (and start) the service. */
export interface Reach {
  place: ServicePlace;
  start: StartFrom;
  /** Says a line on stderr. */
  say(line: string): void;
  /** launchd's command that starts Choto.app's service, when the app is installed for this socket (macOS). */
  launchd?: string[] | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Connects and reads the greeting; null when nothing listens on the socket. */
export async function tryConnect(socket: string): Promise<Link | null> {
  let conn: Deno.UnixConn;
  try {
    conn = await Deno.connect({ transport: "unix", path: socket });
  } catch (err) {
    if (err instanceof Deno.errors.NotFound || err instanceof Deno.errors.ConnectionRefused) return null;
    if (err instanceof Deno.errors.NotCapable) {
      throw new Error(
        `the permission flags do not allow the socket ${socket}: add unix:${socket} to --allow-net`,
      );
    }
    throw new Error(`cannot connect to the service's socket ${socket}: ${(err as Error).message}`);
  }
  const lines = new LineReader(conn.readable);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((r) => (timer = setTimeout(() => r(null), HELLO_WAIT_MS)));
  const line = await Promise.race([lines.line(MAX_CONTROL_LINE).catch(() => null), late]);
  clearTimeout(timer);
  const hello = line === null ? null : parseHello(line);
  if (!hello) {
    await lines.cancel();
    try {
      conn.close();
    } catch {
      // Cancelling its readable closed it.
    }
    // A service that closed on us while stopping counts as none; anything else listening there is not choto's.
    if (line === null) return null;
    throw new Error(
      `something other than choto's service listens on ${socket}: stop it, or remove the socket`,
    );
  }
  const write = async (text: string) => {
    const bytes = encoder.encode(text);
    for (let at = 0; at < bytes.length;) at += await conn.write(bytes.subarray(at));
  };
  return {
    conn,
    lines,
    hello,
    write,
    close: () => {
      try {
        conn.close();
      } catch {
        // Closed already.
      }
    },
  };
}

/** Starts the service detached; its exit status, once it has exited, is set on the returned object. */
function spawnService(commandLine: string[]): { status: Deno.CommandStatus | null; at: number } {
  const spawned = { status: null as Deno.CommandStatus | null, at: performance.now() };
  try {
    void startDetached(commandLine).status.then((s) => (spawned.status = s));
  } catch (err) {
    throw new Error(`cannot start the service (${commandLine[0]}): ${(err as Error).message}`);
  }
  return spawned;
}

/**
 * Starts the service and waits until it greets, or fails saying why. A
 * service that exits 0 found another's lock: one another bridge started at
 * the same moment (which is loading), or an older one still stopping; the
 * bridge waits for the one that loads, and starts its own again now and then
 * in case the lock's holder was on its way out.
 */
async function startAndWait(reach: Reach): Promise<Link> {
  if (reach.launchd) return await startByLaunchd(reach, reach.launchd);
  const commandLine = serviceCommandLine(reach.start);
  const end = performance.now() + START_WAIT_MS;
  let spawned = spawnService(commandLine);
  while (performance.now() < end) {
    const link = await tryConnect(reach.place.socket);
    if (link) return link;
    const status = spawned.status;
    if (status && !status.success) {
      throw new Error(
        `the service exited with status ${status.code} before it listened: run \`deno task service\` ` +
          "(or `choto service`) in a terminal to see why",
      );
    }
    if (status && performance.now() - spawned.at > RESPAWN_MS) spawned = spawnService(commandLine);
    await sleep(POLL_MS);
  }
  throw new Error(
    `the service did not listen on ${reach.place.socket} within ${START_WAIT_MS / 1000} s: ` +
      "run `deno task service` (or `choto service`) in a terminal to see why",
  );
}

/** Has launchd start Choto.app's service, and waits until it greets, or fails saying where its log is. */
async function startByLaunchd(reach: Reach, command: string[]): Promise<Link> {
  try {
    const out = await new Deno.Command(command[0], {
      args: command.slice(1),
      stdout: "null",
      stderr: "piped",
    })
      .output();
    if (!out.success) {
      throw new Error(new TextDecoder().decode(out.stderr).trim() || `status ${out.code}`);
    }
  } catch (err) {
    throw new Error(
      `launchd did not start Choto.app's service (${command.join(" ")}: ${(err as Error).message}): ` +
        "run `deno task app` again to reinstall it",
    );
  }
  const end = performance.now() + START_WAIT_MS;
  while (performance.now() < end) {
    const link = await tryConnect(reach.place.socket);
    if (link) return link;
    await sleep(POLL_MS);
  }
  throw new Error(
    `Choto.app's service did not listen on ${reach.place.socket} within ${START_WAIT_MS / 1000} s: ` +
      "its log is ~/Library/Logs/choto/service.log",
  );
}

/** Waits until `pid` is gone, up to `ms`; true when it went. */
async function gone(pid: number, ms: number): Promise<boolean> {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    if (!processAlive(pid)) return true;
    await sleep(POLL_MS);
  }
  return !processAlive(pid);
}

/** Asks an older service to stop, then SIGTERM by its pid; fails when it stays. */
async function stopOlder(link: Link, reach: Reach): Promise<void> {
  const { pid, version } = link.hello;
  reach.say(`choto: bridge ${VERSION} replaces the older service ${version} (pid ${pid})`);
  await link.write(purposeLine("stop")).catch(() => {});
  link.close();
  if (await gone(pid, STOP_WAIT_MS)) return;
  try {
    Deno.kill(pid, "SIGTERM");
  } catch {
    // Gone meanwhile, or not ours to signal: the wait below says which.
  }
  if (await gone(pid, STOP_WAIT_MS)) return;
  throw new Error(`the older service (pid ${pid}, version ${version}) did not stop: end it, then try again`);
}

/** A greeted connection to a service of this version (or a newer one), starting or replacing one as needed. */
export async function reachService(reach: Reach, purpose: Purpose = "session"): Promise<Link> {
  for (let tries = 0; tries < 3; tries++) {
    const link = await tryConnect(reach.place.socket) ?? await startAndWait(reach);
    const v = verdict(VERSION, link.hello.version);
    if (v === "replace" && link.hello.app) {
      reach.say(olderAppNote(VERSION, link.hello.version, link.hello.pid));
    } else if (v === "replace") {
      await stopOlder(link, reach);
      continue;
    }
    if (v === "use-newer") {
      reach.say(
        `choto: bridge ${VERSION} uses the newer service ${link.hello.version} (pid ${link.hello.pid})`,
      );
    }
    await link.write(purposeLine(purpose));
    return link;
  }
  throw new Error(
    "the service was replaced and came back old three times: stop every choto service, then retry",
  );
}
