/**
 * `submit_icon_labels`: the model's names for the cells of an annotate_icons
 * sheet, written all together or not at all.
 *
 * @module
 */

import { z } from "zod";
import { findApp, glyphCounts, glyphsByKey, nameGlyphs } from "../graph/glyphs.ts";
import { quoted } from "../render/icon_text.ts";
import { defineTool } from "./tool.ts";

/** Longest name accepted. */
const MAX_NAME = 80;

/** More names than one sheet can hold in any call. */
const MAX_LABELS = 200;

export const submitIconLabelsTool = defineTool({
  name: "submit_icon_labels",
  title: "Name icons from a sheet",
  description: [
    "Names the icons of an annotate_icons sheet by their keys. Each name goes on the drawing and every place the app draws it, now and later, so {action:'click', target:{text:<name>}} works.",
    "All or nothing: an unknown key, a blank name or an unknown app is refused with what to fix and nothing written. Touches no screen.",
  ].join(" "),
  inputSchema: {
    app_name: z.string().max(200).describe("The app annotate_icons reported."),
    labels: z.record(z.string().max(64), z.string().max(200))
      .refine((l) => Object.keys(l).length <= MAX_LABELS, {
        error: `at most ${MAX_LABELS} labels in one call: send the rest in another`,
      })
      .describe(
        `Cell key (not number) -> the name a user would say, e.g. {"3fa90c1d": "Share"}; at most ${MAX_LABELS}.`,
      ),
  },
  outputSchema: {
    app: z.string().describe("The app."),
    glyphs_named: z.number().describe("Drawings named."),
    places_named: z.number().describe("Places they are drawn."),
    still_unnamed: z.number().describe("The app's icons still unnamed."),
  },
  annotations: {
    readOnlyHint: false,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  async run(args, services) {
    const store = services.store;
    const appName = args.app_name.trim();
    const app = appName ? findApp(store, appName) : undefined;
    if (!app) {
      return {
        ok: false,
        text: `${
          appName ? `no app called ${quoted(appName)} has been seen` : "app_name is empty"
        }: pass the app annotate_icons reported; nothing was written.`,
      };
    }
    const entries = Object.entries(args.labels);
    const unknown: string[] = [];
    const blank: string[] = [];
    const names: Array<{ glyphId: number; label: string }> = [];
    for (const [key, raw] of entries) {
      const label = raw.replace(/\s+/g, " ").trim().slice(0, MAX_NAME);
      const hits = glyphsByKey(store, app.id, key.trim().toLowerCase());
      if (hits.length !== 1 || key.trim().length < 8) unknown.push(key);
      else if (!label) blank.push(key);
      else names.push({ glyphId: hits[0].id, label });
    }
    const problems: string[] = [];
    if (!entries.length) problems.push("labels is empty: pass {key: name} for the cells of the sheet");
    if (unknown.length) {
      problems.push(
        `${unknown.map(quoted).join(", ")} ${unknown.length > 1 ? "are" : "is"} not a key of ${
          quoted(app.name)
        }'s icons (use the keys annotate_icons printed, not cell numbers)`,
      );
    }
    if (blank.length) problems.push(`the name for ${blank.map(quoted).join(", ")} is blank`);
    if (problems.length) return { ok: false, text: `${problems.join("; ")}. Nothing was written.` };
    const named = nameGlyphs(store, names, "model");
    const counts = glyphCounts(store, app.id);
    const left = counts.total - counts.named;
    return {
      ok: true,
      text: [
        `named ${named.glyphs} icon drawing(s) at ${named.places} place(s) in ${quoted(app.name)}: ${
          names.map((n) => quoted(n.label)).join(", ")
        }.`,
        `${left} of ${quoted(app.name)}'s icons still unnamed.`,
        "Target them by name: {action:'click', target:{text:<name>}}.",
      ].join("\n"),
      structured: {
        app: app.name,
        glyphs_named: named.glyphs,
        places_named: named.places,
        still_unnamed: left,
      },
    };
  },
});
