/**
 * Choto.app without a Mac: the Info.plist, entitlements and LaunchAgent
 * that `deno task app` writes are read back by Python's plistlib (a real
 * plist parser), and the programs the installer and the uninstaller would
 * run are recorded by a runner that answers as a Mac would, for each way of
 * signing: a Developer ID, the local identity already made, the local
 * identity made now, and ad-hoc when it cannot be made.
 */
import { join } from "node:path";
import { assert, assertEquals, assertMatch, assertNotMatch, assertRejects } from "./support/assert.ts";
import { toPlist } from "../build/plist.ts";
import {
  ENTITLEMENTS,
  entitlementsPlist,
  infoPlist,
  launchAgentPlist,
  MIN_MACOS,
} from "../build/app_plists.ts";
import { installApp, type InstallContext, installSummary } from "../build/app_install.ts";
import { parseIdentities } from "../build/app_signing.ts";
import { compileArgs } from "../build/compile_args.ts";
import { COMPILE_INCLUDE } from "../build/include.ts";
import { echoed, type Runner, type RunResult, shellWord } from "../src/cli/app/runner.ts";
import { uninstallApp } from "../src/cli/app/uninstall.ts";
import { appBundleOf, kickstartCommand, macAppPaths } from "../src/common/mac_app.ts";
import { VERSION } from "../src/common/version.ts";

/** What plistlib reads from `text`, as JSON. */
async function plistlib(text: string): Promise<unknown> {
  const script = "import json, plistlib, sys; print(json.dumps(plistlib.loads(sys.stdin.buffer.read())))";
  const child = new Deno.Command("/usr/bin/python3", {
    args: ["-c", script],
    stdin: "piped",
    stdout: "piped",
  })
    .spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(text));
  await writer.close();
  const out = await child.output();
  assert(out.success, "plistlib parses the file");
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

Deno.test("the serializer's plists read back the same through plistlib, escaping included", async () => {
  const value = {
    "a & b <key>": "x < y & z > w \"quoted\" 'single' — é 日本",
    n: 42,
    neg: -7,
    yes: true,
    no: false,
    list: ["one", ["nested"], { k: "v" }],
    empty: [],
    none: {},
  };
  assertEquals(await plistlib(toPlist(value)), value);
  let refused = "";
  try {
    toPlist({ f: 1.5 });
  } catch (e) {
    refused = (e as Error).message;
  }
  assertMatch(refused, /whole number/);
});

Deno.test("Info.plist: a background app with the fixed bundle id and choto's version", async () => {
  const read = await plistlib(toPlist(infoPlist(VERSION))) as Record<string, unknown>;
  assertEquals(read.CFBundleIdentifier, "dev.choto.host");
  assertEquals(read.CFBundleName, "Choto");
  assertEquals(read.CFBundleExecutable, "choto");
  assertEquals(read.CFBundlePackageType, "APPL");
  assertEquals(read.CFBundleVersion, VERSION);
  assertEquals(read.CFBundleShortVersionString, VERSION);
  assertEquals(read.LSUIElement, true);
  assertEquals(read.LSMinimumSystemVersion, MIN_MACOS);
  assertMatch(String(read.NSScreenCaptureUsageDescription), /Choto reads the screen/);
});

Deno.test("the entitlements are the hardened runtime's exceptions V8 and FFI need, each with its reason", async () => {
  assertEquals(await plistlib(toPlist(entitlementsPlist())), {
    "com.apple.security.cs.allow-jit": true,
    "com.apple.security.cs.allow-unsigned-executable-memory": true,
    "com.apple.security.cs.disable-library-validation": true,
  });
  assert(ENTITLEMENTS.every((e) => e.why.length > 20), "each entitlement says why");
});

