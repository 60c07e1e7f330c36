/** Where a line runs as a command, and which keys run or paste one (src/desktop/terminals.ts). Pure. */

import { parseDesktopEntry, toLaunchable } from "../src/desktop/desktop_entry.ts";
import { parseCombo } from "../src/desktop/keys.ts";
import {
  breaksLine,
  commandLineOf,
  keyEffect,
  pasteItemKeys,
  terminalEntryNames,
} from "../src/desktop/terminals.ts";
import { NAMED_KEYSYMS } from "../src/desktop/x11/keysyms.ts";
import { namedKeyCode } from "../src/desktop/macos/keycodes.ts";
import { assert, assertEquals } from "./support/assert.ts";

const win = (app: string, aliases: string[] = [], title = "") => ({ app, title, aliases });

Deno.test("terminals are told by the window's app name, either WM_CLASS part, or the program behind the pid", () => {
  // What the X server says of the terminals installed here (xprop WM_CLASS), and their macOS names.
  const seen: Array<[string, string[]]> = [
    ["xfce4-terminal", ["xfce4-terminal", "Xfce4-terminal"]],
    ["lxterminal", ["lxterminal", "Lxterminal"]],
    ["kgx", ["kgx", "kgx"]],
    ["xterm", ["xterm", "XTerm"]],
    ["Gnome-terminal", ["gnome-terminal-server", "Gnome-terminal"]],
    ["konsole", ["konsole", "konsole"]],
    ["Alacritty", ["Alacritty", "Alacritty"]],
    ["org.gnome.Ptyxis", []],
    ["org.wezfurlong.wezterm", []],
    ["URxvt", ["urxvt", "URxvt"]],
    ["Terminal", []],
    ["iTerm2", ["com.googlecode.iterm2"]],
    ["Ghostty", []],
    ["Warp", []],
    ["Hyper", []],
    ["Tabby", []],
  ];
  for (const [app, aliases] of seen) {
    assertEquals(commandLineOf(win(app, aliases), [], [])?.kind, "terminal", app);
  }
  // `--class` renames one part; the other still tells it.
  assertEquals(commandLineOf(win("work", ["work", "XTerm"]), [], [])?.name, "XTerm");
  // Renamed both ways, the program behind the pid still tells it.
  assertEquals(commandLineOf(win("work", ["work", "Work"]), ["kgx", "Console"], [])?.name, "kgx");
  for (const app of ["Mousepad", "Thunar", "Chromium", "Geany", "Galculator", "Terminal Settings"]) {
    assertEquals(commandLineOf(win(app, [app.toLowerCase()]), [app.toLowerCase()], []), null, app);
  }
});

Deno.test("a terminal inside another app (an editor's built-in one) is not told: its window is the editor's", () => {
  // execute_plan's description says so: only a terminal app or a run box asks before a line runs.
  const vscode = win("Code", ["code", "Code"], "main.ts - project - Visual Studio Code");
  assertEquals(commandLineOf(vscode, ["code"], []), null);
  const geany = win("Geany", ["geany", "Geany"], "notes.sh - /home/me - Geany");
  assertEquals(commandLineOf(geany, ["geany"], []), null);
});

Deno.test("a desktop entry in the TerminalEmulator category makes its app a terminal, by any of its names", () => {
  const entry = parseDesktopEntry(
    "[Desktop Entry]\nName=Zork Term\nGenericName=Shell Window\nExec=/opt/zork/bin/zorkterm --new %U\n" +
      "Categories=GTK;System;TerminalEmulator;\n",
  );
  const editor = parseDesktopEntry(
    "[Desktop Entry]\nName=Zed\nExec=zed\nCategories=Development;TextEditor;\n",
  );
  assert(entry && editor);
  const apps = [toLaunchable(entry), toLaunchable(editor)];
  assertEquals(apps.map((a) => a.terminal ?? false), [true, false]);
  const names = terminalEntryNames(apps);
  assertEquals(names, ["Zork Term", "zorkterm", "Shell Window"]);
  assertEquals(commandLineOf(win("zorkterm"), [], names), { kind: "terminal", name: "zorkterm" });
  assertEquals(commandLineOf(win("zt", ["zt"]), ["zorkterm", "Zork Term"], names)?.kind, "terminal");
  assertEquals(commandLineOf(win("zed"), ["zed", "Zed"], names), null);
});

