/**
 * The zenity questions end-to-end tests click through: a title, a message,
 * and the two buttons' labels.
 *
 * @module
 */

import type { TestDesktop } from "./xdesktop.ts";

/** Starts `zenity --question` on the test desktop and waits for its window. */
export async function zenityQuestion(
  desktop: TestDesktop,
  q: { title: string; text: string; ok: string; cancel: string },
): Promise<Deno.ChildProcess> {
  const child = desktop.spawn("zenity", [
    "--question",
    "--title",
    q.title,
    "--text",
    q.text,
    "--ok-label",
    q.ok,
    "--cancel-label",
    q.cancel,
    "--width",
    "420",
  ]);
  await desktop.waitForWindow(q.title);
  return child;
}

/** The dialog several tests ask to delete a report in. */
export const REMOVE_REPORT = {
  title: "Remove report",
  text: "Remove the quarterly report?",
  ok: "Delete",
  cancel: "Keep",
};