Deno.test("the LaunchAgent starts the app's executable as the service, at login and again after an exit", async () => {
  // A home with a space and an ampersand stays one argument.
  const paths = macAppPaths("/Users/Ann & Bo");
  assertEquals(await plistlib(toPlist(launchAgentPlist(paths))), {
    Label: "dev.choto.host",
    ProgramArguments: ["/Users/Ann & Bo/Applications/Choto.app/Contents/MacOS/choto", "service"],
    RunAtLoad: true,
    KeepAlive: true,
    LimitLoadToSessionType: "Aqua",
    ProcessType: "Interactive",
    StandardOutPath: "/Users/Ann & Bo/Library/Logs/choto/service.log",
    StandardErrorPath: "/Users/Ann & Bo/Library/Logs/choto/service.log",
  });
  // No launchd socket: the service makes its own in the data folder, and launchd holds none for it.
  assertNotMatch(toPlist(launchAgentPlist(paths)), /Sockets|SockPathName/);
  assertEquals(appBundleOf(paths.executable), "/Users/Ann & Bo/Applications/Choto.app");
  assertEquals(appBundleOf("/opt/homebrew/bin/deno"), null);
  assertEquals(kickstartCommand(501), ["/bin/launchctl", "kickstart", "-k", "gui/501/dev.choto.host"]);
});

const DEVELOPER = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
const LOCAL = "BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB";
const APPLE_DEV = "CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC";

/** `security find-identity -v -p codesigning` with these identities. */
function validList(...ids: Array<[string, string]>): string {
  return ids.map(([h, n], i) => `  ${i + 1}) ${h} "${n}"`).join("\n") +
    `\n     ${ids.length} valid identities found\n`;
}

/** `security find-identity -p codesigning`: matching identities (untrusted too), then the valid ones. */
function allList(...ids: Array<[string, string]>): string {
  return "Policy: Code Signing\n  Matching identities\n" +
    ids.map(([h, n], i) => `  ${i + 1}) ${h} "${n}" (CSSMERR_TP_NOT_TRUSTED)`).join("\n") +
    `\n     ${ids.length} identities found\n\n  Valid identities only\n     0 valid identities found\n`;
}

/** A Mac as the installer sees it: the keychain's identities and which steps fail. */
interface FakeMac {
  developerId?: boolean;
  localMade?: boolean;
  importFails?: boolean;
  compileFails?: boolean;
  bootstrapFailsOnce?: boolean;
}

/** A runner that records each command line and answers as `mac` would; it runs nothing. */
function recordingRunner(mac: FakeMac) {
  const lines: string[][] = [];
  const configs: string[] = [];
  let bootstrapFailed = false;
  const runner: Runner = {
    run(argv): Promise<RunResult> {
      lines.push([...argv]);
      const ok = (stdout = ""): Promise<RunResult> => Promise.resolve({ code: 0, stdout, stderr: "" });
      const fail = (stderr: string): Promise<RunResult> => Promise.resolve({ code: 1, stdout: "", stderr });
      const [program, ...args] = argv;
      const line = args.join(" ");
      if (program.endsWith("/security") && line === "find-identity -v -p codesigning") {
        return ok(validList(
          ...(mac.developerId
            ? [[DEVELOPER, "Developer ID Application: Ann Example (TEAM123456)"] as [
              string,
              string,
            ]]
            : []),
          [APPLE_DEV, "Apple Development: ann@example.com (XYZ987)"],
        ));
      }
      if (program.endsWith("/security") && line === "find-identity -p codesigning") {
        return ok(allList(...(mac.localMade ? [[LOCAL, "Choto Local Signing"] as [string, string]] : [])));
      }
      if (program === "/usr/bin/openssl" && args[0] === "req") {
        configs.push(Deno.readTextFileSync(args[args.indexOf("-config") + 1]));
      }
      if (program.endsWith("/security") && args[0] === "import") {
        if (mac.importFails) return fail("security: SecKeychainItemImport: User interaction is not allowed.");
        mac.localMade = true;
      }
      if (args[0] === "compile" && mac.compileFails) return fail("error: Module not found");
      if (args[0] === "bootstrap" && mac.bootstrapFailsOnce && !bootstrapFailed) {
        bootstrapFailed = true;
        return fail("Bootstrap failed: 5: Input/output error");
      }
      if (args[0] === "bootout") return fail("Boot-out failed: 3: No such process");
      return ok();
    },
  };
  return { runner, lines, configs };
}