Deno.test("run boxes are told by name, and those inside a panel by their window's title too", () => {
  assertEquals(commandLineOf(win("xfce4-appfinder", [], "Application Finder"), [], []), {
    kind: "run box",
    name: "xfce4-appfinder",
  });
  assertEquals(commandLineOf(win("Gmrun"), [], [])?.kind, "run box");
  assertEquals(commandLineOf(win("krunner"), [], [])?.kind, "run box");
  assertEquals(commandLineOf(win("mate-panel", [], "Run Application"), [], [])?.kind, "run box");
  assertEquals(commandLineOf(win("mate-panel", [], "Panel Properties"), [], []), null);
  assertEquals(commandLineOf(win("lxpanel", [], "Run"), [], [])?.kind, "run box");
});

Deno.test("Enter in every spelling runs a line; so do Ctrl+M, Ctrl+J and Ctrl+O, and cmd is Ctrl on X11", () => {
  const enter = [
    ["enter"],
    ["Return"],
    ["RETURN"],
    ["kp_enter"],
    ["KP_Enter"],
    ["numpad_enter"],
    ["\n"],
    ["\r"],
    ["shift", "enter"],
    ["ctrl", "enter"],
    ["alt", "return"],
    ["ctrl", "m"],
    ["ctrl", "M"],
    ["control", "j"],
    ["ctrl", "o"],
    ["ctrl", "shift", "m"],
    ["cmd", "m"],
  ];
  for (const keys of enter) assertEquals(keyEffect(keys, "x11").effect, "enter", keys.join("+"));
  // On macOS Cmd+M minimizes; Ctrl is Ctrl.
  for (const keys of [["m"], ["alt", "m"], ["cmd", "m"], ["escape"], ["ctrl", "c"], ["up"], ["tab"]]) {
    assertEquals(keyEffect(keys, "macos").effect, "other", keys.join("+"));
  }
  assertEquals(keyEffect(["ctrl", "m"], "macos").effect, "enter");
  assertEquals(keyEffect(["kp_enter"], "macos").effect, "enter");
  // The keypad's Enter is a key of its own on both platforms.
  assertEquals(parseCombo(["KP_Enter"]), { modifiers: [], key: "kp_enter" });
  assertEquals(NAMED_KEYSYMS.kp_enter, 0xff8d);
  assertEquals(namedKeyCode("kp_enter"), 0x4c);
});

Deno.test("paste shortcuts: Ctrl(+Shift)+V and Cmd+V paste the clipboard, Shift+Insert the primary selection", () => {
  for (const keys of [["ctrl", "shift", "v"], ["ctrl", "v"], ["cmd", "shift", "V"], ["cmd", "v"]]) {
    assertEquals(keyEffect(keys, "x11"), { effect: "paste", primary: false }, keys.join("+"));
  }
  assertEquals(keyEffect(["cmd", "v"], "macos"), { effect: "paste", primary: false });
  assertEquals(keyEffect(["shift", "insert"], "x11"), { effect: "paste", primary: true });
  assertEquals(keyEffect(["shift", "v"], "x11").effect, "other");
  assertEquals(keyEffect(["insert"], "x11").effect, "other");
});

Deno.test("a typed text breaks the line at a newline or a carriage return", () => {
  assert(breaksLine("ls\n"));
  assert(breaksLine("ls\r"));
  assert(breaksLine("a\nb"));
  assert(!breaksLine("touch /tmp/x"));
});

Deno.test("a Paste menu item stands for the paste shortcut, Paste Selection for Shift+Insert", () => {
  for (
    const label of [
      "Paste",
      "paste",
      "Paste Clipboard",
      "Paste Ctrl+Shift+V",
      "Paste  Shift+Ctrl+V",
      "Paste ⌘V",
    ]
  ) {
    assertEquals(pasteItemKeys(label), ["ctrl", "shift", "v"], label);
  }
  assertEquals(pasteItemKeys("Paste Selection"), ["shift", "insert"]);
  for (const label of ["Pasted", "Paste the report", "Paste Special", "Copy", "Copy and Paste"]) {
    assertEquals(pasteItemKeys(label), null, label);
  }
});
