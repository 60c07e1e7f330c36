/**
 * The user's policy: how choto.json and the environment combine, how app
 * names match the deny list, and the guarded desktop that enforces it.
 */

import { assert, assertEquals, assertMatch, assertThrows } from "./support/assert.ts";
import {
  buildPolicy,
  DEFAULT_DENY_APPS,
  defaultPolicy,
  deniedEntry,
  policyLines,
} from "../src/common/policy.ts";
import { loadPolicy } from "../src/common/config.ts";
import { DeniedError, guardDesktop, type GuardEvent } from "../src/desktop/guard.ts";
import { destructiveHotkey, destructiveLabel } from "../src/plan/confirm.ts";
import { breaksLine, commandLineOf } from "../src/desktop/terminals.ts";
import { FakeDesktop, window } from "./support/fake_desktop.ts";
import { snapshot } from "../src/perceive/snapshot.ts";

const noEnv = () => undefined;

Deno.test("the default deny list holds the common password managers", () => {
  const p = buildPolicy(null, "", noEnv);
  for (const app of ["KeePassXC", "Bitwarden", "1Password", "Keychain Access", "Passwords", "Seahorse"]) {
    assert(deniedEntry(p, app) !== null, `${app} is not denied`);
  }
  assertEquals(deniedEntry(p, "Mousepad"), null);
  // Matched like focus_app: case, spacing and a longer name ignored.
  assertEquals(deniedEntry(p, "org.keepassxc.KeePassXC"), "KeePassXC");
  assertEquals(deniedEntry(p, "keychain access"), "Keychain Access");
  // Under another language the same apps carry its names, accents written or not.
  assertEquals(deniedEntry(p, "Schlüsselbundverwaltung"), "Schlüsselbundverwaltung");
  assertEquals(deniedEntry(p, "Passworter und Verschlusselung"), "Passwörter");
  assertEquals(deniedEntry(p, "キーチェーンアクセス"), "キーチェーンアクセス");
  assertEquals(deniedEntry(p, "密码和密钥"), "密码");
});

Deno.test("the file adds to or replaces the defaults and the environment adds more", () => {
  const p = buildPolicy(
    { deny_apps: ["Signal"], use_default_deny_list: false },
    "cfg",
    (n) => n === "CHOTO_DENY_APPS" ? "Mousepad, Geany" : undefined,
  );
  assertEquals(p.denyApps, ["Signal", "Mousepad", "Geany"]);
  assertEquals(p.sources, ["cfg", "CHOTO_DENY_APPS"]);
  assertEquals(buildPolicy({}, "cfg", noEnv).denyApps.length, DEFAULT_DENY_APPS.length);
});

