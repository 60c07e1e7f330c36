/**
 * What `choto service` and `choto bridge` say to each other on the socket
 * before any MCP byte: the service greets each connection with one line (who
 * it is: its version and pid), and the bridge answers with one line saying
 * what the connection is for (an MCP session, or a request to stop). Both are
 * JSON objects keyed `choto`, which no JSON-RPC message is, so a line from
 * the wrong side is told at once. After them the connection carries MCP as
 * stdio does: newline-delimited JSON-RPC.
 *
 * @module
 */

/** The service's greeting: the first line on every connection. */
export interface Hello {
  choto: "service";
  version: string;
  pid: number;
  /**
   * True when the service runs from an app bundle (Choto.app, which launchd
   * keeps running): a bridge never replaces it with a service of its own,
   * which would lose the app's grants and be fought by launchd's KeepAlive.
   */
  app?: boolean;
}

/** What a connection is for, the bridge's first line: an MCP session, a stop, or only the greeting. */
export type Purpose = "session" | "stop" | "hello";

/** The longest greeting or purpose line read; either is far shorter. */
export const MAX_CONTROL_LINE = 1024;

/** The greeting's line. */
export function helloLine(version: string, pid: number, app = false): string {
  return JSON.stringify({ choto: "service", version, pid, ...(app ? { app } : {}) } satisfies Hello) + "\n";
}

/** The greeting in `line`, or null when it is not one. */
export function parseHello(line: string): Hello | null {
  const v = parseObject(line);
  if (v?.choto !== "service" || typeof v.version !== "string" || !Number.isInteger(v.pid)) return null;
  return {
    choto: "service",
    version: v.version,
    pid: v.pid as number,
    ...(v.app === true ? { app: true } : {}),
  };
}

/** The purpose's line. */
export function purposeLine(purpose: Purpose): string {
  return JSON.stringify({ choto: purpose }) + "\n";
}

/** The purpose in `line`, or null when it is not one. */
export function parsePurpose(line: string): Purpose | null {
  const v = parseObject(line)?.choto;
  return v === "session" || v === "stop" || v === "hello" ? v : null;
}

function parseObject(line: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(line);
    return typeof v === "object" && v !== null && !Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
}

/**
 * Orders two versions (`1.2.3`, with an optional `-pre` part): negative when
 * `a` is older, positive when newer, 0 when equal. A pre-release is older
 * than its release; parts that are not numbers compare as text.
 */
export function compareVersions(a: string, b: string): number {
  const [coreA, preA] = splitPre(a), [coreB, preB] = splitPre(b);
  const partsA = coreA.split("."), partsB = coreB.split(".");
  for (let i = 0; i < Math.max(partsA.length, partsB.length); i++) {
    const c = comparePart(partsA[i] ?? "0", partsB[i] ?? "0");
    if (c !== 0) return c;
  }
  if (preA === preB) return 0;
  if (preA === null) return 1;
  if (preB === null) return -1;
  return comparePart(preA, preB);
}

function splitPre(v: string): [string, string | null] {
  const at = v.indexOf("-");
  return at < 0 ? [v, null] : [v.slice(0, at), v.slice(at + 1)];
}

function comparePart(a: string, b: string): number {
  const na = /^\d+$/.test(a) ? Number(a) : NaN, nb = /^\d+$/.test(b) ? Number(b) : NaN;
  if (!Number.isNaN(na) && !Number.isNaN(nb)) return Math.sign(na - nb);
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * What a bridge of version `own` does with a service of version `theirs`:
 * use it when they are the same; replace it when it is older (the checkout
 * was updated and the old code still runs); use it, and say so, when it is
 * newer: replacing a newer service would start a tug of war between an old
 * and a new client config.
 */
export function verdict(own: string, theirs: string): "use" | "replace" | "use-newer" {
  const c = compareVersions(theirs, own);
  return c === 0 ? "use" : c < 0 ? "replace" : "use-newer";
}