/** Runs the installer in a throwaway home against `mac`; the recorded command lines with the home as `~`. */
async function install(mac: FakeMac) {
  const root = await Deno.makeTempDir({ prefix: "choto-app-test-" });
  const home = join(root, "home");
  const scratch = join(root, "scratch");
  await Deno.mkdir(scratch, { recursive: true });
  const rec = recordingRunner(mac);
  const slept: number[] = [];
  const log: string[] = [];
  const ctx: InstallContext = {
    runner: rec.runner,
    repo: "/src/choto",
    deno: "/opt/homebrew/bin/deno",
    staging: join(root, "dist"),
    home,
    uid: 501,
    version: VERSION,
    scratch,
    log: (l) => log.push(l),
    sleep: (ms) => (slept.push(ms), Promise.resolve()),
  };
  const short = (argv: string[]) => argv.map((a) => a.replaceAll(root, "~")).join(" ");
  return { ctx, root, home, scratch, rec, slept, log, short };
}

/** The command lines after `deno compile`, the home shown as `~`. */
function afterCompile(run: Awaited<ReturnType<typeof install>>): string[] {
  return run.rec.lines.slice(1).map(run.short);
}

const APP = "~/dist/Choto.app";
const ENT = "~/dist/choto.entitlements";
const TAIL = [
  `/usr/bin/codesign --verify --strict --verbose=2 ${APP}`,
  "/bin/launchctl bootout gui/501/dev.choto.host",
  `/usr/bin/ditto ${APP} ~/home/Applications/Choto.app`,
  "/bin/launchctl bootstrap gui/501 ~/home/Library/LaunchAgents/dev.choto.host.plist",
];
const ASK = "/usr/bin/open -n -W -a ~/home/Applications/Choto.app --args grant";

Deno.test("with a Developer ID: compiled as `deno task compile` does, signed with a timestamp, loaded, asked", async () => {
  const run = await install({ developerId: true, bootstrapFailsOnce: true });
  const done = await installApp(run.ctx);
  // The executable is the standalone binary, with every include of build/include.ts.
  const compile = run.rec.lines[0];
  assertEquals(compile, [
    "/opt/homebrew/bin/deno",
    ...compileArgs(join(run.root, "dist", "Choto.app", "Contents", "MacOS", "choto")),
  ]);
  for (const inc of COMPILE_INCLUDE) assert(compile.includes(inc.path), `compile includes ${inc.path}`);
  assertEquals(afterCompile(run), [
    "/usr/bin/security find-identity -v -p codesigning",
    `/usr/bin/codesign --force --options runtime --entitlements ${ENT} --timestamp --sign ${DEVELOPER} ${APP}`,
    ...TAIL,
    // launchd was still stopping the old job: the bootstrap is tried again after a pause.
    "/bin/launchctl bootstrap gui/501 ~/home/Library/LaunchAgents/dev.choto.host.plist",
    ASK,
  ]);
  assertEquals(run.slept, [2000]);
  assertEquals(done.identity.kind, "developer-id");
  // What was written is what plistlib reads: the Info.plist in the bundle, the agent in ~/Library.
  const info = await plistlib(await Deno.readTextFile(join(run.root, "dist/Choto.app/Contents/Info.plist")));
  assertEquals((info as Record<string, unknown>).CFBundleIdentifier, "dev.choto.host");
  const agent = await plistlib(await Deno.readTextFile(done.agent)) as Record<string, unknown>;
  assertEquals(agent.ProgramArguments, [
    join(run.home, "Applications/Choto.app/Contents/MacOS/choto"),
    "service",
  ]);
  assert((await Deno.stat(join(run.home, "Library/Logs/choto"))).isDirectory, "the log's folder exists");
  assertMatch(installSummary(done).join("\n"), /rebuilds keep the grants/);
  await Deno.remove(run.root, { recursive: true });
});

