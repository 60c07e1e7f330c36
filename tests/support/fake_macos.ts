/**
 * A folder that stands in for a Mac's system files: the stand-in library
 * (`fake_macos/fake_macos.c`, compiled here with the system's C compiler)
 * linked at the path of every library choto opens, and small scripts at
 * the paths of the programs it runs (`/usr/sbin/screencapture`,
 * `/usr/bin/open`, `/bin/ps`). Prefix a real macOS path with the folder and
 * the stand-in is there.
 *
 * @module
 */

import { deflateSync } from "node:zlib";
import { dirname, join } from "node:path";
import { MAC_LIBRARY_PATHS } from "../../src/desktop/macos/libs.ts";
import { LIBSYSTEM_PATH, SCREEN_CAPTURE_KIT_PATH } from "../../ffi/macos/screenCaptureKit.ts";

const SOURCE = new URL("./fake_macos/fake_macos.c", import.meta.url);

/** A built stand-in tree. */
export interface FakeMacRoot {
  /** Prefix of every system path. */
  root: string;
  /** The compiled library (every framework path links to it). */
  library: string;
  remove(): Promise<void>;
}

/** An 8-bit RGB PNG of one grey, as screencapture writes (CRCs are not checked by choto's decoder). */
export function greyPng(width: number, height: number): Uint8Array {
  const chunk = (type: string, body: Uint8Array) => {
    const head = new Uint8Array(8);
    new DataView(head.buffer).setUint32(0, body.length);
    head.set(new TextEncoder().encode(type), 4);
    return [...head, ...body, 0, 0, 0, 0];
  };
  const ihdr = new Uint8Array(13);
  new DataView(ihdr.buffer).setUint32(0, width);
  new DataView(ihdr.buffer).setUint32(4, height);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = new Uint8Array(height * (1 + width * 3)).fill(128);
  for (let y = 0; y < height; y++) rows[y * (1 + width * 3)] = 0;
  return new Uint8Array([
    ...[137, 80, 78, 71, 13, 10, 26, 10],
    ...chunk("IHDR", ihdr),
    ...chunk("IDAT", new Uint8Array(deflateSync(rows))),
    ...chunk("IEND", new Uint8Array(0)),
  ]);
}

/** Compiles the stand-in library and lays out the tree; throws with the compiler's output if that fails. */
export async function buildFakeMacRoot(): Promise<FakeMacRoot> {
  const root = await Deno.makeTempDir({ prefix: "choto-fake-macos-" });
  const library = join(root, "libfakemacos.so");
  const cc = await new Deno.Command("cc", {
    args: ["-shared", "-fPIC", "-O1", "-std=c11", "-Wall", "-o", library, SOURCE.pathname],
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!cc.success) {
    await Deno.remove(root, { recursive: true });
    throw new Error(`cc failed: ${new TextDecoder().decode(cc.stderr)}`);
  }
  // ScreenCaptureKit's worker also opens the framework and libSystem (malloc, _NSConcreteGlobalBlock).
  for (const path of [...MAC_LIBRARY_PATHS, SCREEN_CAPTURE_KIT_PATH, LIBSYSTEM_PATH]) {
    await Deno.mkdir(join(root, dirname(path)), { recursive: true });
    await Deno.symlink(library, join(root, path));
  }
  await Deno.writeFile(join(root, "screen.png"), greyPng(800, 500));
  const scripts: Record<string, string> = {
    // Writes the PNG to the last argument, as `screencapture -x -t png -R… FILE` does, and notes
    // the file's name beside it (where the test, under the server's permissions, can read it).
    "/usr/sbin/screencapture":
      `for last; do :; done\necho "$last" >> "$(dirname "$last")/screencapture.log"\n` +
      `cp "${root}/screen.png" "$last"`,
    "/usr/bin/open": `echo "$@" >> "${root}/open.log"`,
    // `ps -o comm= -p PID`: the parent of the server is Claude Desktop's helper that disowns it.
    "/bin/ps": `echo /Applications/Claude.app/Contents/Helpers/disclaimer`,
  };
  for (const [path, body] of Object.entries(scripts)) {
    await Deno.mkdir(join(root, dirname(path)), { recursive: true });
    await Deno.writeTextFile(join(root, path), `#!/bin/sh\n${body}\n`);
    await Deno.chmod(join(root, path), 0o755);
  }
  return { root, library, remove: () => Deno.remove(root, { recursive: true }) };
}
