/**
 * choto's question on macOS: a system alert (CFUserNotificationDisplayAlert,
 * drawn by the UserNotificationCenter process), with Deny as the default
 * button and the timeout counted as no. The call blocks until an answer,
 * so it runs on another thread. A cancelled request stops waiting and
 * counts as no; the alert then stays until its own timeout, and a late
 * answer is ignored. No mark is drawn on macOS.
 *
 * @module
 */

import { kCFStringEncodingUTF8 } from "../../../ffi/macos/coreFoundation.ts";
import {
  CFUserNotification,
  CORE_FOUNDATION_PATH,
  userNotification,
} from "../../../ffi/macos/userNotification.ts";
import type { DesktopAnswer, DesktopQuestion } from "../types.ts";
import type { MacSession } from "./session.ts";

type Alerts = Deno.DynamicLibrary<typeof userNotification>["symbols"];

/** How the alert function is reached: the real framework, or a fake in tests. */
export type AlertSymbols = Pick<Alerts, "CFUserNotificationDisplayAlert">;

const opened = new Map<string, Alerts>();

/** The alert function of the CoreFoundation the session's other libraries come from (a root in tests). */
function openAlerts(s: MacSession): Alerts {
  const path = s.program(CORE_FOUNDATION_PATH);
  if (!opened.has(path)) opened.set(path, Deno.dlopen(path, userNotification).symbols);
  return opened.get(path)!;
}

/** Maps the alert's response to the user's answer: the default button (Deny) and a timeout are no. */
export function answerOf(response: number): "allow" | "deny" | "timeout" {
  const r = response & 0x3;
  if (r === CFUserNotification.AlternateResponse) return "allow";
  return r === CFUserNotification.CancelResponse ? "timeout" : "deny";
}

/** Shows the question as a system alert and waits for the answer. */
export async function askWithAlert(
  s: MacSession,
  q: DesktopQuestion,
  symbols: AlertSymbols = openAlerts(s),
): Promise<DesktopAnswer> {
  const cf = s.libs.cf;
  const made: Deno.PointerValue[] = [];
  const str = (text: string) => {
    const p = cf.CFStringCreateWithCString(
      null,
      new TextEncoder().encode(`${text}\0`),
      kCFStringEncodingUTF8,
    );
    made.push(p);
    return p;
  };
  const response = new BigUint64Array(1);
  const release = () => made.splice(0).forEach((p) => p && cf.CFRelease(p));
  const shown = symbols.CFUserNotificationDisplayAlert(
    q.timeoutMs / 1000,
    BigInt(CFUserNotification.CautionAlertLevel),
    null,
    null,
    null,
    str(q.title),
    str(q.text),
    str(q.deny),
    str(q.allow),
    null,
    response,
  );
  // The strings live until the alert's own call returns, whoever stops waiting first.
  shown.then(release, release);
  const aborted = new Promise<"aborted">((resolve) => {
    if (q.signal?.aborted) resolve("aborted");
    q.signal?.addEventListener("abort", () => resolve("aborted"), { once: true });
  });
  const result = await Promise.race([shown, aborted]);
  if (result === "aborted") return { answer: "deny" };
  if (result !== 0) return { answer: "unavailable", why: "the system alert could not be shown" };
  return { answer: answerOf(Number(response[0])) };
}
