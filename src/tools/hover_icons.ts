/**
 * `hover_icons`: the front window's app names its own icons through its
 * tooltips.
 *
 * @module
 */

import { z } from "zod";
import { hoverIcons, TOOLTIP_WAIT_MS } from "../look/hover.ts";
import { hoverText, noWindowText } from "../render/icon_text.ts";
import { defineTool } from "./tool.ts";

export const hoverIconsTool = defineTool({
  name: "hover_icons",
  title: "Name icons from their tooltips",
  summary: "names the front window's icons from their tooltips",
  description: [
    "Hovers each unnamed icon of the FRONT window, keeping its tooltip as the drawing's name wherever the app draws it, a target like text.",
    "Use first on unlabeled icons (focus_app the app first); annotate_icons covers the rest.",
    `Moves the real pointer (per icon the app's tooltip delay, ${
      TOOLTIP_WAIT_MS / 1000
    } s where none shows), then back; clicks and types nothing. Stops early on the corner failsafe, cancellation, the front window changing or moving, or a deny-listed window over an icon.`,
  ].join(" "),
  inputSchema: {
    limit: z.number().int().min(1).max(40).default(12).describe("Most icons to visit."),
  },
  outputSchema: {
    app: z.string().nullable(),
    window: z.string().nullable().describe("The front window's title."),
    hovered: z.number(),
    named: z.array(z.string()),
    showed_nothing: z.number(),
    still_unnamed: z.number().describe("Drawings here still unnamed."),
    not_visited: z.number().describe("Left by limit."),
    stopped: z.string().nullable().describe("Why it stopped early."),
  },
  actsOnScreen: true,
  carriesScreenText: true,
  annotations: {
    readOnlyHint: false,
    // Names only drawings that have none.
    destructiveHint: false,
    idempotentHint: false,
    // The pointer moves over whatever app is in front, whose tooltips are read.
    openWorldHint: true,
  },
  async run(args, services, call) {
    const r = await hoverIcons(services, args.limit, { signal: call.signal, progress: call.progress });
    if (!r.window) return { ok: false, text: noWindowText(r) };
    return {
      ok: true,
      text: hoverText(r),
      structured: {
        app: r.app,
        window: r.window.title,
        hovered: r.hovered,
        named: r.named,
        showed_nothing: r.showedNothing,
        still_unnamed: r.stillUnnamed,
        not_visited: r.leftOver,
        stopped: r.stopped,
      },
    };
  },
});
