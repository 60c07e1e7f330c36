/**
 * `choto memory export` and `import` as a user types them, under the flags
 * of `deno task memory`: the pack on stdout and what it holds on stderr,
 * several `--app`, an import from a file and from stdin, a damaged pack
 * refused with exit status 1, and usage errors with status 2.
 */

import config from "../deno.json" with { type: "json" };
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { runChoto } from "./support/cli.ts";
import { ROOT } from "./support/mcp.ts";
import { Store } from "../src/db/store.ts";
import { go, HOUR, NOW, see } from "./graph_fixture.ts";

/** The flags `deno task memory` grants. */
const FLAGS = config.tasks.memory.split(" ").filter((w) => w.startsWith("--allow-"));

Deno.test("choto memory export | import, from a file and from stdin", async () => {
  const dir = await Deno.makeTempDir({ prefix: "choto-memory-cli-" });
  try {
    {
      const a = new Store(`${dir}/a.db`);
      const main = see(a, "Geany", "untitled - Geany", ["File", "Edit"], NOW - HOUR);
      const prefs = see(a, "Geany", "Preferences", ["Toolbar"], NOW - HOUR, "dialog");
      go(a, main, "Preferences", prefs, NOW - HOUR, "chrome", "Edit");
      // Back in the main window, where routes start.
      see(a, "Geany", "untitled - Geany", ["File", "Edit"], NOW - HOUR + 1000);
      see(a, "Mousepad", "Untitled 1 - Mousepad", ["File"], NOW - HOUR);
      see(a, "galculator", "galculator", ["7", "8"], NOW - HOUR);
      a.close();
    }
    const ex = await runChoto(
      ["memory", "export", "--db", `${dir}/a.db`, "--app", "geany", "--app", "galculator"],
      { flags: FLAGS },
    );
    assertEquals(ex.code, 0, ex.stderr);
    assertMatch(
      ex.stderr,
      /^exported 2 apps \(Geany, galculator\): 3 windows, 5 texts, 0 named icons, 1 transition, 1 click\n$/,
    );
    assert(ex.stdout.startsWith('{"format":"choto-memory-pack","version":1,'), ex.stdout.slice(0, 100));
    assert(!ex.stdout.includes("Mousepad"));
    await Deno.writeTextFile(`${dir}/geany.pack`, ex.stdout);

    const im = await runChoto(["memory", "import", `${dir}/geany.pack`, "--db", `${dir}/b.db`], {
      flags: FLAGS,
    });
    assertEquals(im.code, 0, im.stderr);
    assertMatch(im.stdout, /apps: 2 new/);
    const recall = await runChoto(["recall", "--db", `${dir}/b.db`, "--query", "Toolbar"], { flags: FLAGS });
    assertMatch(
      recall.stdout,
      /route: in #\d+ "untitled - Geany" click "Edit" then click "Preferences" \(chrome\)/,
    );

    const piped = new Deno.Command(Deno.execPath(), {
      args: ["run", ...FLAGS, "main.ts", "memory", "import", "-", "--db", `${dir}/c.db`],
      cwd: ROOT,
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const w = piped.stdin.getWriter();
    await w.write(new TextEncoder().encode(ex.stdout));
    await w.close();
    const out = await piped.output();
    assertEquals(out.code, 0, new TextDecoder().decode(out.stderr));
    assertMatch(new TextDecoder().decode(out.stdout), /windows: 3 new/);

    await Deno.writeTextFile(`${dir}/cut.pack`, ex.stdout.slice(0, ex.stdout.length - 50));
    const cut = await runChoto(["memory", "import", `${dir}/cut.pack`, "--db", `${dir}/d.db`], {
      flags: FLAGS,
    });
    assertEquals(cut.code, 1);
    assertMatch(cut.stderr, /^choto: the pack is cut off: .* Nothing was imported\.\n$/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("choto memory: usage errors say what to type", async () => {
  const cases: Array<[string[], RegExp]> = [
    [["memory"], /memory needs a subcommand: "export" or "import" \(got nothing\)/],
    [["memory", "import"], /memory import needs a pack: a file, or - for stdin/],
    [["memory", "export", "out.pack"], /memory export takes no file: redirect its output \(> out\.pack\)/],
    [["recall", "--app", "a", "--app", "b"], /"recall" takes one --app \(got 2\)/],
    [["memory", "import", "x.pack", "--recipes"], /--app and --recipes are for export/],
  ];
  for (const [args, message] of cases) {
    const r = await runChoto([...args, "--db", ":memory:"], { flags: FLAGS });
    assertEquals(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
    assertMatch(r.stderr, message);
  }
});
