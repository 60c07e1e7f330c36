/**
 * A real MCP client and server pair over an in-memory transport, on a
 * store of the test's own, whose services refuse the desktop and the screen
 * reader: the memory map's resources and view must be served from the
 * database alone.
 */

import { Client, type ClientOptions } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createServer } from "../../src/server/server.ts";
import { createServices } from "../../src/services.ts";
import type { Store } from "../../src/db/store.ts";

/** Connects a client (with `options`, e.g. the capabilities it declares) to a server on `store`. */
export async function connectMapClient(store: Store, now: number, options: ClientOptions = {}) {
  const services = createServices({
    store,
    openDesktop: () => {
      throw new Error("the map must never open the desktop");
    },
    openReader: () => {
      throw new Error("the map must never start a screen reader");
    },
    now: () => now,
  });
  const server = createServer(services);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "test-host", version: "0.0.0" }, options);
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return { client, close: async () => (await client.close(), await server.close()) };
}
