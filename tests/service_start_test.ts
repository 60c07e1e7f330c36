/**
 * The command line a bridge starts the service with, and the shipped tasks
 * it is read from: `deno task service` and `deno task bridge` take the same
 * flags, which are `deno task start`'s with the default sockets added to
 * --allow-net.
 */

import { assertEquals, assertThrows } from "./support/assert.ts";
import config from "../deno.json" with { type: "json" };
import { isCompiled, serviceCommandLine, taskWords } from "../src/cli/service_start.ts";
import { ROOT } from "./support/mcp.ts";
import { taskOf, taskStart } from "./support/shipped.ts";
import { codeGraph, reached, specifierOf } from "./support/module_graph.ts";

Deno.test("the service and the bridge ship the same flags: start's, with the default sockets allowed", () => {
  const home = "/home/u";
  const service = taskOf("service", home), bridge = taskOf("bridge", home), start = taskStart(home);
  assertEquals(service.flags, bridge.flags);
  assertEquals(service.script.slice(1), ["service"]);
  assertEquals(bridge.script.slice(1), ["bridge"]);
  const net = (flags: string[]) => flags.find((f) => f.startsWith("--allow-net="))!;
  assertEquals(
    net(service.flags),
    `${
      net(start.flags)
    },unix:${home}/.local/share/choto/choto.sock,unix:${home}/Library/Application Support/choto/choto.sock`,
  );
  const others = (flags: string[]) => flags.filter((f) => !f.startsWith("--allow-net="));
  assertEquals(others(service.flags), others(start.flags));
});

Deno.test("a bridge starts the service with deno, the service task's flags, this checkout's main.ts and its own --db", () => {
  const line = serviceCommandLine({
    execPath: "/usr/bin/deno",
    home: "/home/u",
    db: "/d/choto.db",
    ocr: "tesseract",
  });
  const words = taskWords(config.tasks.service, "/home/u");
  assertEquals(line, [
    "/usr/bin/deno",
    ...words.slice(1, -2),
    `${ROOT}main.ts`,
    "service",
    "--db",
    "/d/choto.db",
    "--ocr",
    "tesseract",
  ]);
});

Deno.test("a compiled choto starts itself as `choto service`", () => {
  assertEquals(isCompiled("/Users/u/Applications/Choto.app/Contents/MacOS/choto"), true);
  assertEquals(isCompiled("/opt/homebrew/bin/deno"), false);
  assertEquals(serviceCommandLine({ execPath: "/Applications/Choto.app/Contents/MacOS/choto", home: "/h" }), [
    "/Applications/Choto.app/Contents/MacOS/choto",
    "service",
  ]);
});

Deno.test("a service task of another shape is refused rather than guessed", () => {
  assertThrows(
    () => serviceCommandLine({ execPath: "/usr/bin/deno", home: "/h", task: "deno run main.ts serve" }),
    /is not "deno run <flags> main.ts service"/,
  );
});

Deno.test("task words: quotes keep spaces, $HOME is expanded", () => {
  assertEquals(taskWords('deno run "--allow-write=$HOME/a b,/tmp" x', "/h"), [
    "deno",
    "run",
    "--allow-write=/h/a b,/tmp",
    "x",
  ]);
});

Deno.test("a service for a database elsewhere gets its folder and socket added to the task's scoped flags", () => {
  const task =
    'deno run --allow-read "--allow-write=$HOME/d,/tmp" --allow-net=127.0.0.1,unix:$HOME/d/choto.sock main.ts service';
  const line = serviceCommandLine({
    execPath: "/usr/bin/deno",
    home: "/h",
    task,
    db: "/data/choto.db",
    also: { write: "/data", socket: "/data/choto.sock" },
  });
  assertEquals(line.slice(2, 5), [
    "--allow-read",
    "--allow-write=/h/d,/tmp,/data",
    "--allow-net=127.0.0.1,unix:/h/d/choto.sock,unix:/data/choto.sock",
  ]);
  // Already granted: nothing is added twice.
  const same = serviceCommandLine({
    execPath: "/usr/bin/deno",
    home: "/h",
    task,
    also: { write: "/h/d", socket: "/h/d/choto.sock" },
  });
  assertEquals(same.slice(2, 5), [
    "--allow-read",
    "--allow-write=/h/d,/tmp",
    "--allow-net=127.0.0.1,unix:/h/d/choto.sock",
  ]);
});

Deno.test("the bridge loads no npm package and none of the server: it only relays", async () => {
  const graph = await codeGraph(["src/cli/bridge.ts"]);
  const resolved = reached(graph, [specifierOf("src/cli/bridge.ts")], true);
  assertEquals([...resolved].filter((s) => s.startsWith("npm:") || s.includes("/src/server/")), []);
  for (const m of ["src/cli/open.ts", "src/db/store.ts", "src/services.ts"]) {
    assertEquals(resolved.has(specifierOf(m)), false, `${m} is loaded by the bridge`);
  }
});

Deno.test("flags given to the bridge (the MCP Bundle's) replace the task's, with the folder and socket still added", () => {
  const line = serviceCommandLine({
    execPath: "/usr/bin/deno",
    main: "/b/main.ts",
    home: "/h",
    db: "/d/choto.db",
    flags: ["--cached-only", "--allow-read=/b", "--allow-write=/e", "--allow-net=unix:/d/choto.sock"],
    also: { write: "/d", socket: "/d/choto.sock" },
  });
  assertEquals(line, [
    "/usr/bin/deno",
    "run",
    "--cached-only",
    "--allow-read=/b",
    "--allow-write=/e,/d",
    "--allow-net=unix:/d/choto.sock",
    "/b/main.ts",
    "service",
    "--db",
    "/d/choto.db",
  ]);
});
