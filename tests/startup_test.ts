/**
 * The server answers `initialize` and `tools/list` before it has read its
 * settings or opened its database, whatever the OCR engine: started as
 * `deno task start` starts it, with its choto.json a pipe nobody writes yet,
 * it has answered both while the file still waits; a tool call sent then
 * waits and is answered once the file has been read. A broken choto.json,
 * read after the handshake, still ends the server with the file named.
 *
 * What Deno does before the handshake stays small: the modules it resolves
 * before main.ts runs hold no npm package (with `"nodeModulesDir": "auto"`
 * it checks node_modules for every batch of packages it meets, which took
 * longer than the whole answer may), and those it evaluates before the
 * handshake import no Node built-in (the first loads Deno's Node layer).
 */

import { join } from "node:path";
import { codeGraph, reached, specifierOf } from "./support/module_graph.ts";
import { clientEnv, taskStart } from "./support/shipped.ts";
import { assert, assertEquals } from "./support/assert.ts";
import { handshake, initializeRequest, spawnServer, toolCall } from "./support/raw_server.ts";
import { installedModel } from "../src/ocr/engines/language_data.ts";

for (
  const [engine, env] of [
    ["tesseract", {}],
    ["tesseract-fast", { CHOTO_OCR_ENGINE: "tesseract-fast" }],
    ["tesseract.js", { CHOTO_OCR_NATIVE: "0" }],
  ] as Array<[string, Record<string, string>]>
) {
  Deno.test(`with ${engine}, initialize and tools/list are answered before the settings or the database are read`, async () => {
    const dir = await Deno.makeTempDir({ prefix: "choto-startup-" });
    const db = join(dir, "choto.db");
    const settings = join(dir, "choto.json");
    const made = await new Deno.Command("mkfifo", { args: [settings] }).output();
    assert(made.success, "mkfifo");
    const home = Deno.env.get("HOME")!;
    const start = taskStart(home);
    const server = spawnServer([...start.flags, ...start.script, "--db", db], {
      ...clientEnv(home),
      ...env,
    });
    // Opening the pipe for writing waits until the server opens it to read; a server that never
    // answers gets it after a while, so the test ends and says so.
    let released = false;
    let writing: Promise<void> | null = null;
    const release = () => {
      released = true;
      writing ??= Deno.writeTextFile(settings, "{}\n");
      return writing;
    };
    const watchdog = setTimeout(release, 30_000);
    try {
      const { initialize: init, list } = await handshake(server);
      assert(!released, "initialize and tools/list waited for choto.json to be read");
      assertEquals((init.result?.serverInfo as { name: string }).name, "choto");
      assert((list.result?.tools as unknown[]).length >= 12, JSON.stringify(list).slice(0, 200));
      assert(
        !(await Deno.stat(db).then(() => true, () => false)),
        "the database was opened before the answers",
      );
      // A call sent now waits for the server, then is answered as usual.
      await server.send(toolCall(3, "recall"));
      await release();
      const call = await server.reply(3);
      const text = ((call.result?.content as Array<{ text: string }>) ?? [])[0]?.text ?? "";
      assert(call.result && !call.result.isError, `recall failed: ${JSON.stringify(call).slice(0, 300)}`);
      assert(text.length > 0);
      assert(await Deno.stat(db).then(() => true, () => false), "the database is open for the call");
    } finally {
      clearTimeout(watchdog);
      await release();
      const { stderr } = await server.close();
      assert(!stderr.includes("differs from the handshake"), stderr);
      await Deno.remove(dir, { recursive: true });
    }
  });
}