Deno.test("a config file with a typo or a wrong type is refused, never half applied", async () => {
  assertThrows(() => buildPolicy({ deny_app: ["x"] }, "cfg", noEnv), /unknown key "deny_app"/);
  assertThrows(() => buildPolicy({ deny_apps: "x" }, "cfg", noEnv), /list of names/);
  assertThrows(() => buildPolicy([], "cfg", noEnv), /one JSON object/);
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/choto.json`, "{ not json");
    assertThrows(() => loadPolicy(`${dir}/choto.json`, noEnv), /not valid JSON/);
    assertEquals(loadPolicy(`${dir}/absent.json`, noEnv).sources, []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the guarded desktop withholds, blanks and refuses a denied app", async () => {
  const fake = new FakeDesktop();
  const vault = window("1", "KeePassXC", "Passwords.kdbx", { x: 0, y: 0, width: 200, height: 200 });
  const notes = window("2", "Mousepad", "notes", { x: 100, y: 100, width: 200, height: 150 });
  fake.windowList = [notes, vault];
  fake.focusWindowId = "1";
  const d = guardDesktop(fake, buildPolicy(null, "", noEnv));
  const s = d.windows();
  assertEquals(s.windows.map((w) => w.id), ["2"]);
  assertEquals(s.withheld, 1);
  assertEquals(s.focusWindowId, null);
  const img = d.capture();
  const at = (x: number, y: number) => img.data[(y * img.width + x) * 4];
  assertEquals(at(50, 50), 128);
  // The allowed window in front keeps its pixels.
  assert(img.data[(150 * img.width + 150) * 4] === fake.capture().data[(150 * img.width + 150) * 4]);
  await assertRejects(() => d.click({ x: 50, y: 50 }, "left", 1, []), /deny list/);
  await assertRejects(() => d.type("x"), /deny list/);
  await assertRejects(() => d.activate("1"), /deny list/);
  fake.focusWindowId = "2";
  await d.click({ x: 150, y: 150 }, "left", 1, []);
  assertMatch(fake.log.join("\n"), /click left 150,150/);
  assertMatch(d.deniedApp!("keepass") ?? "", /deny list/);
});

Deno.test("a look's two listings are the ones that blank its frame: a denied window in either is blanked", () => {
  const fake = new FakeDesktop();
  const vault = window("1", "KeePassXC", "Passwords.kdbx", { x: 0, y: 0, width: 100, height: 100 });
  const notes = window("2", "Mousepad", "notes", { x: 150, y: 0, width: 100, height: 100 });
  const later = window("3", "Bitwarden", "Vault", { x: 0, y: 150, width: 100, height: 100 });
  const menu = window("4", "Mousepad", "", { x: 300, y: 0, width: 50, height: 50 }, "menu");
  fake.windowList = [notes, vault];
  fake.chrome = [menu];
  fake.focusWindowId = "2";
  // The vault closes and another denied app opens while the frame is taken; so does the menu.
  let listings = 0;
  const list = fake.windows.bind(fake);
  fake.windows = () => {
    const s = list();
    if (++listings === 1) {
      fake.windowList = [notes, later];
      fake.chrome = [];
    }
    return s;
  };
  const d = guardDesktop(fake, buildPolicy(null, "", noEnv));
  const { before, frame, after } = d.snapshot!();
  assertEquals(listings, 2);
  const at = (x: number, y: number) => frame.data[(y * frame.width + x) * 4];
  assertEquals(at(50, 50), 128);
  assertEquals(at(50, 200), 128);
  assert(at(200, 50) !== 128, "the allowed window was blanked");
  assertEquals([before.windows.map((w) => w.id), after.windows.map((w) => w.id)], [["2"], ["2"]]);
  assertEquals([before.withheld, after.withheld], [1, 1]);
  // A look keeps the chrome either listing saw.
  listings = 0;
  fake.windowList = [notes, vault];
  fake.chrome = [menu];
  const seen = snapshot(d);
  assertEquals(listings, 2);
  assertEquals(seen.state.windows.map((w) => w.id), ["2"]);
  assertEquals(seen.state.chrome.map((w) => w.id), ["4"]);
  assertEquals(seen.frame.data[(150 * seen.frame.width + 50) * 4], 128);
});

Deno.test("a pointer move onto a denied window is refused and logged, and a gesture can be checked first", async () => {
  const fake = new FakeDesktop();
  const vault = window("1", "KeePassXC", "Passwords.kdbx", { x: 0, y: 0, width: 200, height: 200 });
  const notes = window("2", "Mousepad", "notes", { x: 100, y: 100, width: 200, height: 150 });
  fake.windowList = [notes, vault];
  const events: GuardEvent[] = [];
  const d = guardDesktop(fake, buildPolicy(null, "", noEnv), (e) => events.push(e));
  const refusal = (action: string, x: number, y: number) => ({
    kind: "refusal",
    action,
    app: "KeePassXC",
    window: null,
    outcome: "deny list",
    x,
    y,
  });
  await assertRejects(() => d.move({ x: 50, y: 50 }), /KeePassXC is on the user's deny list/);
  await assertRejects(
    async () => d.refuseDenied!("drag", [{ x: 150, y: 150 }, { x: 60, y: 40 }]),
    /deny list/,
  );
  // Where an allowed window lies in front of the denied one, input lands on the allowed one.
  d.refuseDenied!("drag", [{ x: 150, y: 150 }]);
  assertEquals(events, [refusal("move", 50, 50), refusal("drag", 60, 40)]);
  assert(!fake.log.some((l) => l.startsWith("move")), fake.log.join("\n"));
  await d.move({ x: 150, y: 150 });
  assertEquals(fake.log, ["move 150,150"]);
  // Allowed moves are not logged: a drag makes dozens.
  assertEquals(events.length, 2);
});

async function assertRejects(fn: () => Promise<unknown>, re: RegExp): Promise<void> {
  try {
    await fn();
  } catch (err) {
    assert(err instanceof DeniedError, `not a DeniedError: ${err}`);
    assertMatch((err as Error).message, re);
    return;
  }
  throw new Error("did not throw");
}

Deno.test("destructive labels, hotkeys and terminal lines are recognised", () => {
  const p = buildPolicy(null, "", noEnv);
  for (const label of ["Delete", "delete permanently", "Don’t Save", "Empty Trash", "Remove All", "Reset…"]) {
    assert(destructiveLabel(p, label) !== null, `${label} is not destructive`);
  }
  for (const label of ["Deleted items", "Save", "Cancel", "Removed", "Keep"]) {
    assertEquals(destructiveLabel(p, label), null, label);
  }
  const own = buildPolicy({ destructive_labels: ["Send"] }, "cfg", noEnv);
  assertEquals(destructiveLabel(own, "Send now"), "Send");
  assertEquals(destructiveLabel(own, "Delete"), null);
  assert(destructiveHotkey(["shift", "delete"], "Mousepad"));
  assert(destructiveHotkey(["cmd", "backspace"], "Finder"));
  assert(!destructiveHotkey(["cmd", "backspace"], "Mousepad"));
  const runsCommand = (text: string, app: string) =>
    breaksLine(text) && commandLineOf({ app, title: "" }, [], []) !== null;
  assert(runsCommand("ls\n", "xterm"));
  assert(!runsCommand("ls", "xterm"));
  assert(!runsCommand("two\nlines", "Mousepad"));
});

Deno.test("the confirmation policy comes from the file or CHOTO_CONFIRM and nothing else", () => {
  assertEquals(buildPolicy(null, "", noEnv).confirm, "ask");
  assertEquals(buildPolicy({ confirm: "deny" }, "cfg", noEnv).confirm, "deny");
  assertEquals(
    buildPolicy({ confirm: "deny" }, "cfg", (n) => n === "CHOTO_CONFIRM" ? "allow" : undefined).confirm,
    "allow",
  );
  assertEquals(
    buildPolicy(null, "", (n) => n === "CHOTO_CONFIRM" ? "desktop" : undefined).confirm,
    "desktop",
  );
  assertThrows(
    () => buildPolicy({ confirm: "sometimes" }, "cfg", noEnv),
    /must be one of ask, desktop, allow, deny/,
  );
  assertEquals(buildPolicy(null, "", noEnv).confirmTimeoutMs, 45_000);
  assertEquals(buildPolicy({ confirm_timeout_seconds: 8 }, "cfg", noEnv).confirmTimeoutMs, 8_000);
  assertThrows(
    () => buildPolicy({ confirm_timeout_seconds: 600 }, "cfg", noEnv),
    /"confirm_timeout_seconds" must be a number from 5 to 55/,
  );
});

Deno.test("doctor's effective policy names every part and where it came from", () => {
  const p = buildPolicy(
    { deny_apps: ["Signal"] },
    "/data/choto.json",
    (n) => n === "CHOTO_CONFIRM" ? "deny" : undefined,
  );
  const text = policyLines(p, "/data/choto.json").join("\n");
  assertMatch(text, /^config file: \/data\/choto.json$/m);
  assertMatch(text, /^deny list \(\d+\): KeePassXC, .*Signal$/m);
  assertMatch(
    text,
    /^destructive steps: deny \(the client asks the user where it can, else they are refused\)/m,
  );
  assertMatch(text, /^audit log: kept 30 days; typed text stored as its length and hash$/m);
  assertMatch(text, /^overrides from the environment: CHOTO_CONFIRM$/m);
  assertMatch(
    policyLines(defaultPolicy(), "/x/choto.json").join("\n"),
    /config file: \/x\/choto.json \(absent: defaults\)/,
  );
});
