/**
 * The compile include list (build/include.ts) is complete and current: every
 * entry exists, the OCR worker's script and every WebAssembly core build are
 * on it, and real runs of `choto selftest` (both OCR paths, built-in
 * images, as a compiled binary runs), of `choto serve` through a first call
 * and of the help (which loads every command) read nothing from the
 * project's folders that the list leaves out. Reads are taken from Deno's
 * own permission audit log, so nothing is guessed: it names every file read
 * and every module imported by computed path (and each module that one
 * imports), which the compiler only has when a module it compiles imports
 * it or the list names it.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { runChoto } from "./support/cli.ts";
import { ROOT } from "./support/mcp.ts";
import { COMPILE_INCLUDE } from "../build/include.ts";
import { workerScriptPath } from "../src/ocr/engines/recognisers.ts";
import { codeGraph, reached, specifierOf } from "./support/module_graph.ts";
import { clientEnv, taskStart } from "./support/shipped.ts";
import { handshake, spawnServer, toolCall } from "./support/raw_server.ts";
import { fileURLToPath } from "node:url";
import { join } from "node:path";

const root = Deno.realPathSync(ROOT);
const included = COMPILE_INCLUDE.map((i) => Deno.realPathSync(join(ROOT, i.path)));

/** Whether a real path is an included file or inside an included folder. */
function covered(path: string): boolean {
  return included.some((inc) => path === inc || path.startsWith(inc + "/"));
}

/**
 * The project's modules a binary holds: main.ts's graph and that of every
 * module the list includes (the compiler compiles each with its imports),
 * statically analysable dynamic imports included.
 */
async function compiledModules(): Promise<Set<string>> {
  const roots = ["main.ts"];
  for (const inc of COMPILE_INCLUDE.filter((i) => i.path.startsWith("src/"))) {
    const path = join(ROOT, inc.path);
    if (Deno.statSync(path).isFile) roots.push(inc.path);
    else {
      for (const e of Deno.readDirSync(path)) {
        if (e.isFile && e.name.endsWith(".ts")) roots.push(`${inc.path}/${e.name}`);
      }
    }
  }
  const graph = await codeGraph(roots);
  const modules = reached(graph, roots.map(specifierOf), true);
  return new Set([...modules].filter((s) => s.startsWith("file:")).map((s) => fileURLToPath(s)));
}

/** The files of the project a run read, by real path, from its permission audit log. */
async function projectReads(log: string): Promise<Set<string>> {
  const read = new Set<string>();
  for (const line of (await Deno.readTextFile(log)).split("\n")) {
    if (!line.trim()) continue;
    const { permission, value } = JSON.parse(line) as { permission: string; value: string | null };
    // A check of the whole permission (no value) names no file.
    if ((permission !== "read" && permission !== "ffi") || !value) continue;
    const path = value.startsWith("file://") ? fileURLToPath(value) : value;
    const abs = path.startsWith("/") ? path : join(root, path);
    let real: string;
    try {
      real = Deno.realPathSync(abs);
    } catch {
      continue; // probed but absent: nothing to include
    }
    if (real.startsWith(root + "/")) read.add(real);
  }
  return read;
}

/** What of `read` a binary would lack: neither on the list nor a compiled module. */
async function leftOut(read: Set<string>): Promise<string[]> {
  const compiled = await compiledModules();
  return [...read].filter((p) => !covered(p) && !compiled.has(p)).map((p) => p.slice(root.length + 1));
}

Deno.test("every include path exists", () => {
  const missing = COMPILE_INCLUDE.filter((i) => {
    try {
      Deno.statSync(join(ROOT, i.path));
      return false;
    } catch {
      return true;
    }
  });
  assertEquals(missing.map((i) => i.path), []);
});

Deno.test("the Vision and ScreenCaptureKit workers, started by URL, are included", () => {
  assert(covered(fileURLToPath(new URL("../src/ocr/engines/vision_worker.ts", import.meta.url))));
  assert(covered(fileURLToPath(new URL("../src/desktop/macos/sck_worker.ts", import.meta.url))));
});