Deno.test("a broken choto.json found after the handshake ends the server, naming the file and what is wrong", async () => {
  const dir = await Deno.makeTempDir({ prefix: "choto-startup-" });
  try {
    await Deno.writeTextFile(join(dir, "choto.json"), '{ "deny_apps": [');
    const home = Deno.env.get("HOME")!;
    const start = taskStart(home);
    const server = spawnServer(
      [...start.flags, ...start.script, "--db", join(dir, "choto.db")],
      clientEnv(home),
    );
    await server.send(initializeRequest(1));
    // The handshake may answer before the settings are read; whatever it answered, the server then stops.
    await server.reply(1).catch(() => null);
    const { status, stderr } = await server.close();
    assertEquals(status.success, false, stderr);
    assert(stderr.includes(join(dir, "choto.json")) && /not valid JSON/.test(stderr), stderr);
    assert(!(await Deno.stat(join(dir, "choto.db")).then(() => true, () => false)), "no database was made");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** The handshake's own modules: on the start path, or a walk of it proves nothing. */
const HANDSHAKE_MODULES = ["src/cli/serve.ts", "src/server/handshake.ts", "src/server/stdio_transport.ts"];

Deno.test("Deno resolves no npm package before main.ts runs: the server's modules are imported after the handshake", async () => {
  const graph = await codeGraph(["main.ts"]);
  const resolved = reached(graph, [specifierOf("main.ts")], true);
  for (const m of HANDSHAKE_MODULES) assert(resolved.has(specifierOf(m)), `${m} is not on the start path`);
  assertEquals([...resolved].filter((s) => s.startsWith("npm:")), []);
  for (const m of ["src/cli/open.ts", "src/cli/serving.ts", "src/cli/observe.ts"]) {
    assert(!resolved.has(specifierOf(m)), `${m} is resolved before main.ts runs`);
  }
});

Deno.test("nothing evaluated before the handshake imports a Node built-in", async () => {
  // main.ts's own imports, then serve.ts's (main.ts imports it before it parses the arguments).
  const graph = await codeGraph(["main.ts"]);
  const evaluated = reached(graph, [specifierOf("main.ts"), specifierOf("src/cli/serve.ts")], false);
  for (const m of HANDSHAKE_MODULES) assert(evaluated.has(specifierOf(m)), `${m} is not evaluated`);
  // The first one loads Deno's Node layer (about 13 ms), node:process 15 more, node:fs and node:crypto
  // tens each: all are needed only once the server loads.
  assertEquals([...evaluated].filter((s) => s.startsWith("node:")), []);
});

Deno.test("loading the engine's and the services' modules resolves no npm package", async () => {
  // serve.ts imports them by computed path, so Deno resolves their graphs then, dynamic imports of a
  // string literal included: tesseract.js, the six model packages or sharp would each cost the start
  // 10-30 ms before the first recogniser could begin (they load by computed path when used).
  for (const m of ["src/cli/open_engine.ts", "src/cli/open.ts"]) {
    const graph = await codeGraph([m]);
    const resolved = reached(graph, [specifierOf(m)], true);
    assert(resolved.has(specifierOf("src/ocr/engines/tesseract.ts")), `${m} does not reach the engine`);
    assertEquals([...resolved].filter((s) => s.startsWith("npm:")), [], m);
  }
});

Deno.test("nothing evaluated before the recognisers start imports a Node built-in or an npm package", async () => {
  // serve.ts starts the engine from open_engine.ts as soon as the handshake is answered; the first Node
  // built-in, or a model's CommonJS package, would load Deno's Node layer first (tens of ms).
  const graph = await codeGraph(["src/cli/open_engine.ts"]);
  const evaluated = reached(graph, [specifierOf("src/cli/open_engine.ts")], false);
  assert(
    evaluated.has(specifierOf("src/ocr/engines/native_tesseract.ts")),
    "the native recogniser is not reached",
  );
  assertEquals([...evaluated].filter((s) => s.startsWith("node:") || s.startsWith("npm:")), []);
  // And the English model is found where deno install put it, without importing its package.
  assertEquals(installedModel("eng")?.file.endsWith("/4.0.0_best_int/eng.traineddata.gz"), true);
});
