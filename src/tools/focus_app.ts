/**
 * `focus_app`: bring an application to the front by name.
 *
 * @module
 */

import { z } from "zod";
import { focusApp } from "../desktop/focus_app.ts";
import { defineTool } from "./tool.ts";
import { windowShape } from "./shared_shapes.ts";

export const focusAppTool = defineTool({
  name: "focus_app",
  title: "Bring an app to the front",
  description: [
    "Brings an application to the front by its name, starting it when it is not running and asking it for a window when it is running without one.",
    'The name is matched without regard to case: the exact name first, then a unique prefix, then a unique piece of it ("calc" finds Galculator when nothing else matches). On Linux installed apps are found through their desktop entries (menu names) and executables on PATH.',
    'It answers `focused "<app>"` only after the window system confirms that app\'s window has the focus; otherwise it says why: the name is ambiguous (the candidates are listed: call again with one), no such app, the launch failed, or the window never came to the front.',
    "Use it before observe or execute_plan when the app you need may not be frontmost. Inside a plan, the focus_app step does the same thing without a separate call.",
    "Side effects: may start a program and changes which window has the keyboard focus. It never clicks or types.",
  ].join("\n\n"),
  inputSchema: {
    app_name: z.string().trim().min(1, {
      error: 'app_name is empty: pass the application\'s name, e.g. "Mousepad" or "System Settings"',
    }).max(200).describe(
      'The application\'s name as a user would say it ("Mousepad", "Safari"). Case does not matter; a unique prefix or piece of the name is enough.',
    ),
    timeout_ms: z.number().int().min(500).max(60_000).default(10_000).describe(
      "How long to wait for the app's window to appear and take the focus, in milliseconds (default 10000; apps that start slowly may need more).",
    ),
  },
  outputSchema: {
    focused: z.boolean().describe("True when the app's window was confirmed to have the focus."),
    app: z.string().nullable().describe("The application that is now in front."),
    window: windowShape.nullable().describe("Its focused window."),
    action: z.enum(["already_front", "activated", "launched", "reopened"]).nullable().describe(
      "What was needed: it was already in front, it was activated, launched, or asked to reopen a window.",
    ),
    ms: z.number().nullable().describe("Milliseconds until the focus was confirmed."),
  },
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  actsOnScreen: true,
  async run(args, services) {
    const r = await focusApp(services.desktop(), args.app_name, args.timeout_ms);
    if (!r.ok) {
      return {
        ok: false,
        text: `not focused: ${r.message}`,
        structured: { focused: false, reason: r.reason, candidates: r.candidates },
      };
    }
    const w = r.window;
    return {
      ok: true,
      text: `focused "${r.app}" (window "${w.title}"; ${r.how.replace("_", " ")} in ${r.ms} ms)`,
      structured: {
        focused: true,
        app: r.app,
        window: { id: w.id, app: w.app, title: w.title, kind: w.kind, bounds: w.bounds },
        action: r.how,
        ms: r.ms,
      },
    };
  },
});
