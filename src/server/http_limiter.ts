/**
 * Wrong bearer tokens, counted per client: after `max` of them within the
 * window the client is refused (429) for a while, twice as long each time
 * it comes back for more, up to a cap, so one who guesses gets a handful of
 * tries a minute while the owner is never kept out for longer than the cap
 * after the guessing stops. Every loopback address is one client (a local
 * process may pick any source address in 127.0.0.0/8), an IPv6 client is its
 * /64 (one host may hold all of it). The table is bounded: when it is full
 * of clients still remembered, new ones share one record.
 *
 * @module
 */

/** How many wrong tokens, how fast, and how long a client is refused for. */
export interface FailureLimits {
  /** Wrong tokens within `windowMs` that start a refusal. */
  max: number;
  windowMs: number;
  /** The first refusal's length; each one that follows another doubles it. */
  firstBlockMs: number;
  /** The longest a refusal lasts. */
  maxBlockMs: number;
  /** After this long without a refusal, a client's next one is the first again. */
  forgetMs: number;
  /** Clients remembered at once (those beyond share one record). */
  clients: number;
}

/** Ten wrong tokens a minute; refused for 2 s, then 4, 8 … up to 60 s; forgotten after 10 quiet minutes. */
export const DEFAULT_FAILURE_LIMITS: FailureLimits = {
  max: 10,
  windowMs: 60_000,
  firstBlockMs: 2_000,
  maxBlockMs: 60_000,
  forgetMs: 10 * 60_000,
  clients: 256,
};

/** The record new clients share once the table is full. */
export const OVERFLOW_CLIENT = "others";

interface Failures {
  /** Wrong tokens since `since`. */
  count: number;
  since: number;
  /** Refusals in a row (none forgotten in between). */
  blocks: number;
  /** When the current or last refusal ends (0: never refused). */
  until: number;
}

/** Wrong tokens per client, and the refusals they earned. */
export class FailureLimiter {
  #clients = new Map<string, Failures>();
  #overflow: Failures = { count: 0, since: 0, blocks: 0, until: 0 };

  constructor(
    readonly limits: FailureLimits = DEFAULT_FAILURE_LIMITS,
    readonly now: () => number = Date.now,
  ) {}

  /** How many clients have a record of their own. */
  get size(): number {
    return this.#clients.size;
  }

  /** Milliseconds left of the client's refusal (the shared one's, when it has none and the table is full); 0 when it may try. */
  blockedFor(client: string): number {
    const f = this.#clients.get(client) ??
      (this.#clients.size >= this.limits.clients ? this.#overflow : undefined);
    return f ? Math.max(0, f.until - this.now()) : 0;
  }

  /**
   * Counts a wrong token from `client`; the length of the refusal it
   * started, or 0 when it started none. The record it was counted on is
   * `client`'s own, or the shared one when the table is full.
   */
  failed(client: string): { blockedMs: number; counted: string } {
    const now = this.now();
    const key = this.#room(client, now);
    let f = key === OVERFLOW_CLIENT ? this.#overflow : this.#clients.get(key);
    if (!f) {
      f = { count: 0, since: now, blocks: 0, until: 0 };
      this.#clients.set(key, f);
    }
    if (f.until && now - f.until > this.limits.forgetMs) f.blocks = 0;
    if (now - f.since > this.limits.windowMs) {
      f.count = 0;
      f.since = now;
    }
    f.count++;
    if (f.count < this.limits.max) return { blockedMs: 0, counted: key };
    const blockedMs = Math.min(this.limits.maxBlockMs, this.limits.firstBlockMs * 2 ** f.blocks);
    f.blocks++;
    f.count = 0;
    f.since = now;
    f.until = now + blockedMs;
    return { blockedMs, counted: key };
  }

  /** The key `client`'s failure is counted on: its own, or the shared one once the table is full. */
  #room(client: string, now: number): string {
    if (this.#clients.has(client) || this.#clients.size < this.limits.clients) return client;
    for (const [key, f] of this.#clients) {
      if (this.#stale(f, now)) this.#clients.delete(key);
    }
    return this.#clients.size < this.limits.clients ? client : OVERFLOW_CLIENT;
  }

  /** A record that no longer changes anything: not refused, its window over, its refusals forgotten. */
  #stale(f: Failures, now: number): boolean {
    return now >= f.until && now - f.since > this.limits.windowMs &&
      (f.until === 0 || now - f.until > this.limits.forgetMs);
  }
}

/**
 * The client a remote address counts as: "loopback" for any loopback
 * address, an IPv4 address itself, an IPv6 address's first 64 bits, and
 * "local" for a socket without an address.
 */
export function clientOf(addr: Deno.Addr | undefined): string {
  if (!addr || (addr.transport !== "tcp" && addr.transport !== "udp")) return "local";
  let ip = addr.hostname.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped) ip = mapped[1];
  if (/^127\./.test(ip) || ip === "::1") return "loopback";
  if (!ip.includes(":")) return ip;
  return expandIpv6(ip).slice(0, 4).join(":") + "::/64";
}

/** The eight groups of an IPv6 address (a zone or an embedded IPv4 tail dropped: only the first four matter). */
function expandIpv6(ip: string): string[] {
  const [head, tail] = ip.split("%")[0].split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = Math.max(0, 8 - left.length - right.length);
  return [...left, ...Array(missing).fill("0"), ...right].map((g) => g.replace(/^0+(?=.)/, ""));
}