Deno.test("with the local identity already in the keychain: it is reused, nothing is made", async () => {
  const run = await install({ localMade: true });
  const done = await installApp(run.ctx);
  assertEquals(afterCompile(run), [
    "/usr/bin/security find-identity -v -p codesigning",
    "/usr/bin/security find-identity -p codesigning",
    `/usr/bin/codesign --force --options runtime --entitlements ${ENT} --sign ${LOCAL} ${APP}`,
    ...TAIL,
    ASK,
  ]);
  assertEquals(done.identity, { kind: "local", sign: LOCAL, name: "Choto Local Signing" });
  await Deno.remove(run.root, { recursive: true });
});

Deno.test("with no identity: Choto Local Signing is made once in the login keychain, then used", async () => {
  const run = await install({});
  const done = await installApp(run.ctx);
  const lines = afterCompile(run).map((l) => l.replace(/pass:[\w-]+|-P [\w-]+/, (m) => m.split(/[: ]/)[0]));
  assertEquals(lines, [
    "/usr/bin/security find-identity -v -p codesigning",
    "/usr/bin/security find-identity -p codesigning",
    "/usr/bin/openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -config ~/scratch/codesign.cnf " +
    "-keyout ~/scratch/key.pem -out ~/scratch/cert.pem",
    "/usr/bin/openssl pkcs12 -export -inkey ~/scratch/key.pem -in ~/scratch/cert.pem -name Choto Local Signing " +
    "-out ~/scratch/identity.p12 -passout pass",
    "/usr/bin/security import ~/scratch/identity.p12 -k ~/home/Library/Keychains/login.keychain-db -P " +
    "-T /usr/bin/codesign",
    "/usr/bin/security find-identity -p codesigning",
    `/usr/bin/codesign --force --options runtime --entitlements ${ENT} --sign ${LOCAL} ${APP}`,
    ...TAIL,
    ASK,
  ]);
  // The certificate is one codesign accepts: a leaf with the code-signing extended key usage.
  assertEquals(run.rec.configs.length, 1);
  assertMatch(run.rec.configs[0], /CN = Choto Local Signing/);
  assertMatch(run.rec.configs[0], /extendedKeyUsage = critical, codeSigning/);
  assertMatch(run.rec.configs[0], /basicConstraints = critical, CA:false/);
  // The same one-time password goes to pkcs12 and to import, and the key's folder is gone afterwards.
  const pass = run.rec.lines.find((l) => l[1] === "pkcs12")!.at(-1)!.slice("pass:".length);
  const imported = run.rec.lines.find((l) => l[1] === "import")!;
  assertEquals(imported[imported.indexOf("-P") + 1], pass);
  await assertRejects(Deno.stat(run.scratch));
  assertEquals(done.identity.kind, "local");
  await Deno.remove(run.root, { recursive: true });
});

Deno.test("when the identity cannot be made: ad-hoc, the stale grants cleared, and each rebuild said to cost them", async () => {
  const run = await install({ importFails: true });
  const done = await installApp(run.ctx);
  const lines = afterCompile(run);
  assertMatch(lines[4], /^\/usr\/bin\/security import /);
  assertEquals(lines.slice(lines.findIndex((l) => l.startsWith("/usr/bin/codesign --force"))), [
    `/usr/bin/codesign --force --options runtime --entitlements ${ENT} --sign - ${APP}`,
    ...TAIL,
    "/usr/bin/tccutil reset ScreenCapture dev.choto.host",
    "/usr/bin/tccutil reset Accessibility dev.choto.host",
    ASK,
  ]);
  assertEquals(done.identity.kind, "ad-hoc");
  assertMatch(run.log.join("\n"), /could not make "Choto Local Signing": \/usr\/bin\/security import failed/);
  assertMatch(
    installSummary(done).join("\n"),
    /signed ad-hoc .*each rebuild clears them and asks for them again/,
  );
  await Deno.remove(run.root, { recursive: true });
});

