/**
 * The server's stdout is the MCP channel: nothing the recogniser prints may
 * reach it. tesseract prints a table of statistics when it reads an image
 * with no ink in it; in a worker, that text goes to stderr.
 */

import { assert, assertEquals } from "./support/assert.ts";

const READ_BLANK = `
import { TesseractEngine } from "./src/ocr/engines/tesseract.ts";
const engine = new TesseractEngine(1, { inProcess: Deno.args[0] === "in-process" });
const blank = { width: 20, height: 20, data: new Uint8Array(20 * 20 * 4).fill(255) };
await engine.recognize(blank, "line");
await engine.close();
`;

for (const where of ["worker", "in-process"]) {
  Deno.test(`a read of a blank image prints nothing on stdout (${where})`, async () => {
    const root = new URL("..", import.meta.url).pathname;
    const script = await Deno.makeTempFile({ dir: root, prefix: ".read_blank_", suffix: ".ts" });
    try {
      await Deno.writeTextFile(script, READ_BLANK);
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", script, where],
        cwd: root,
        stdout: "piped",
        stderr: "piped",
      }).output();
      const stderr = new TextDecoder().decode(out.stderr);
      assertEquals(out.code, 0, stderr);
      assertEquals(new TextDecoder().decode(out.stdout), "");
      // The table went somewhere a person can still read it.
      assert(stderr.includes("Median="), stderr.slice(0, 300));
    } finally {
      await Deno.remove(script);
    }
  });
}
