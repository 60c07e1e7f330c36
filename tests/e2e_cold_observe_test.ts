/**
 * End to end: a client that starts the server and calls at once. mousepad
 * already shows a file on an Xvfb + openbox desktop; a real MCP client
 * starts `deno task start` on a new database and, as soon as `initialize`
 * is answered, calls observe. The look reads the window in front (the
 * file's lines, as written on disk), and says whether it waited for the OCR
 * engine to start and how long, in its text and in its structured content
 * alike; a second look waited for nothing. The first call is answered
 * before the rest of the server has loaded (src/cli/first_call.ts), the
 * second by the loaded server: both replies have the same shape. The
 * English model, unpacked, is kept beside the database under the shipped
 * permission flags, as the package's file unpacks, and a server started
 * again takes that copy as it is and reads the window the same.
 */

import { gunzipSync } from "node:zlib";
import { assert, assertEquals } from "./support/assert.ts";
import { until, withSession } from "./support/session.ts";
import { modelFile } from "../src/ocr/engines/language_data.ts";
import { skipE2E } from "./support/xdesktop.ts";
import { engineWaitLine } from "../src/render/observe_text.ts";
import { SCREEN_TEXT_NOTICE } from "../src/common/untrusted.ts";

const LINES = [
  "Harbour ledger for the spring crossing",
  "Crates of copper wire loaded at dawn",
  "Ferry seven departs at noon sharp",
  "Lantern oil stored below the galley",
  "Pilot reports calm water near the cape",
  "Cargo manifest signed by the quartermaster",
];

Deno.test({
  name:
    "the first observe right after initialize reads the window in front and says how long it waited for the engine",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    let file = "";
    await withSession(async (server) => {
      const written = (await Deno.readTextFile(file)).split(/\s+/).filter(Boolean);
      // Sent the moment the handshake is answered: the server is still loading and its recognisers starting.
      const t0 = performance.now();
      const first = await server.call("observe", { screenshot: false });
      const callMs = performance.now() - t0;
      assert(!first.isError, `${first.text}\n${server.stderr()}`);
      const window = first.structured.window as { title: string; app: string };
      assert(window.title.includes("manifest"), `read ${JSON.stringify(window)}`);
      const texts = (first.structured.elements as Array<{ text: string }>).map((e) => e.text);
      const read = new Set(texts.flatMap((t) => t.split(/\s+/)));
      // The file's words as written on disk, one misread at most.
      const missed = written.filter((w) => !read.has(w));
      assert(missed.length <= 1, `missed ${JSON.stringify(missed)} in ${JSON.stringify(texts)}`);
      // Whether it waited, and how long, said alike in the text and the structured content.
      const waited = first.structured.engine_wait_ms;
      assert(typeof waited === "number" && waited >= 0, `engine_wait_ms ${waited}`);
      // The wait is part of the call, so never longer than the call as the client timed it.
      assert(waited <= callMs, `waited ${waited} ms in a call of ${callMs} ms`);
      const said = first.text.split("\n").filter((l) => l.startsWith("engine: "));
      assertEquals(said, waited > 0 ? [engineWaitLine(waited)] : []);

      const second = await server.call("observe", { screenshot: false });
      assert(!second.isError, second.text);
      assertEquals(second.structured.engine_wait_ms, 0);
      assertEquals(second.text.split("\n").filter((l) => l.startsWith("engine: ")), []);
      // The first call is answered before the server has loaded: its reply is shaped as the loaded server's.
      assertEquals(Object.keys(first.structured).sort(), Object.keys(second.structured).sort());
      assert(first.text.endsWith(SCREEN_TEXT_NOTICE), first.text.slice(-200));
      assert(second.text.endsWith(SCREEN_TEXT_NOTICE), second.text.slice(-200));

      // The unpacked model, kept beside the database for the next start.
      const copy = `${server.dir}/ocr-models/eng.traineddata`;
      const kept = await until(() => Deno.stat(copy).then((s) => s, () => null));
      const unpacked = gunzipSync(await Deno.readFile((await modelFile("eng")).file));
      assertEquals(await Deno.readFile(copy), new Uint8Array(unpacked));
      await server.restart();
      const again = await server.call("observe", { screenshot: false });
      assert(!again.isError, `${again.text}\n${server.stderr()}`);
      const textsOf = (c: typeof again) =>
        (c.structured.elements as Array<{ text: string }>).map((e) => e.text);
      assertEquals(textsOf(again), textsOf(second));
      // Taken as it was: a copy found damaged or stale would have been written again.
      assertEquals((await Deno.stat(copy)).mtime, kept.mtime);
    }, {
      // mousepad shows the file before the server starts, as a client's desktop does.
      before: async (desktop, dir) => {
        file = `${dir}/manifest.txt`;
        // An empty first line: the caret stands there, not on a word.
        await Deno.writeTextFile(file, "\n" + LINES.join("\n") + "\n");
        desktop.spawn("mousepad", [file]);
        await desktop.waitForWindow("manifest");
        await new Promise((r) => setTimeout(r, 1000));
      },
    });
  },
});
