/**
 * The deny list names programs: a process is known by its executable, the
 * name it was started under, an interpreter's script, and the installed
 * application whose executable it runs, renamed, linked or copied. Real
 * processes and files; the application list is the test's own. Also the
 * pure parts beside it: zenity's arguments, the mark's sides, and the
 * clipboard watch.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { ProgramNames, programOf } from "../src/desktop/x11/program.ts";
import { onPath } from "../src/desktop/x11/apps.ts";
import { wrapText, zenityArgs } from "../src/desktop/x11/question.ts";
import { placeOff } from "../src/desktop/x11/place.ts";
import { ClipboardWatch } from "../src/desktop/clipboard_watch.ts";

const SLEEPER = { name: "Sleeper", aliases: ["sleep"], launch: ["sleep", "--help"] };

/** Runs `path` (a program that waits) and gives its pid to `fn`. */
async function running(path: string, args: string[], fn: (pid: number) => void | Promise<void>) {
  const child = new Deno.Command(path, { args, stdout: "null", stderr: "null" }).spawn();
  try {
    await new Promise((r) => setTimeout(r, 100));
    await fn(child.pid);
  } finally {
    child.kill("SIGKILL");
    await child.status;
  }
}

Deno.test({
  name: "a copy of an application's executable under another name is still that application",
  ignore: Deno.build.os !== "linux",
  async fn() {
    const dir = await Deno.makeTempDir();
    try {
      const real = Deno.realPathSync(onPath("sleep")!);
      const copy = `${dir}/notes`;
      await Deno.copyFile(real, copy);
      await Deno.chmod(copy, 0o755);
      const linked = `${dir}/renamed`;
      await Deno.link(real, linked).catch(() => Deno.copyFile(real, linked));
      await Deno.chmod(linked, 0o755);
      const names = new ProgramNames(() => [SLEEPER], onPath);
      await running(copy, ["30"], (pid) => {
        const n = names.names(pid);
        assert(n.includes("notes") && n.includes("Sleeper"), n.join(", "));
      });
      await running(linked, ["30"], (pid) => assert(names.names(pid).includes("Sleeper")));
      // Another program of the same size is not that application.
      const other = new ProgramNames(() => [{ name: "Nothing", aliases: [], launch: ["/bin/true"] }], onPath);
      await running(copy, ["30"], (pid) => assert(!other.names(pid).includes("Nothing")));
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test("an application started through env or an interpreter is indexed by what it runs", () => {
  assertEquals(programOf(["keepassxc", "%f"]), "keepassxc");
  assertEquals(programOf(["env", "QT_SCALE=2", "keepassxc"]), "keepassxc");
  assertEquals(
    programOf(["python3", "-O", "/usr/share/secrets/secrets.py"]),
    "/usr/share/secrets/secrets.py",
  );
  assertEquals(programOf(["sh", "-c", "echo hi"]), null);
  assertEquals(programOf([]), null);
});

Deno.test("the desktop question's dialog: Deny is the default, text is never markup, class is choto's", () => {
  const args = zenityArgs({
    title: "choto: allow this step?",
    text: 'click "<b>Delete</b>"',
    allow: "Allow",
    deny: "Deny",
    timeoutMs: 45_000,
  });
  for (const a of ["--question", "--default-cancel", "--no-markup", "--class=choto-confirm"]) {
    assert(args.includes(a), a);
  }
  assertEquals(args[args.indexOf("--timeout") + 1], "45");
  assertEquals(args[args.indexOf("--ok-label") + 1], "Allow");
  assertEquals(args[args.indexOf("--text") + 1], 'click "<b>Delete</b>"');
});

Deno.test("the question is wrapped, and moved off the element it asks about", () => {
  assertEquals(wrapText("one two three four", 9), "one two\nthree\nfour");
  assertEquals(wrapText("a\n\nb", 9), "a\n\nb");
  const screen = { width: 1440, height: 900 };
  const win = { x: 400, y: 400, width: 500, height: 150 };
  assertEquals(placeOff(win, { x: 500, y: 420, width: 80, height: 30 }, screen), { ...win, y: 490 });
  const low = { ...win, y: 700 };
  assertEquals(placeOff(low, { x: 500, y: 800, width: 80, height: 30 }, screen), { ...low, y: 610 });
  assertEquals(placeOff(win, { x: 10, y: 10, width: 80, height: 30 }, screen), null);
});

Deno.test("a clipboard change seen around a denied app in front is suspect; one seen elsewhere is not", () => {
  const w = new ClipboardWatch();
  w.saw(1, false);
  w.saw(2, false);
  assert(!w.tainted(2));
  // Copied while the denied app was in front, or just before it left the front.
  w.saw(2, true);
  w.saw(3, false);
  assert(w.tainted(3));
  w.saw(4, true);
  assert(w.tainted(4));
  w.saw(5, false);
  assert(w.tainted(5));
  w.saw(6, false);
  assert(!w.tainted(6));
  w.saw(null, true);
  assert(!w.tainted(6));
});
