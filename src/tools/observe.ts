/**
 * `observe`: one look at the screen, as targetable text plus a screenshot.
 *
 * @module
 */

import { z } from "zod";
import { observeScreen } from "../plan/look.ts";
import { emptyChromeReason } from "../perceive/surfaces.ts";
import { screenshotPng } from "../render/image.ts";
import { observeText } from "../render/observe_text.ts";
import { defineTool } from "./tool.ts";
import { elementShape, rectShape, windowShape } from "./shared_shapes.ts";

export const observeTool = defineTool({
  name: "observe",
  title: "Observe the screen",
  description: [
    "Looks at the screen once and returns its text as targets: the frontmost app, the window being read, the app's other open windows, whether the interface graph already knows this window, the screen size in pixels and points, and a listing of every text element as `text @ (cx,cy) [conf]`, with a PNG screenshot attached. Wordless icons are counted (`icons: K labeled, M unlabeled`); named ones are listed as `name [icon] @ (cx,cy)` and are targets like text.",
    "The listing comes in two blocks because a step searches exactly one: `elements in focus window` (what a plain target in execute_plan reaches) and `chrome` (open menus, popups, tooltips, docks, and the macOS menu bar; reached only with target.scope='chrome'). Text in background windows is counted as off_surface, not listed, because no step can act on it.",
    "Use it before planning on a screen you have not seen, or when a plan escalated and you need a fresh look. Call recall first when the window may be known already: it costs far fewer tokens and takes no capture. To act, use execute_plan; to bring an app forward first, use focus_app.",
    "Side effects: none on the desktop (nothing is clicked or typed). It records the focus window and its text in the interface graph, which is what later recall answers come from. Needs Screen Recording permission on macOS.",
  ].join("\n\n"),
  inputSchema: {
    screenshot: z.boolean().default(true).describe(
      "Attach the PNG screenshot (default true). Set false to save about 1,500 tokens when the text listing is enough.",
    ),
  },
  outputSchema: {
    app: z.string().nullable().describe(
      "The frontmost application, or null when no app window has the focus.",
    ),
    window: windowShape.nullable().describe("The focus window that was read, or null."),
    open_windows: z.array(z.string()).describe(
      "Titles of every open window of the frontmost app; a piece of one is what target.window takes in execute_plan.",
    ),
    known_window: z.boolean().describe("True when the interface graph had seen this window before."),
    graph_node: z.number().nullable().describe(
      "The window's node id in the interface graph (#id in recall).",
    ),
    screen: z.object({
      width_px: z.number().describe("Screen width in pixels (element coordinates)."),
      height_px: z.number().describe("Screen height in pixels."),
      width_pt: z.number().describe("Screen width in logical points (input coordinates)."),
      height_pt: z.number().describe("Screen height in logical points."),
      scale: z.number().describe("Pixels per point."),
    }).describe("The captured display."),
    elements: z.array(elementShape).describe("Text elements of the focus window, in reading order."),
    icons: z.object({
      labeled: z.number().describe("Icons in the window whose drawing has a name."),
      unlabeled: z.number().describe("Icons in the window with no name yet."),
      named: z.array(z.object({
        text: z.string().describe("The icon's name: a target like any text."),
        x: z.number().describe("Left edge in screen pixels."),
        y: z.number().describe("Top edge in screen pixels."),
        w: z.number().describe("Width in pixels."),
        h: z.number().describe("Height in pixels."),
        cx: z.number().describe("Centre x in screen pixels."),
        cy: z.number().describe("Centre y in screen pixels."),
      })).describe("The named icons of the focus window."),
    }).describe("Wordless icons of the focus window."),
    chrome: z.array(elementShape).describe(
      "Text elements on chrome surfaces (menus, popups, tooltips, docks, menu bar).",
    ),
    chrome_surfaces: z.array(windowShape).describe("The chrome windows that are open."),
    chrome_empty_reason: z.string().nullable().describe(
      "Why the chrome block is empty, or null when it is not.",
    ),
    off_surface: z.number().describe("Text elements seen on neither surface (background windows, desktop)."),
    single_character_scan: rectShape.nullable().describe(
      "Area the single-character pass covered (keypad keys, lone symbols), or null.",
    ),
    screenshot: z.object({
      width: z.number().describe("Width of the attached PNG."),
      height: z.number().describe("Height of the attached PNG."),
      scale: z.number().describe(
        "PNG pixels per screen pixel; divide PNG coordinates by it to get screen pixels.",
      ),
    }).nullable().describe("The attached screenshot, or null when not requested."),
    ocr_ms: z.number().describe("Milliseconds spent reading text."),
  },
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  async run(args, services) {
    const o = await observeScreen(services);
    const shot = args.screenshot ? await screenshotPng(o.frame) : null;
    const platform = services.desktop().platform;
    const focus = o.surfaces.focus;
    const { screen } = o.state;
    const named = o.icons.filter((i) => i.label !== null);
    return {
      ok: true,
      text: observeText(o, platform, shot),
      images: shot ? [shot.png] : [],
      structured: {
        app: o.state.frontmostApp,
        window: focus
          ? { id: focus.id, app: focus.app, title: focus.title, kind: focus.kind, bounds: focus.bounds }
          : null,
        open_windows: o.appWindows.map((w) => w.title),
        known_window: o.sighting?.known ?? false,
        graph_node: o.sighting?.windowId ?? null,
        screen: {
          width_px: screen.widthPx,
          height_px: screen.heightPx,
          width_pt: screen.widthPt,
          height_pt: screen.heightPt,
          scale: screen.scale,
        },
        elements: o.surfaces.window,
        icons: {
          labeled: named.length,
          unlabeled: o.icons.length - named.length,
          named: named.map((i) => ({ text: i.label!, x: i.x, y: i.y, w: i.w, h: i.h, cx: i.cx, cy: i.cy })),
        },
        chrome: o.surfaces.chrome,
        chrome_surfaces: o.state.chrome.map((w) => ({
          id: w.id,
          app: w.app,
          title: w.title,
          kind: w.kind,
          bounds: w.bounds,
        })),
        chrome_empty_reason: o.surfaces.chrome.length ? null : emptyChromeReason(o.state, platform),
        off_surface: o.surfaces.offSurface,
        single_character_scan: o.charScan,
        screenshot: shot ? { width: shot.width, height: shot.height, scale: shot.scale } : null,
        ocr_ms: o.ocrMs,
      },
    };
  },
});
