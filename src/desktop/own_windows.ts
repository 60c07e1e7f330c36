/**
 * choto's own windows: the question it puts to the user on the desktop and
 * the mark it draws around a target. They are for the user's eyes and hands
 * only, so choto treats them as it treats a denied app's windows: never
 * read, listed, targeted or sent input, by this server or any other choto
 * on the same desktop. They are told apart by the window class choto gives
 * them (X11) or by the system process that shows the alert (macOS).
 *
 * @module
 */

/** The window class of choto's desktop question. */
export const QUESTION_CLASS = "choto-confirm";
/** The window class of the frame choto draws around a target. */
export const MARK_CLASS = "choto-mark";
/** The macOS process that shows a CFUserNotification alert. */
const MAC_ALERT_OWNER = "UserNotificationCenter";

const OWN = new Set([QUESTION_CLASS, MARK_CLASS, MAC_ALERT_OWNER].map((n) => n.toLowerCase()));

/** True when a window (by its app name and other names) is one of choto's own. */
export function isOwnWindow(w: { app: string; aliases?: string[] }): boolean {
  return [w.app, ...(w.aliases ?? [])].some((n) => OWN.has(n.toLowerCase()));
}

/** Why choto refuses to act on one of its own windows. */
export const OWN_WINDOW_MESSAGE =
  "that window is choto's own question to the user (or its mark on screen): only the user answers it, and choto never reads, targets or sends input to it";
