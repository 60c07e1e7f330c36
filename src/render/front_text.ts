/**
 * What a reply says when the window it worked in is not simply the one in
 * front: a denied app's window there is withheld (and named no further), or
 * the client's own window there was passed over for the next one down.
 *
 * @module
 */

import { FRONT_WITHHELD } from "../common/policy.ts";
import { escapeScreenText } from "../common/untrusted.ts";
import type { FrontChoice } from "../perceive/front.ts";

/** Observe's words for a withheld window in front: nothing of it, and nothing in its place. */
export const WITHHELD_FRONT_LINE =
  "the window in front is withheld by the user's deny list: nothing of it is read, and no other window is read in its place; name a window with target.window, or focus_app another app first";

/** The words for the client's own window in front and the window choto `did` instead ("looked at"). */
export function clientFrontNote(client: string, chosen: string | null, did: string): string {
  const front = `the client's own window "${escapeScreenText(client)}" is in front`;
  return chosen === null
    ? `${front} and no other window is open; name it with target.window to work in it`
    : `${front}; choto ${did} "${escapeScreenText(chosen)}" instead`;
}

/** The `front:` note of a reply, or null when the window in front was the one read. */
export function frontNote(front: FrontChoice, did = "looked at"): string | null {
  if (front.kind === "withheld") return WITHHELD_FRONT_LINE;
  if (front.kind === "client") return clientFrontNote(front.client.title, front.window?.title ?? null, did);
  return null;
}

/** execute_plan's refusal before anything ran: its first step would work in a withheld window. */
export function withheldPlanText(action: string): string {
  return `refused: step 1 (${action}) names no window, and ${FRONT_WITHHELD}. Nothing was done.`;
}
