/**
 * Freedesktop `.desktop` files: how Linux desktops know which applications
 * can be launched and under which names.
 *
 * @module
 */

import type { LaunchableApp } from "./types.ts";
import { UI_LANGUAGES } from "../common/languages.ts";

/** The fields of a `[Desktop Entry]` group that matter for launching. */
export interface DesktopEntry {
  name: string;
  genericName: string | null;
  exec: string[];
  hidden: boolean;
  /**
   * `Name[de]`, `GenericName[ja]`... in the languages choto reads: the names
   * a user of that desktop sees in its menus ("Textbearbeitung", "テキストエディター").
   */
  localizedNames: string[];
  /** True when `Categories` lists `TerminalEmulator`: a line typed there runs as a command. */
  terminal: boolean;
}

/** `Name[xx]` or `GenericName[xx_YY]` (any modifier) in a language choto reads. */
const LOCALIZED_KEY = new RegExp(
  `^(Generic)?Name\\[(${UI_LANGUAGES.map((l) => l.code).join("|")})([_@][^\\]]*)?\\]$`,
);

/** Parses one `.desktop` file; null when it is not a launchable application. */
export function parseDesktopEntry(source: string): DesktopEntry | null {
  let inMain = false;
  const fields = new Map<string, string>();
  for (const raw of source.split("\n")) {
    const line = raw.trim();
    if (line.startsWith("[")) {
      inMain = line === "[Desktop Entry]";
      continue;
    }
    if (!inMain || !line || line.startsWith("#")) continue;
    const eq = line.indexOf("=");
    if (eq < 0) continue;
    const key = line.slice(0, eq).trim();
    if (!fields.has(key)) fields.set(key, line.slice(eq + 1).trim());
  }
  if ((fields.get("Type") ?? "Application") !== "Application") return null;
  const name = fields.get("Name");
  const exec = fields.get("Exec");
  if (!name || !exec) return null;
  return {
    name,
    genericName: fields.get("GenericName") ?? null,
    exec: splitExec(exec),
    hidden: fields.get("Hidden") === "true" || fields.get("NoDisplay") === "true",
    localizedNames: [...fields].filter(([k, v]) => v && LOCALIZED_KEY.test(k)).map(([, v]) => v),
    terminal: (fields.get("Categories") ?? "").split(";").some((c) => c.trim() === "TerminalEmulator"),
  };
}

/** Splits an Exec line into argv, dropping field codes (%f, %U…) and honouring quotes. */
export function splitExec(exec: string): string[] {
  const args: string[] = [];
  let cur = "";
  let quoted = false;
  let has = false;
  for (let i = 0; i < exec.length; i++) {
    const ch = exec[i];
    if (quoted && ch === "\\" && i + 1 < exec.length) {
      cur += exec[++i];
    } else if (ch === '"') {
      quoted = !quoted;
      has = true;
    } else if (ch === " " && !quoted) {
      if (has) args.push(cur);
      cur = "";
      has = false;
    } else {
      cur += ch;
      has = true;
    }
  }
  if (has) args.push(cur);
  return args
    .filter((a) => !/^%[a-zA-Z]$/.test(a))
    .map((a) => a.replace(/%%/g, "%"));
}

/** Turns an entry into a launch recipe with every name it answers to. */
export function toLaunchable(entry: DesktopEntry): LaunchableApp {
  const binary = entry.exec[0]?.split("/").pop() ?? "";
  const names = [binary, entry.genericName ?? "", ...(entry.localizedNames ?? [])];
  const aliases = [...new Set(names)].filter((a) => a && a !== entry.name);
  return { name: entry.name, aliases, launch: entry.exec, ...(entry.terminal ? { terminal: true } : {}) };
}