Deno.test("a failed compile stops the install before anything is signed, stopped or replaced", async () => {
  const run = await install({ developerId: true, compileFails: true });
  await assertRejects(installApp(run.ctx), /deno compile failed \(exit 1\): error: Module not found/);
  assertEquals(run.rec.lines.length, 1);
  await Deno.remove(run.root, { recursive: true });
});

Deno.test("uninstall: the service is booted out, the agent and the app removed, the tccutil lines printed", async () => {
  const home = await Deno.makeTempDir({ prefix: "choto-app-home-" });
  const paths = macAppPaths(home);
  await Deno.mkdir(join(paths.app, "Contents", "MacOS"), { recursive: true });
  await Deno.writeTextFile(paths.executable, "");
  await Deno.mkdir(join(paths.agent, ".."), { recursive: true });
  await Deno.writeTextFile(paths.agent, toPlist(launchAgentPlist(paths)));
  const rec = recordingRunner({});
  const log: string[] = [];
  const advice = await uninstallApp({ runner: rec.runner, home, uid: 501, log: (l) => log.push(l) });
  assertEquals(rec.lines, [["/bin/launchctl", "bootout", "gui/501/dev.choto.host"]]);
  await assertRejects(Deno.stat(paths.app));
  await assertRejects(Deno.stat(paths.agent));
  assert(advice.includes("  tccutil reset ScreenCapture dev.choto.host"), advice.join("\n"));
  assert(advice.includes("  tccutil reset Accessibility dev.choto.host"), advice.join("\n"));
  // Again, with nothing left: said, not thrown.
  await uninstallApp({ runner: rec.runner, home, uid: 501, log: (l) => log.push(l) });
  assertMatch(log.join("\n"), /Choto\.app was not there/);
  await Deno.remove(home, { recursive: true });
});

Deno.test("find-identity's listing is read once per identity", () => {
  assertEquals(
    parseIdentities(allList([LOCAL, "Choto Local Signing"]) + validList([LOCAL, "Choto Local Signing"])),
    [
      { hash: LOCAL, name: "Choto Local Signing" },
    ],
  );
  assertEquals(parseIdentities("     0 valid identities found\n"), []);
});

Deno.test("off macOS, `choto app` and `choto grant` refuse in one line, before anything happens", async () => {
  if (Deno.build.os === "darwin") return;
  const main = new URL("../main.ts", import.meta.url).pathname;
  for (
    const [args, said] of [
      [["app"], /app needs a subcommand: "uninstall" \(got nothing\)/],
      [["app", "uninstall"], /choto app is for macOS/],
      [["grant"], /choto grant is for macOS/],
    ] as const
  ) {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--allow-read", "--allow-env", main, ...args],
      stdout: "piped",
      stderr: "piped",
    }).output();
    assertEquals(out.code, 2, args.join(" "));
    const err = new TextDecoder().decode(out.stderr).trim();
    assertMatch(err, said);
    assertEquals(err.split("\n").length, 1, err);
  }
});

Deno.test("the echoed command lines hide the signing key's one-time password", () => {
  assertEquals(
    echoed(["openssl", "pkcs12", "-passout", "pass:s3cret", "security", "import", "-P", "s3cret", "-T", "x"]),
    ["openssl", "pkcs12", "-passout", "pass:***", "security", "import", "-P", "***", "-T", "x"],
  );
  assertEquals(shellWord("Choto Local Signing"), "'Choto Local Signing'");
  assertEquals(shellWord("/usr/bin/codesign"), "/usr/bin/codesign");
});
