/**
 * Plans a model would send for two real-app tasks, shared by the end-to-end
 * tests that check them and the token bench that meters them, so both run
 * the same steps.
 *
 * @module
 */

/** A plan step as the model writes it. */
export type PlanStep = Record<string, unknown>;

/** Mousepad: type two lines, then File > Save As… as notes.txt (after the app is focused). */
export const MOUSEPAD_SAVE_AS: PlanStep[] = [
  { action: "type", text: "Hello from choto\nsecond line", expect: { screen_changes: true } },
  { action: "click", target: { text: "File" }, expect: { appears: "Save As" } },
  { action: "click", target: { text: "Save As…", scope: "chrome" }, expect: { appears: "Cancel" } },
  // The dialog is drawn before its name field takes the keyboard focus.
  { action: "wait", amount: 700 },
  { action: "hotkey", keys: ["ctrl", "a"] },
  { action: "type", text: "notes.txt", expect: { appears: "notes.txt" } },
  { action: "hotkey", keys: ["enter"], expect: { disappears: "Cancel" } },
];

/** The Tk order form (tests/support/tk_form.py): tick, pick a size, fill both entries by their labels, submit. */
export const TK_FORM_FILL: PlanStep[] = [
  { action: "focus_app", app_name: "Tk" },
  {
    action: "click",
    target: { text: "Subscribe to newsletter" },
    expect: { checked: "Subscribe to newsletter" },
  },
  { action: "click", target: { text: "Large" }, expect: { checked: "Large" } },
  { action: "click", target: { text: "Full name" } },
  { action: "type", text: "Ada Lovelace" },
  { action: "click", target: { text: "Email address" } },
  { action: "type", text: "ada@example.org" },
  { action: "click", target: { text: "Submit" } },
];
