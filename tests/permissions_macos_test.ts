/**
 * The macOS backend under the permissions users run it with. For the
 * bundle's darwin entry and the README's macOS config, each read from its
 * source, a subprocess runs the backend's window listing, capture (and its
 * fallback), Accessibility reads, every kind of input, the deny list's
 * check of each event where it lands (keys posted to the process checked),
 * the clipboard's change count and concealed copies, program names, the
 * desktop question as a system alert, the grants and a Vision read in its
 * worker (tests/support/fake_macos/driver.ts)
 * against stand-in libraries at the frameworks' paths under a folder of its
 * own. The flags are the shipped ones word for word, except that each
 * library and program path is moved under that folder (and the README's
 * placeholders are filled in); the environment is only what an MCP client
 * passes. A call those flags refuse fails the run.
 */

import { assert, assertEquals } from "./support/assert.ts";
import { buildFakeMacRoot, type FakeMacRoot } from "./support/fake_macos.ts";
import { bundleEntry, clientEnv, onStandIn, readmeConfig, type Shipped } from "./support/shipped.ts";
import { MAC_LIBRARY_PATHS } from "../src/desktop/macos/libs.ts";

const DRIVER = new URL("./support/fake_macos/driver.ts", import.meta.url).pathname;

/** The steps the driver runs; each must print "ok". */
const STEPS = [
  "open the libraries",
  "window listing",
  "capture",
  "probe",
  "keyboard layout",
  "pointer and buttons",
  "accessibility reads and activation",
  "clipboard and apps",
  "guarded keys go to the process their check named",
  "a denied app named by its bundle id gets no key",
  "guarded clicks pass the pointer gate",
  "clipboard source and generation",
  "program names",
  "the desktop question as a system alert",
  "doctor checks",
  "grants refused",
  "grant prompts",
  "screencapture fallback",
  "vision in its worker",
  "vision leaves the main thread free",
  "close",
];

function haveCompiler(): boolean {
  try {
    return new Deno.Command("cc", { args: ["--version"], stdout: "null", stderr: "null" }).outputSync()
      .success;
  } catch {
    return false;
  }
}

function skip(): boolean {
  if (Deno.build.arch !== "x86_64") {
    console.warn("skipping: the stand-in macOS libraries are written for x86-64");
    return true;
  }
  if (haveCompiler()) return false;
  if (Deno.env.get("CI")) {
    throw new Error("CI is set but no C compiler (cc) is installed: .ci/run must install gcc");
  }
  console.warn("skipping: no C compiler to build the stand-in macOS libraries (apt-get install gcc)");
  return true;
}

/** Runs the driver with `shipped`'s flags on the stand-in tree; its output and exit code. */
async function drive(fake: FakeMacRoot, shipped: Shipped, home: string, dataDir: string) {
  // A bridge's desktop work is done by the service it starts: the driver runs under the service's flags.
  const flags = onStandIn((shipped.service ?? shipped).flags, fake.root, home);
  const env = { ...clientEnv(home), ...shipped.env };
  // The bundle's packed package cache does not exist in a checkout; the script imports no package.
  delete env.DENO_DIR;
  const out = await new Deno.Command(Deno.execPath(), {
    args: [...flags, DRIVER, fake.root, dataDir],
    clearEnv: true,
    env,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  return { code: out.code, text, flags };
}

Deno.test({
  name: "the macOS backend works under the bundle's darwin flags and the README's macOS config",
  ignore: skip(),
  async fn(t) {
    const fake = await buildFakeMacRoot();
    const home = await Deno.makeTempDir({ prefix: "choto-home-" });
    try {
      const bundleData = `${home}/bundle-data`;
      const entries: Array<{ shipped: Shipped; dataDir: string }> = [
        { shipped: await bundleEntry("darwin", { home, databaseFolder: bundleData }), dataDir: bundleData },
        // The README's config names the default data folder (in the home folder) for writing.
        { shipped: readmeConfig("darwin"), dataDir: `${home}/Library/Application Support/choto` },
      ];
      for (const { shipped, dataDir } of entries) {
        await t.step(shipped.name, async () => {
          const ffi = (shipped.service ?? shipped).flags.find((f) => f.startsWith("--allow-ffi"));
          assert(ffi?.includes("="), `${shipped.name} scopes --allow-ffi to paths (${ffi})`);
          for (const lib of MAC_LIBRARY_PATHS) assert(ffi!.includes(lib), `${shipped.name} allows ${lib}`);
          await Deno.mkdir(dataDir, { recursive: true });
          const run = await drive(fake, shipped, home, dataDir);
          const report = `${run.flags.join(" ")}\n${run.text}`;
          for (const step of STEPS) {
            assert(
              run.text.includes(`\nok ${step}:`) || run.text.startsWith(`ok ${step}:`),
              `${step}:\n${report}`,
            );
          }
          assert(!/^FAIL /m.test(run.text), report);
          assertEquals(run.code, 0, report);
          // The calls the stand-in saw: the key that types a on AZERTY, the raise, keys posted to
          // TextEdit's pid (never to the denied app's), the alert answered off the main thread.
          assert(run.text.includes("post tap 0 key 0x0c down flags 0x100000"), report);
          assert(run.text.includes("AX AXRaise on window 3"), report);
          assert(run.text.includes("post pid 300 key 0x0c down flags 0x100000"), report);
          assert(!run.text.includes("post pid 700 "), report);
          assert(/^alert on another thread, level 2, .* answered 1$/m.test(run.text), report);
          assert(run.text.includes("vision setRecognitionLanguages: fr-FR,en-US"), report);
        });
      }
    } finally {
      await fake.remove();
      await Deno.remove(home, { recursive: true });
    }
  },
});