Deno.test("the OCR worker script and every core build it may load are included", async () => {
  assert(covered(Deno.realPathSync(workerScriptPath())), workerScriptPath());
  // getCore.js names the builds; each loader fetches the .wasm named inside it.
  const getCore = await Deno.readTextFile(join(Deno.realPathSync(workerScriptPath()), "..", "getCore.js"));
  const builds = [...getCore.matchAll(/require\('tesseract\.js-core\/([a-z-]+)'\)/g)].map((m) => m[1]);
  assertEquals(builds.length, 6, getCore);
  const coreDir = join(Deno.realPathSync(workerScriptPath()), "../../../../../tesseract.js-core");
  for (const b of builds) {
    const loader = join(coreDir, `${b}.js`);
    assert(covered(Deno.realPathSync(loader)), `${b}.js is not included`);
    const wasm = /"([a-z-]+\.wasm)"/.exec(await Deno.readTextFile(loader))![1];
    assert(covered(Deno.realPathSync(join(coreDir, wasm))), `${wasm} is not included`);
  }
});

Deno.test("a selftest run reads nothing from the project that the list leaves out", async () => {
  const dir = await Deno.makeTempDir({ prefix: "choto-audit-" });
  try {
    const read = new Set<string>();
    // libtesseract (where installed), tesseract.js workers, tesseract.js in-process.
    // Then another language's model: Japanese, with English for its Latin runs.
    const recognisers: Array<Record<string, string>> = [{}, { CHOTO_OCR_NATIVE: "0" }, {
      CHOTO_OCR_WORKERS: "0",
    }, { CHOTO_LANGS: "ja" }];
    for (const [i, env] of recognisers.entries()) {
      const log = join(dir, `audit-${i}.jsonl`);
      const out = await runChoto(["selftest"], {
        flags: ["--allow-read", "--allow-write", "--allow-env", "--allow-ffi", "--allow-sys"],
        clearEnv: true,
        env: { CHOTO_IMAGE: "builtin", ...env, DENO_AUDIT_PERMISSIONS: log },
      });
      assertEquals(out.code, 0, out.stdout + out.stderr);
      for (const p of await projectReads(log)) read.add(p);
    }
    // The run did read run-time data, or this test would prove nothing.
    assert([...read].some((p) => p.endsWith("eng.traineddata.gz")), [...read].join("\n"));
    assert([...read].some((p) => p.endsWith("jpn.traineddata.gz")), [...read].join("\n"));
    assert([...read].some((p) => p.endsWith(".wasm")), [...read].join("\n"));
    assert([...read].some((p) => p.includes("/sql/migrations/")), [...read].join("\n"));
    // The command itself is imported by computed path.
    assert(read.has(join(root, "src/cli/selftest.ts")), [...read].join("\n"));
    assertEquals(await leftOut(read), [], "read at run time but not in build/include.ts");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a served session and the help read nothing from the project that the list leaves out", async () => {
  const dir = await Deno.makeTempDir({ prefix: "choto-audit-" });
  try {
    const home = Deno.env.get("HOME")!;
    const start = taskStart(home);
    const log = join(dir, "serve.jsonl");
    const server = spawnServer([...start.flags, ...start.script, "--db", join(dir, "choto.db")], {
      ...clientEnv(home),
      DENO_AUDIT_PERMISSIONS: log,
    });
    try {
      await handshake(server);
      await server.send(toolCall(3, "recall"));
      const call = await server.reply(3);
      assert(call.result && !call.result.isError, JSON.stringify(call).slice(0, 300));
    } finally {
      await server.close();
    }
    const read = await projectReads(log);
    // The server's modules are imported by computed path once the handshake is answered.
    assert(read.has(join(root, "src/cli/serving.ts")), [...read].join("\n"));
    const helpLog = join(dir, "help.jsonl");
    const help = await runChoto(["--help"], {
      flags: ["--allow-read", "--allow-env", "--allow-sys"],
      env: { DENO_AUDIT_PERMISSIONS: helpLog },
    });
    assertEquals(help.code, 0, help.stderr);
    for (const p of await projectReads(helpLog)) read.add(p);
    assert(read.has(join(root, "src/cli/doctor.ts")), [...read].join("\n"));
    assertEquals(await leftOut(read), [], "read at run time but not in build/include.ts");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
