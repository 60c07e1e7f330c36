/** Unit tests for the pure parts of the desktop layer. */

import { matchAppName, sameAppName } from "../src/common/app_match.ts";
import { parseDesktopEntry, splitExec, toLaunchable } from "../src/desktop/desktop_entry.ts";
import { displayHolding, inTopLeftCorner } from "../src/desktop/corner.ts";
import { keyRefusal, NAMED_KEYS, parseCombo } from "../src/desktop/keys.ts";
import { namedKeyCode } from "../src/desktop/macos/keycodes.ts";
import { NAMED_KEYSYMS } from "../src/desktop/x11/keysyms.ts";
import { charKeysym, keyKeysym } from "../src/desktop/x11/keysyms.ts";
import { bgrxToRgba } from "../src/desktop/x11/capture.ts";
import { appNameOf, frameBounds, kindOfType, parseWmClass } from "../src/desktop/x11/window_types.ts";
import { assert, assertEquals } from "./support/assert.ts";

Deno.test("app names match exact, then prefix, then substring, names before aliases", () => {
  const apps = [
    { name: "Mousepad", aliases: ["mousepad"] },
    { name: "Text Editor Settings", aliases: ["mousepad"] },
    { name: "Galculator", aliases: ["galculator"] },
    { name: "Telegram Lite", aliases: [] },
  ];
  const exact = matchAppName("MOUSEPAD", apps);
  assert(exact.kind === "found" && exact.item.name === "Mousepad" && exact.stage === "exact");
  const prefix = matchAppName("galc", apps);
  assert(prefix.kind === "found" && prefix.item.name === "Galculator" && prefix.stage === "prefix");
  const sub = matchAppName("gram", apps);
  assert(sub.kind === "found" && sub.item.name === "Telegram Lite" && sub.stage === "substring");
  const amb = matchAppName("e", apps);
  assert(amb.kind === "ambiguous");
  assertEquals(amb.candidates.map((c) => c.name), ["Mousepad", "Text Editor Settings", "Telegram Lite"]);
  assertEquals(matchAppName("nothing-like-it", apps).kind, "none");
  assertEquals(matchAppName("   ", apps).kind, "none");
});

Deno.test("desktop entries give a launch recipe and their names", () => {
  const entry = parseDesktopEntry(
    "[Desktop Entry]\nName=Mousepad\nGenericName=Text Editor\nExec=mousepad %U\nType=Application\n[Desktop Action new]\nName=New Window\nExec=mousepad --new\n",
  );
  assert(entry);
  assertEquals(entry.name, "Mousepad");
  assertEquals(entry.exec, ["mousepad"]);
  assertEquals(toLaunchable(entry), {
    name: "Mousepad",
    aliases: ["mousepad", "Text Editor"],
    launch: ["mousepad"],
  });
  assertEquals(parseDesktopEntry("[Desktop Entry]\nType=Link\nName=x\nURL=y\n"), null);
  assertEquals(splitExec('"/opt/My App/run" --x "a b" %f 100%%'), ["/opt/My App/run", "--x", "a b", "100%"]);
});

Deno.test("an app answers to its names in the languages choto reads, accents aside", () => {
  const entry = parseDesktopEntry(
    "[Desktop Entry]\nName=Mousepad\nGenericName=Text Editor\nGenericName[de]=Textbearbeitung\n" +
      "GenericName[fr]=Éditeur de texte\nGenericName[ja]=テキストエディター\nGenericName[zh_CN]=文本编辑器\n" +
      "GenericName[ko]=텍스트 편집기\nName[de]=Mousepad\nExec=mousepad %U\n",
  );
  assert(entry);
  const app = toLaunchable(entry);
  assertEquals(app.aliases, [
    "mousepad",
    "Text Editor",
    "Textbearbeitung",
    "Éditeur de texte",
    "テキストエディター",
    "文本编辑器",
  ]);
  const other = { name: "Geany", aliases: ["geany", "IDE"] };
  for (const q of ["Textbearbeitung", "editeur de texte", "テキストエディター", "文本编辑器"]) {
    const m = matchAppName(q, [other, app]);
    assertEquals(m.kind === "found" ? m.item.name : m.kind, "Mousepad", q);
  }
  assert(sameAppName("Éditeur", "editeur"));
});

