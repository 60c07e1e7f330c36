/**
 * Shortcuts and typing follow the user's keyboard layout: through the
 * backend and fake layouts (US, French AZERTY, German QWERTZ, Dvorak, and
 * Dvorak that types QWERTY with Command held), each shortcut is pressed on
 * the key that types its character there, typed text carries the keys and
 * modifiers of the layout, and a character no key types is refused before
 * anything is pressed, naming the layout.
 */
import { assertEquals, assertMatch, assertRejects } from "./support/assert.ts";
import { createMacDesktop } from "../src/desktop/macos.ts";
import { LayoutMap } from "../src/desktop/macos/layout_map.ts";
import { planHotkey, US_LAYOUT } from "../src/desktop/macos/keycodes.ts";
import { makeFake } from "./support/mac_fake.ts";
import { keyLog } from "./support/mac_fake_world.ts";
import {
  CYRILLIC,
  DVORAK,
  DVORAK_QWERTY_CMD,
  type FakeLayout,
  FRENCH,
  GERMAN,
  translateOn,
  US,
} from "./support/mac_layouts.ts";

const host = { execPath: "/usr/local/bin/deno", termProgram: "Apple_Terminal" };
const hex = (n: number) => `${n.toString(16)}`;

/** The key code a shortcut's main key went down on, through the whole backend. */
async function mainKeyOf(layout: FakeLayout, keys: string[]): Promise<string> {
  const f = makeFake({ layout });
  const d = createMacDesktop(f.libs, { host, log: () => {} });
  try {
    await d.hotkey(keys);
    const modifierKeys = [0x37, 0x38, 0x3a, 0x3b];
    const main = keyLog(f.posted).map((l) => l.split(" ")[0])
      .find((k) => k.endsWith("d") && !modifierKeys.includes(Number(k.slice(0, -1))));
    return hex(Number(main!.slice(0, -1)));
  } finally {
    d.close();
    assertEquals(f.leaks(), []);
  }
}

for (
  const [layout, cases] of [
    [US, { "cmd+a": "0", "cmd+z": "6", "cmd+q": "c", "cmd+s": "1", "cmd+w": "d" }],
    // AZERTY: a and q, z and w change places; ⌘ on key code 0 would be ⌘Q, on 0x0D ⌘Z would be ⌘W.
    [FRENCH, { "cmd+a": "c", "cmd+z": "d", "cmd+q": "0", "cmd+w": "6", "cmd+m": "29" }],
    // QWERTZ: z and y change places, so ⌘Z and ⌘Y would swap.
    [GERMAN, { "cmd+a": "0", "cmd+z": "10", "cmd+y": "6", "cmd+s": "1" }],
    // Dvorak: s is where US has ;, o where US has s: by position ⌘S would be ⌘O.
    [DVORAK, { "cmd+a": "0", "cmd+s": "29", "cmd+o": "1", "cmd+z": "2c", "cmd+c": "22" }],
  ] as const
) {
  Deno.test(`${layout.name}: each shortcut goes to the key that types its character there`, async () => {
    for (const [combo, code] of Object.entries(cases)) {
      assertEquals(await mainKeyOf(layout, combo.split("+")), code, `${combo} on ${layout.name}`);
    }
  });
}

Deno.test("cmd+a is sent as the key that types a on every layout, with Command's flag", async () => {
  for (const layout of [US, FRENCH, GERMAN, DVORAK]) {
    const f = makeFake({ layout });
    const d = createMacDesktop(f.libs, { host, log: () => {} });
    await d.hotkey(["cmd", "a"]);
    const aKey = Object.entries(layout.keys).find(([, v]) => v[0] === "a")![0];
    assertEquals(keyLog(f.posted), [
      "55d 100000",
      `${Number(aKey)}d 100000`,
      `${Number(aKey)}u 100000`,
      "55u 0",
    ], layout.name);
    d.close();
  }
});

Deno.test("Dvorak - QWERTY ⌘: with Command held the layout types QWERTY, and shortcuts follow it", async () => {
  assertEquals(await mainKeyOf(DVORAK_QWERTY_CMD, ["cmd", "s"]), "1", "⌘S on the key QWERTY has s on");
  // Without Command the Dvorak keys count: ctrl+s is the key that types s on Dvorak.
  assertEquals(await mainKeyOf(DVORAK_QWERTY_CMD, ["ctrl", "s"]), "29");
});

