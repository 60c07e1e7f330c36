/**
 * server.json, choto's entry for the MCP Registry, is valid against the
 * registry's own JSON Schema (the copy in build/registry/, checked with a
 * real validator), names this version of choto in its version and its
 * `.mcpb` download, offers both transports, and `deno task registry`
 * rewrites exactly the release's parts of it.
 */

import { Ajv, type ErrorObject } from "ajv";
import formats from "ajv-formats";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { ROOT } from "./support/mcp.ts";
import { VERSION } from "../src/common/version.ts";
import { entryText, refreshedEntry, type ServerEntry, sha256Hex } from "../build/registry.ts";

const schema = JSON.parse(await Deno.readTextFile(`${ROOT}build/registry/server.schema.json`));
const text = await Deno.readTextFile(`${ROOT}server.json`);
const entry = JSON.parse(text) as ServerEntry & { name: string; $schema: string };

/**
 * The registry schema's validator: draft-07 with formats checked, and Ajv's default strictness, which
 * refuses unknown keywords: the schema's documentation keyword `example` is declared.
 */
function registryValidator() {
  const ajv = new Ajv({ allErrors: true });
  // ajv-formats is CommonJS: its plugin is the module's `default`.
  formats.default(ajv);
  ajv.addKeyword("example");
  return ajv.compile(schema);
}

const validate = registryValidator();
const errorsOf = (
  doc: unknown,
) => (validate(doc) ? [] : (validate.errors ?? []).map((e: ErrorObject) => `${e.instancePath} ${e.message}`));

Deno.test("server.json is valid against the registry's schema, and names the schema it was checked with", () => {
  assertEquals(errorsOf(entry), []);
  assertEquals(entry.$schema, schema.$id);
});

Deno.test("the validator refuses what the registry refuses", () => {
  const broken = [
    { ...entry, name: "choto" }, // no namespace
    { ...entry, description: "x".repeat(101) },
    { ...entry, packages: [{ ...entry.packages[0], fileSha256: "not-a-sha" }] },
    { ...entry, packages: [{ ...entry.packages[0], version: "latest" }] },
    { ...entry, packages: [{ ...entry.packages[0], transport: { type: "streamable-http" } }] }, // no url
  ];
  for (const doc of broken) assert(errorsOf(doc).length > 0, JSON.stringify(doc).slice(0, 300));
});

Deno.test("server.json is this version of choto, its .mcpb download named for it, over stdio and Streamable HTTP", () => {
  assertEquals(entry.version, VERSION);
  for (const p of entry.packages) {
    assertEquals([p.registryType, p.version], ["mcpb", VERSION]);
    assertMatch(
      p.identifier,
      new RegExp(`^https://github\\.com/[^/]+/choto/releases/download/v${VERSION}/choto\\.mcpb$`),
    );
    assertMatch(p.fileSha256 ?? "", /^[0-9a-f]{64}$/);
  }
  assertEquals(new Set(entry.packages.map((p) => p.fileSha256)).size, 1, "one bundle file");
  const transports = entry.packages.map((p) =>
    (p as unknown as { transport: { type: string } }).transport.type
  );
  assertEquals(transports.sort(), ["stdio", "streamable-http"]);
  assertMatch(entry.name, /^io\.github\.[^/]+\/choto$/);
});

Deno.test("deno task registry's rewrite: version, download and sha256 of the release, the rest as written", async () => {
  const sha = await sha256Hex(new TextEncoder().encode("a bundle"));
  // What `sha256sum` says of the same bytes.
  assertEquals(sha, "cd98c950d629c66548537b4ecd68dab3e8cf59974ba6e40df5a1a7354b39db5f");
  const next = refreshedEntry(entry, "9.8.7", sha);
  assertEquals(next.version, "9.8.7");
  for (const p of next.packages) {
    assertEquals([p.version, p.fileSha256], ["9.8.7", sha]);
    assertMatch(p.identifier, /\/releases\/download\/v9\.8\.7\/choto\.mcpb$/);
  }
  assertEquals({ ...next, version: entry.version, packages: entry.packages }, entry);
  // Refreshing with what it already says changes nothing: the committed file is what the step writes.
  assertEquals(entryText(refreshedEntry(entry, entry.version, entry.packages[0].fileSha256!)), text);
});
