/**
 * CoreFoundation's user notification alert: a system alert any process can
 * show without an app bundle or a run loop (the UserNotificationCenter
 * process draws it). Declarations only; checked against
 * CoreFoundation.framework/Versions/A/Headers/CFUserNotification.h of the
 * SDK in mitchellh/zig-build-macos-sdk. `CFTimeInterval` is double,
 * `CFOptionFlags` unsigned long, `SInt32` int32_t.
 *
 * @module
 */

export { CORE_FOUNDATION_PATH } from "./coreFoundation.ts";

/** Symbol table for the alert. */
export const userNotification = {
  // SInt32 CFUserNotificationDisplayAlert(CFTimeInterval timeout, CFOptionFlags flags,
  //   CFURLRef iconURL, CFURLRef soundURL, CFURLRef localizationURL, CFStringRef alertHeader,
  //   CFStringRef alertMessage, CFStringRef defaultButtonTitle, CFStringRef alternateButtonTitle,
  //   CFStringRef otherButtonTitle, CFOptionFlags *responseFlags);
  // It blocks until the user answers or the timeout passes: called on another thread.
  CFUserNotificationDisplayAlert: {
    parameters: [
      "f64",
      "usize",
      "pointer",
      "pointer",
      "pointer",
      "pointer",
      "pointer",
      "pointer",
      "pointer",
      "pointer",
      "buffer",
    ],
    result: "i32",
    nonblocking: true,
  },
} as const satisfies Deno.ForeignLibraryInterface;

/** CFUserNotification.h: alert levels and responses (the low bits of responseFlags). */
export const CFUserNotification = {
  CautionAlertLevel: 2,
  DefaultResponse: 0,
  AlternateResponse: 1,
  OtherResponse: 2,
  CancelResponse: 3,
} as const;