Deno.test("a shifted character adds Shift on the layout's key: ? is Shift+, on French, Shift+/ on US", async () => {
  assertEquals(await mainKeyOf(US, ["cmd", "?"]), "2c");
  assertEquals(await mainKeyOf(FRENCH, ["cmd", "?"]), "2e");
  const f = makeFake({ layout: FRENCH });
  const d = createMacDesktop(f.libs, { host, log: () => {} });
  await d.hotkey(["cmd", "?"]);
  assertEquals(keyLog(f.posted), [
    "55d 100000",
    "56d 120000",
    "46d 120000",
    "46u 120000",
    "56u 100000",
    "55u 0",
  ]);
  d.close();
});

Deno.test("a shortcut character no key types is refused before anything is pressed, naming the layout", async () => {
  const f = makeFake({ layout: CYRILLIC });
  const d = createMacDesktop(f.libs, { host, log: () => {} });
  await assertRejects(
    d.hotkey(["cmd", "a"]),
    /no key of the Cyrillic \(test\) \(com\.example\.keylayout\.CyrillicOnly\) keyboard layout types "a" with Command held: nothing was pressed/,
  );
  assertEquals(f.posted, []);
  assertMatch(d.keyRefusal!(["cmd", "a"])!, /Cyrillic \(test\)/);
  assertEquals(d.keyRefusal!(["cmd", "ф"]), null, "its own letters are pressable");
  assertEquals(d.keyRefusal!(["cmd", "enter"]), null, "named keys do not depend on the layout");
  // é has a key on French (where US has 2), none on US.
  f.world.layout = FRENCH;
  assertEquals(d.keyRefusal!(["cmd", "é"]), null);
  f.world.layout = US;
  assertMatch(d.keyRefusal!(["cmd", "é"])!, /U\.S\./);
  d.close();
  assertEquals(f.leaks(), [], "every input source copied is released");
});

Deno.test("typing carries each character's key and modifiers on the layout; characters without one carry key 0", async () => {
  const f = makeFake({ layout: FRENCH });
  const d = createMacDesktop(f.libs, { host, log: () => {} });
  await d.type("aé?1¡ü");
  assertEquals(keyLog(f.posted).filter((l) => l.includes("d ")), [
    "12d 0 a", // where US has q
    "19d 0 é", // where US has 2
    "46d 20000 ?", // Shift and the key US has m on
    "18d 20000 1", // digits need Shift on AZERTY
    "28d 80000 ¡", // Option+8 on this fake French layout
    "0d 0 ü", // no key types ü here: key code 0, the character carried in the event
  ]);
  d.close();
  assertEquals(f.leaks(), []);
});

Deno.test("a layout switched between two shortcuts is followed, and its input source released", async () => {
  const f = makeFake({ layout: US });
  const d = createMacDesktop(f.libs, { host, log: () => {} });
  await d.hotkey(["cmd", "z"]);
  f.world.layout = GERMAN;
  await d.hotkey(["cmd", "z"]);
  const downs = keyLog(f.posted).filter((l) => l.endsWith("d 100000") && !l.startsWith("55"));
  assertEquals(downs, ["6d 100000", "16d 100000"]);
  d.close();
  assertEquals(f.leaks(), []);
});

Deno.test("the pure layout map prefers the main keys to the keypad and skips control characters", () => {
  const layout = new LayoutMap("x", "X", (code, mods) => {
    if (code === 0x52) return "0"; // keypad 0
    if (code === 0x1d) return mods ? ")" : "0"; // main-row 0
    if (code === 0x00) return mods & 1 ? "\u0001" : "a"; // a control character under Command
    return "";
  });
  assertEquals(layout.shortcutKey("0", false), { code: 0x1d, shift: false, option: false });
  assertEquals(layout.shortcutKey("a", true), null, "under Command this key types a control character");
  assertEquals(layout.shortcutKey("a", false), { code: 0, shift: false, option: false });
  assertEquals(layout.label, "X (x)");
});

Deno.test("the US table stands in when a layout has no Unicode data: the same keys as before", () => {
  const events = planHotkey({ modifiers: ["cmd"], key: "+" }, [], US_LAYOUT);
  assertEquals(events.map((e) => e.code), [0x37, 0x38, 0x18, 0x18, 0x38, 0x37]);
  for (const [code, mods] of [[0x00, 0], [0x12, 2], [0x2c, 2], [0x32, 2]] as const) {
    assertEquals(US_LAYOUT.shortcutKey(translateOn(US, code, mods), false)?.code, code);
  }
});
