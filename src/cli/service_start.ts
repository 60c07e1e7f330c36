/**
 * How a bridge starts the service when none answers: the same deno binary
 * it runs on (`Deno.execPath()`), the permission flags given to the bridge
 * after `--` (the MCP Bundle's, written in its manifest) or else those of
 * the shipped `deno task service` (deno.json, the one place they are
 * written; Deno gives a script no way to read its own flags), the same checkout's
 * main.ts, and the bridge's own `--db` and `--ocr`. A `deno compile`d
 * choto (Choto.app) has its flags inside and runs as `choto service`. The
 * service is detached (its own session, no stdio): it outlives the bridge
 * and the client that started it.
 *
 * @module
 */

import config from "../../deno.json" with { type: "json" };

/** This checkout's main.ts. */
const CHECKOUT_MAIN = decodeURIComponent(new URL("../../main.ts", import.meta.url).pathname);

/** What the service's command line is made from. */
export interface StartFrom {
  /** The running executable: deno, or a compiled choto. */
  execPath: string;
  /** The checkout's main.ts (default: the one beside this module). */
  main?: string;
  /** HOME, which the task's flags are written with. */
  home: string;
  db?: string;
  ocr?: string;
  /** The `deno task service` command (from deno.json unless given). */
  task?: string;
  /**
   * The service's deno flags, when whoever started the bridge wrote them
   * (the MCP Bundle, whose narrow flags are not the task's): used in place
   * of the task's.
   */
  flags?: string[];
  /**
   * The service's folder and socket when the task's flags may not reach them
   * (a `--db` elsewhere) and the bridge itself may: added to `--allow-write`
   * and `--allow-net`, so the service gets no grant the bridge lacks.
   */
  also?: { write?: string; socket?: string };
}

/** Splits a task's command into words as deno's task shell does for the ones choto writes: spaces, double quotes, $HOME. */
export function taskWords(command: string, home: string): string[] {
  const words: string[] = [];
  let word = "", quoted = false, inWord = false;
  for (const ch of command) {
    if (ch === '"') {
      quoted = !quoted;
      inWord = true;
    } else if (/\s/.test(ch) && !quoted) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
    } else {
      word += ch;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words.map((w) => w.replaceAll("$HOME", home));
}

/** Whether the running executable is a `deno compile`d choto rather than deno running main.ts. */
export function isCompiled(execPath: string): boolean {
  const name = execPath.slice(execPath.lastIndexOf("/") + 1);
  return name !== "deno" && name !== "deno.exe";
}

/** The service's command line, program first. */
export function serviceCommandLine(from: StartFrom): string[] {
  const tail = [
    "service",
    ...(from.db !== undefined ? ["--db", from.db] : []),
    ...(from.ocr !== undefined ? ["--ocr", from.ocr] : []),
  ];
  if (isCompiled(from.execPath)) return [from.execPath, ...tail];
  const main = from.main ?? CHECKOUT_MAIN;
  if (from.flags) {
    return [
      from.execPath,
      "run",
      ...from.flags.map((f) => widened(f, from.also ?? {})),
      main,
      ...tail,
    ];
  }
  const words = taskWords(from.task ?? config.tasks.service, from.home);
  const run = words.indexOf("run");
  const script = words.findIndex((w) => w.endsWith("main.ts"));
  if (words[0] !== "deno" || run !== 1 || script < 0 || words[script + 1] !== "service") {
    throw new Error(`deno task service is not "deno run <flags> main.ts service": ${from.task}`);
  }
  // The task's main.ts is relative to the checkout; the service runs the checkout the bridge runs from.
  const flags = words.slice(2, script).map((f) => widened(f, from.also ?? {}));
  return [from.execPath, "run", ...flags, main, ...tail];
}

/** A scoped `--allow-write` or `--allow-net` with `also`'s folder or socket added when it lacks them. */
function widened(flag: string, also: { write?: string; socket?: string }): string {
  const add = (prefix: string, item: string | undefined) => {
    if (!item || !flag.startsWith(prefix)) return null;
    const items = flag.slice(prefix.length).split(",");
    return items.includes(item) ? flag : `${flag},${item}`;
  };
  return add("--allow-write=", also.write) ?? add("--allow-net=", also.socket && `unix:${also.socket}`) ??
    flag;
}

/** Starts the service detached, in its own session with no stdio, and lets the bridge exit without it. */
export function startDetached(commandLine: string[]): Deno.ChildProcess {
  const child = new Deno.Command(commandLine[0], {
    args: commandLine.slice(1),
    stdin: "null",
    stdout: "null",
    stderr: "null",
    detached: true,
  }).spawn();
  child.unref();
  return child;
}
