/**
 * `focus_app`: bring an application to the front by name.
 *
 * @module
 */

import { z } from "zod";
import { realClock } from "../common/time.ts";
import { escapeScreenText } from "../common/untrusted.ts";
import { focusApp } from "../desktop/focus_app.ts";
import { defineTool } from "./tool.ts";
import { windowShape } from "./shared_shapes.ts";

export const focusAppTool = defineTool({
  name: "focus_app",
  title: "Bring an app to the front",
  description: [
    "Brings an app to the front by name, launching it if it is not running and asking it for a window if it has none. The name matches without regard to case: exactly, then a unique prefix, then a unique piece ('calc' finds Galculator); only desktop applications launch (visible desktop entries, app bundles), other programs only when the user's config lists them.",
    "It answers only once the window system confirms the focus; otherwise it says why: an ambiguous name (the candidates are listed: call again with one), no such app, a failed launch, or a window that never came to the front.",
    "Use it before observe or execute_plan when the app may not be in front; inside a plan, the focus_app step does the same. Side effects: may start a program and moves the keyboard focus; never clicks or types.",
  ].join("\n\n"),
  inputSchema: {
    app_name: z.string().trim().min(1, {
      error: 'app_name is empty: pass the application\'s name, e.g. "Mousepad" or "System Settings"',
    }).max(200).describe("The app's name as a user would say it ('Mousepad', 'Safari'); a piece is enough."),
    timeout_ms: z.number().int().min(500).max(60_000).default(10_000).describe(
      "ms to wait for its window to take the focus; slow starters may need more.",
    ),
  },
  outputSchema: {
    focused: z.boolean().describe("True: the app's window was confirmed to have the focus."),
    app: z.string().describe("The application now in front."),
    window: windowShape.describe("Its focused window."),
    action: z.enum(["already_front", "activated", "launched", "reopened"]).describe("What it took."),
    ms: z.number().describe("Milliseconds until the focus was confirmed."),
  },
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: true,
  },
  actsOnScreen: true,
  carriesScreenText: true,
  async run(args, services, call) {
    const r = await focusApp(services.desktop(), args.app_name, args.timeout_ms, realClock, call?.signal);
    if (!r.ok) {
      // The message repeats the model's app name: escaped, so it cannot start a line of its own.
      return { ok: false, text: `not focused: ${escapeScreenText(r.message)}` };
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
