/**
 * Where a line of text runs as a command, and which keys run or paste one:
 * terminal emulators, a few run boxes whose line runs on Enter, the Enter
 * key in every spelling the vocabulary has, and the paste shortcuts. Pure:
 * the caller gathers a window's names (its app, its WM_CLASS parts, the
 * program names behind its pid) and the names of the desktop entries that
 * say they are terminals.
 *
 * @module
 */

import { sameAppName } from "../common/app_match.ts";
import { type KeyPlatform, parseCombo } from "./keys.ts";
import type { LaunchableApp } from "./types.ts";

/**
 * Terminal emulators by every name their windows and programs go by: display
 * names, WM_CLASS parts, executables and macOS bundle ids. A window any of
 * whose names is here is a terminal whatever its desktop entry says.
 */
export const TERMINAL_NAMES: readonly string[] = [
  // VTE-based
  "gnome-terminal",
  "gnome-terminal-server",
  "GNOME Terminal",
  "xfce4-terminal",
  "Xfce Terminal",
  "lxterminal",
  "tilix",
  "terminator",
  "guake",
  "tilda",
  "sakura",
  "mate-terminal",
  "kgx",
  "org.gnome.Console",
  "Console",
  "ptyxis",
  "org.gnome.Ptyxis",
  // others on Linux
  "konsole",
  "yakuake",
  "qterminal",
  "kitty",
  "alacritty",
  "wezterm",
  "wezterm-gui",
  "org.wezfurlong.wezterm",
  "foot",
  "footclient",
  "st",
  "st-256color",
  "urxvt",
  "rxvt",
  "rxvt-unicode",
  "xterm",
  "uxterm",
  "tabby",
  "terminology",
  "cool-retro-term",
  "contour",
  "rio",
  "warp",
  "warp-terminal",
  "dev.warp.Warp",
  "hyper",
  "ghostty",
  "com.mitchellh.ghostty",
  // macOS
  "Terminal",
  "com.apple.Terminal",
  "iTerm2",
  "iTerm",
  "com.googlecode.iterm2",
  "dev.warp.Warp-Stable",
  "org.alacritty",
  "net.kovidgoyal.kitty",
  "com.github.wez.wezterm",
  "co.zeit.hyper",
  "org.tabby",
];

/**
 * Run boxes: an app's own one-line box that runs what is typed into it on
 * Enter, named by the app's names and, for one that lives in a panel
 * process, the title of its window. GNOME Shell's Alt+F2 box is drawn by the
 * shell itself, with no window of its own to tell it by.
 */
export const RUN_BOXES: ReadonlyArray<{ names: readonly string[]; title?: RegExp }> = [
  { names: ["xfce4-appfinder", "Application Finder"] },
  { names: ["xfrun4"] },
  { names: ["gmrun"] },
  { names: ["grun"] },
  { names: ["krunner"] },
  { names: ["mate-panel"], title: /^Run Application$/ },
  { names: ["lxpanel"], title: /^Run$/ },
];

/** Where a line runs as a command. */
export interface CommandLine {
  kind: "terminal" | "run box";
  /** The name that told it, as the window or program gives it. */
  name: string;
}

/** A window as far as telling a command line goes. */
export interface NamedWindow {
  app: string;
  title: string;
  aliases?: string[];
}

/**
 * The names of the installed applications whose desktop entry says they are
 * terminals: each entry's name, executable and other names.
 */
export function terminalEntryNames(apps: readonly LaunchableApp[]): string[] {
  const names = apps.filter((a) => a.terminal).flatMap((a) => [
    a.name,
    ...a.aliases,
    a.launch[0]?.split("/").pop() ?? "",
  ]);
  return [...new Set(names.filter(Boolean))];
}

/**
 * Whether a line typed into `w` runs as a command: a terminal when the
 * window's app, its aliases or `programNames` (the program behind its pid)
 * name a known terminal or one of `entryTerminals`; a run box when they name
 * one (and its title fits, where the box has a title).
 */
export function commandLineOf(
  w: NamedWindow,
  programNames: readonly string[],
  entryTerminals: readonly string[],
): CommandLine | null {
  const names = [w.app, ...(w.aliases ?? []), ...programNames].filter(Boolean);
  const terminals = [...TERMINAL_NAMES, ...entryTerminals];
  const terminal = names.find((n) => terminals.some((t) => sameAppName(t, n)));
  if (terminal) return { kind: "terminal", name: terminal };
  for (const box of RUN_BOXES) {
    const name = names.find((n) => box.names.some((b) => sameAppName(b, n)));
    if (name && (!box.title || box.title.test(w.title.trim()))) return { kind: "run box", name };
  }
  return null;
}

/** True when typed text holds a line break, which a terminal takes as Enter. */
export function breaksLine(text: string): boolean {
  return /[\r\n]/.test(text);
}

/**
 * What a key combination does to a command line: `enter` runs it (Enter or
 * Return with any modifiers, the keypad's Enter, a newline character, and
 * Ctrl+M, Ctrl+J and Ctrl+O, which a terminal sends as a carriage return, a
 * line feed and bash's run-and-fetch-next); `paste` puts the clipboard there
 * (Ctrl+V or Ctrl+Shift+V, Cmd+V on macOS) or the primary selection
 * (Shift+Insert: `primary`, which choto does not read); `other` anything
 * else. On X11 `cmd` is Ctrl.
 */
export function keyEffect(
  keys: string[],
  platform: KeyPlatform,
): { effect: "enter" } | { effect: "other" } | { effect: "paste"; primary: boolean } {
  const combo = parseCombo(keys, platform);
  if ("error" in combo || combo.key === null) return { effect: "other" };
  const key = combo.key;
  const mods = new Set<string>(combo.modifiers);
  if (platform === "x11" && mods.delete("cmd")) mods.add("ctrl");
  if (key === "enter" || key === "kp_enter" || key === "\n" || key === "\r") return { effect: "enter" };
  if (mods.has("ctrl") && ["m", "j", "o"].includes(key)) return { effect: "enter" };
  if (key === "v" && (mods.has("ctrl") || mods.has("cmd"))) return { effect: "paste", primary: false };
  if (key === "insert" && mods.has("shift")) return { effect: "paste", primary: true };
  return { effect: "other" };
}

/**
 * The keys a menu item or button labelled `label` stands for when it pastes
 * ("Paste", "Paste Clipboard", "Paste Selection", a shortcut beside it), or
 * null when it does not paste: a terminal's Edit menu pastes like its
 * shortcut does.
 */
export function pasteItemKeys(label: string): string[] | null {
  const m =
    /^\s*paste(?:\s+(clipboard|selection|as\s+plain\s+text|from\s+clipboard))?(?:\s+((?:shift|ctrl|control|insert|cmd|[\u2318\u21e7\u2303+v])(?:[\s+\-]*(?:shift|ctrl|control|insert|cmd|[\u2318\u21e7\u2303+v]))*))?\s*$/i
      .exec(label);
  if (!m) return null;
  return m[1]?.toLowerCase() === "selection" ? ["shift", "insert"] : ["ctrl", "shift", "v"];
}
