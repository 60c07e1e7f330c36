/**
 * How long a 2026-07-28 client may keep each list choto answers
 * (`ttlMs`/`cacheScope` on the result). The tools and the resource template
 * never change while the server runs; the resource list grows as apps are
 * learned, and a page read reflects the memory now, so those are not kept.
 * Every list depends on what the client declared (MCP Apps), so none is
 * shared between clients.
 *
 * @module
 */

import type { CacheHint } from "@modelcontextprotocol/server";

/** An hour for what holds for the server's life: a client that keeps it longer would miss a restart's changes. */
const STABLE_MS = 60 * 60_000;

/** The hint per cacheable operation. */
export const CACHE_HINTS: Record<string, CacheHint> = {
  "server/discover": { ttlMs: STABLE_MS, cacheScope: "private" },
  "tools/list": { ttlMs: STABLE_MS, cacheScope: "private" },
  "resources/templates/list": { ttlMs: STABLE_MS, cacheScope: "private" },
  "resources/list": { ttlMs: 0, cacheScope: "private" },
  "resources/read": { ttlMs: 0, cacheScope: "private" },
};
