/**
 * The Host and Origin headers of a request to `serve --http`, read strictly:
 * a name (letters, digits, dots, dashes, underscores) or a bracketed IPv6
 * address, then at most a numeric port, and nothing else. Deno builds a
 * request's URL by pasting the Host header in front of its path, so a Host
 * that is not an authority makes that URL unparseable (or moves the path);
 * nothing reads the URL before these checks pass.
 *
 * @module
 */

/** A host and port as a header names them; `name` is lowercase, an IPv6 address keeps its brackets. */
export interface Authority {
  name: string;
  /** The port written, or null when none is. */
  port: number | null;
}

/** An origin: its scheme (lowercase) and authority. */
export interface Origin extends Authority {
  scheme: string;
}

/** The longest authority read: a 253-character DNS name and `:65535`. */
const MAX_AUTHORITY = 260;
/** The longest origin read: a long scheme and the longest authority. */
const MAX_ORIGIN = 300;

const NAME = /^[a-z0-9._-]+$/i;
const IPV6 = /^\[[0-9a-f:.]+\]$/i;
const PORT = /^\d{1,5}$/;

/** `text` read as `name[:port]` or `[ipv6][:port]`; null when it is anything else. */
export function parseAuthority(text: string): Authority | null {
  if (text.length === 0 || text.length > MAX_AUTHORITY) return null;
  let name: string;
  let rest: string;
  if (text.startsWith("[")) {
    const end = text.indexOf("]");
    if (end < 0) return null;
    name = text.slice(0, end + 1);
    rest = text.slice(end + 1);
    if (!IPV6.test(name) || !name.includes(":")) return null;
  } else {
    const colon = text.indexOf(":");
    name = colon < 0 ? text : text.slice(0, colon);
    rest = colon < 0 ? "" : text.slice(colon);
    if (!NAME.test(name)) return null;
  }
  if (rest === "") return { name: name.toLowerCase(), port: null };
  const digits = rest.slice(1);
  if (!rest.startsWith(":") || !PORT.test(digits) || Number(digits) > 65535) return null;
  return { name: name.toLowerCase(), port: Number(digits) };
}

/**
 * An Origin header's value read as `scheme://authority`; "null" (a page
 * with an opaque origin) for "null"; undefined when it is malformed (a path,
 * a user name, several values, characters an origin never has).
 */
export function parseOrigin(text: string): Origin | "null" | undefined {
  if (text === "null") return "null";
  if (text.length > MAX_ORIGIN) return undefined;
  const m = /^([a-z][a-z0-9+.-]*):\/\/(.*)$/i.exec(text);
  if (!m) return undefined;
  const authority = parseAuthority(m[2]);
  return authority ? { scheme: m[1].toLowerCase(), ...authority } : undefined;
}

/** The names a loopback server answers to. */
export const LOOPBACK_NAMES: ReadonlySet<string> = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

/** `host` as an authority names it: an IPv6 address in brackets. */
export function authorityName(host: string): string {
  return host.includes(":") && !host.startsWith("[") ? `[${host.toLowerCase()}]` : host.toLowerCase();
}
