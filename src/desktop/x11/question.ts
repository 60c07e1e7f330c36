/**
 * choto's question on X11: a zenity dialog, where zenity is installed, with
 * Deny as the default button (Return and Escape say no), its own timeout
 * counted as no, and choto's question class so that no choto reads it or
 * sends input to it. Cancellation closes it, as a no.
 *
 * @module
 */

import type { DesktopAnswer, DesktopQuestion } from "../types.ts";
import { QUESTION_CLASS } from "../own_windows.ts";

/** zenity's exit codes: OK, Cancel (or the window closed), timeout. */
const ALLOW = 0, DENY = 1, TIMEOUT = 5;

/** Breaks text into lines of at most `width` characters at spaces (zenity does not wrap plain text). */
export function wrapText(text: string, width = 72): string {
  return text.split("\n").map((para) => {
    const lines: string[] = [];
    let line = "";
    for (const word of para.split(" ")) {
      if (line && line.length + 1 + word.length > width) {
        lines.push(line);
        line = word;
      } else {
        line = line ? `${line} ${word}` : word;
      }
    }
    lines.push(line);
    return lines.join("\n");
  }).join("\n");
}

/** The arguments of the dialog for a question. */
export function zenityArgs(q: DesktopQuestion): string[] {
  return [
    "--question",
    `--class=${QUESTION_CLASS}`,
    `--name=${QUESTION_CLASS}`,
    "--title",
    q.title,
    "--text",
    wrapText(q.text),
    // The text names screen and model words: shown as they are, never as Pango markup.
    "--no-markup",
    "--ok-label",
    q.allow,
    "--cancel-label",
    q.deny,
    "--default-cancel",
    "--timeout",
    String(Math.max(1, Math.round(q.timeoutMs / 1000))),
    "--width",
    "520",
  ];
}

/**
 * Asks with zenity on `display`; `zenity` is its path, or null when it is
 * not installed. `started` hears the dialog's pid once it runs.
 */
export async function askWithZenity(
  q: DesktopQuestion,
  display: string,
  zenity: string | null,
  started: (pid: number) => void = () => {},
): Promise<DesktopAnswer> {
  if (!zenity) {
    return { answer: "unavailable", why: "zenity is not installed (Debian/Ubuntu: apt-get install zenity)" };
  }
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command(zenity, {
      args: zenityArgs(q),
      env: { DISPLAY: display },
      stdin: "null",
      stdout: "null",
      stderr: "null",
    }).spawn();
  } catch (err) {
    return { answer: "unavailable", why: `zenity could not be started: ${(err as Error).message}` };
  }
  started(child.pid);
  const stop = () => {
    try {
      child.kill("SIGTERM");
    } catch {
      // already ended
    }
  };
  // zenity's own timeout counts whole seconds from when it drew; this one is the net.
  const net = setTimeout(stop, q.timeoutMs + 3000);
  q.signal?.addEventListener("abort", stop, { once: true });
  try {
    const { code, signal } = await child.status;
    if (q.signal?.aborted) return { answer: "deny" };
    if (signal !== null) return { answer: "timeout" };
    if (code === ALLOW) return { answer: "allow" };
    if (code === DENY) return { answer: "deny" };
    if (code === TIMEOUT) return { answer: "timeout" };
    return { answer: "unavailable", why: `zenity ended with status ${code} (no display?)` };
  } finally {
    clearTimeout(net);
    q.signal?.removeEventListener("abort", stop);
  }
}
