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
  summary: "brings an app to the front by name, launching it when needed",
  description: [
    "Brings an app to the front by name, launching it if not running, asking it for a window if it has none. Names match in any case: exact, then a unique prefix, then a unique piece ('calc': Galculator), as in recall and target.window. Only desktop applications (desktop entries, app bundles) and programs the user's config lists launch.",
    "It answers once the window system confirms the focus, else says why (an ambiguous name: retry with a listed one; a deny-listed app is refused).",
    "Side effects: may start a program; moves the keyboard focus; never clicks or types.",
  ].join("\n\n"),
  inputSchema: {
    app_name: z.string().trim().min(1, {
      error: 'app_name is empty: pass the application\'s name, e.g. "Mousepad" or "System Settings"',
    }).max(200).describe("The app's name as a user would say it ('Mousepad')."),
    timeout_ms: z.number().int().min(500).max(60_000).default(10_000).describe(
      "ms to wait for its window's focus.",
    ),
  },
  outputSchema: {
    app: z.string(),
    window: windowShape.describe("Its focus window, as the window system says."),
    action: z.enum(["already_front", "activated", "launched", "reopened"]),
    ms: z.number().describe("Until the focus was confirmed."),
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
    const asked = escapeScreenText(args.app_name);
    const progress = call.progress;
    const r = await focusApp(
      services.desktop(),
      args.app_name,
      args.timeout_ms,
      realClock,
      call.signal,
      progress
        ? (ms, of) =>
          progress(ms, of, `waiting for "${asked}" to come to the front (${secs(ms)} of ${secs(of)} s)`)
        : undefined,
    );
    // The last report is at the total, however the wait ended.
    await progress?.(args.timeout_ms, args.timeout_ms, r.ok ? `focused "${r.app}"` : `"${asked}" not focused`)
      .catch(() => {});
    if (!r.ok) {
      // The message repeats the model's app name: escaped, so it cannot start a line of its own.
      return { ok: false, text: `not focused: ${escapeScreenText(r.message)}` };
    }
    const w = r.window;
    return {
      ok: true,
      text: `focused "${r.app}" (window "${w.title}"; ${r.how.replace("_", " ")} in ${r.ms} ms${
        r.via ? `; ${r.via}` : ""
      })`,
      structured: {
        app: r.app,
        window: { id: w.id, app: w.app, title: w.title, kind: w.kind, bounds: w.bounds },
        action: r.how,
        ms: r.ms,
      },
    };
  },
});

/** Milliseconds as whole seconds, for a progress message. */
function secs(ms: number): number {
  return Math.round(ms / 1000);
}