Deno.test("key combinations parse names, aliases and single characters", () => {
  assertEquals(parseCombo(["cmd", "shift", "S"]), { modifiers: ["cmd", "shift"], key: "s" });
  assertEquals(parseCombo(["Return"]), { modifiers: [], key: "enter" });
  assertEquals(parseCombo(["esc"]), { modifiers: [], key: "escape" });
  assertEquals(parseCombo(["alt", "f4"]), { modifiers: ["alt"], key: "f4" });
  assert("error" in parseCombo(["ctrl", "banana"]));
  assert("error" in parseCombo(["a", "b"]));
  assert("error" in parseCombo([]));
});

Deno.test("keysyms follow keysymdef.h", () => {
  assertEquals(charKeysym("a"), 0x61);
  assertEquals(charKeysym("é"), 0xe9);
  assertEquals(charKeysym("→"), 0x01002192);
  assertEquals(charKeysym("\n"), 0xff0d);
  assertEquals(keyKeysym("f4"), 0xffc1);
  assertEquals(keyKeysym("escape"), 0xff1b);
});

Deno.test("X window classification and geometry", () => {
  assertEquals(kindOfType("_NET_WM_WINDOW_TYPE_DIALOG", false), "dialog");
  assertEquals(kindOfType("_NET_WM_WINDOW_TYPE_POPUP_MENU", true), "menu");
  assertEquals(kindOfType("_NET_WM_WINDOW_TYPE_TOOLTIP", true), "tooltip");
  assertEquals(kindOfType(null, true), "popup");
  assertEquals(kindOfType(null, false), "normal");
  assertEquals(frameBounds({ x: 100, y: 50, width: 400, height: 300 }, [1, 1, 20, 1]), {
    x: 99,
    y: 30,
    width: 402,
    height: 321,
  });
  assertEquals(parseWmClass(new TextEncoder().encode("mousepad\0Mousepad\0")), ["mousepad", "Mousepad"]);
  assertEquals(appNameOf("galculator", "galculator"), "Galculator");
});

Deno.test("BGRX rows with padding become packed RGBA", () => {
  // 2x1 image, stride 12 (4 bytes of padding).
  const src = new Uint8Array([1, 2, 3, 0, 4, 5, 6, 0, 9, 9, 9, 9]);
  assertEquals([...bgrxToRgba(src, 2, 1, 12)], [3, 2, 1, 255, 6, 5, 4, 255]);
});

Deno.test("the failsafe corner belongs to the display holding the pointer, negative origins included", () => {
  const main = { x: 0, y: 0, width: 1440, height: 900 };
  const upperLeft = { x: -1920, y: -1080, width: 1920, height: 1080 };
  const displays = [main, upperLeft];
  assertEquals(displayHolding(displays, { x: -1, y: -1 }), upperLeft);
  assertEquals(inTopLeftCorner(displays, { x: -1, y: -1 }), false);
  assertEquals(inTopLeftCorner(displays, { x: -1919, y: -1078 }), true);
  assertEquals(inTopLeftCorner(displays, { x: 2, y: 2 }), true);
  assertEquals(inTopLeftCorner(displays, { x: 3, y: 0 }), false);
  assertEquals(inTopLeftCorner(displays, { x: 5000, y: 5000 }), false, "off every display");
});

Deno.test("one key vocabulary: every name is mapped or refused with a reason on each platform", () => {
  for (const name of NAMED_KEYS) {
    assert(name in NAMED_KEYSYMS, `X11 has no keysym for ${name}`);
    assertEquals(keyRefusal(name, "x11"), null);
    assert(
      namedKeyCode(name) !== null || keyRefusal(name, "macos") !== null,
      `macOS neither maps nor refuses ${name}`,
    );
  }
  assertEquals(namedKeyCode("delete"), 0x75, "delete is forward delete on both");
  assertEquals(NAMED_KEYSYMS.delete, 0xffff);
});

Deno.test("keys a Mac lacks are refused at validation, with the reason; characters wait for the layout", () => {
  for (const k of ["insert", "menu", "super"]) {
    const r = parseCombo(["cmd", k], "macos");
    assert("error" in r && /cannot be pressed on macOS: ./.test(r.error), k);
    assertEquals("error" in parseCombo(["ctrl", k], "x11"), false);
  }
  // Whether a key types é depends on the user's layout: the backend checks it before the plan runs.
  assertEquals(parseCombo(["cmd", "é"], "macos"), { modifiers: ["cmd"], key: "é" });
  assertEquals(parseCombo(["cmd", "+"], "macos"), { modifiers: ["cmd"], key: "+" });
  assertEquals(parseCombo(["f13"], "macos"), { modifiers: [], key: "f13" });
  assertEquals(parseCombo(["spacebar"], "macos"), { modifiers: [], key: "space" });
});
