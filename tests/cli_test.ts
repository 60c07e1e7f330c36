/** The command line: help, version, and one-line refusals of bad input. */

import { assertEquals, assertMatch } from "./support/assert.ts";
import { ROOT } from "./support/mcp.ts";
import { runChoto } from "./support/cli.ts";

const choto = (...args: string[]) => runChoto(args);

Deno.test("--help and --version", async () => {
  const help = await choto("--help");
  assertEquals(help.code, 0);
  assertMatch(help.stdout, /usage: choto/);
  const version = await choto("--version");
  assertEquals(version.code, 0);
  assertMatch(version.stdout, /^\d+\.\d+\.\d+\n$/);
});

Deno.test("bad input exits non-zero with one line saying why", async () => {
  for (
    const [args, re] of [
      [["--bogus"], /unknown option --bogus/],
      [["recall", "--qurey", "x"], /unknown option --qurey; did you mean --query\?/],
      [["recall", "--db"], /option --db needs a value/],
      [["recall", "--db", "--json"], /--db needs a value .*write --db=--json/],
      [["recall", "--json=yes"], /option --json takes no value/],
      [["frobnicate"], /unknown command "frobnicate"/],
      [["ocr"], /ocr needs an image file/],
      [["ocr", "/nonexistent.png"], /cannot read \/nonexistent\.png/],
      [["observe", "--png", "shot.jpg"], /--png needs a file name ending in \.png/],
      [["ocr", "x.png", "--png", "y.png"], /--png does not apply to "ocr"/],
      [["--ocr", "abbyy", "observe"], /--ocr must be one of/],
      [["doctor", "--ocr", "tesseract"], /--ocr does not apply to "doctor"/],
      [["recall", "--depth", "4"], /--depth must be 1, 2 or 3/],
      [["recall", "--window", "Main"], /--window needs --app/],
      [["observe", "now"], /"observe" takes no arguments/],
      [["ocr", "a.png", "b.png"], /ocr reads one image at a time/],
      [["db"], /db needs a subcommand/],
      [
        ["bridge", "--", "--allow-read", "main.ts"],
        /bridge takes only deno flags after "--".*got "main\.ts"/,
      ],
    ] as Array<[string[], RegExp]>
  ) {
    const r = await choto(...args);
    assertEquals(r.code, 2, `choto ${args.join(" ")}`);
    assertEquals(r.stderr.trim().split("\n").length, 1, r.stderr);
    assertMatch(r.stderr, re);
  }
});

Deno.test("db path honours --db and CHOTO_DB", async () => {
  const r = await choto("db", "path", "--db", "/tmp/x/choto.db");
  assertEquals(r.stdout.trim(), "/tmp/x/choto.db");
});

Deno.test("the README's narrow --allow-env list is enough to read an image", async () => {
  const readme = await Deno.readTextFile(`${ROOT}README.md`);
  const envFlag = readme.match(/"(--allow-env=[^"]+)"/)![1];
  const out = await runChoto(["ocr", "fixtures/apps/zenity_scale_light.png", "--json"], {
    flags: ["--allow-read", "--allow-ffi", "--allow-sys", envFlag],
  });
  assertEquals(out.code, 0, out.stderr);
  const json = JSON.parse(out.stdout);
  assertEquals(json.width, 1440);
  assertMatch(json.elements.map((e: { text: string }) => e.text).join(" "), /Cancel/);
});

Deno.test("under the README's narrow --allow-env list the fallback switches still reach the code", async () => {
  const readme = await Deno.readTextFile(`${ROOT}README.md`);
  const envFlag = readme.match(/"(--allow-env=[^"]+)"/)![1];
  const out = await runChoto(["selftest"], {
    flags: ["--allow-read", "--allow-write", "--allow-ffi", "--allow-sys", envFlag],
    clearEnv: true,
    env: { CHOTO_IMAGE: "builtin", CHOTO_OCR_WORKERS: "0" },
  });
  const stdout = out.stdout;
  assertEquals(out.code, 0, stdout + out.stderr);
  assertMatch(stdout, /decode PNG .*forced by CHOTO_IMAGE=builtin/);
  assertMatch(stdout, /OCR, tesseract .*in-process \(forced by CHOTO_OCR_WORKERS=0\)/);
});
