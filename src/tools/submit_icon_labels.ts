/**
 * `submit_icon_labels`: the model's names for the cells of an annotate_icons
 * sheet, written all together or not at all.
 *
 * @module
 */

import { z } from "zod";
import { ambiguousName } from "../common/app_match.ts";
import {
  findApp,
  glyphCounts,
  glyphsByKey,
  type LabelSource,
  MAX_GLYPH_NAME,
  nameGlyphs,
} from "../graph/glyphs.ts";
import { quoted } from "../render/icon_text.ts";
import { defineTool } from "./tool.ts";

/** Longest name accepted: a tooltip is cut to the same length. */
const MAX_NAME = MAX_GLYPH_NAME;

/** More names than one sheet can hold in any call. */
const MAX_LABELS = 200;

export const submitIconLabelsTool = defineTool({
  name: "submit_icon_labels",
  title: "Name icons from a sheet",
  summary: "the model's names for the cells of that sheet (renaming named ones)",
  description: [
    "Names the icons of an annotate_icons sheet by their keys: each name goes on the drawing wherever the app draws it, now and later, a target like text.",
    "A key of a named icon renames it (tooltip names too).",
    `All or nothing: an unknown key or app, or a blank name, is refused saying what to fix. Touches no screen.`,
  ].join(" "),
  inputSchema: {
    app_name: z.string().max(200).describe("The app annotate_icons reported."),
    labels: z.record(
      z.string().max(64),
      z.string().max(MAX_NAME, { error: `a name is at most ${MAX_NAME} characters: shorten it` }),
    )
      .refine((l) => Object.keys(l).length <= MAX_LABELS, {
        error: `at most ${MAX_LABELS} labels in one call: send the rest in another`,
      })
      // The refine holds the limit; maxProperties publishes it, which zod writes for no record.
      .meta({ maxProperties: MAX_LABELS })
      .describe(`Cell key (not number) -> the name a user would say: {"3fa90c1d": "Share"}.`),
  },
  outputSchema: {
    app: z.string(),
    glyphs_named: z.number().describe("Drawings named."),
    places_named: z.number().describe("Places they are drawn."),
    renamed: z.array(
      z.object({ key: z.string(), was: z.string(), was_from: z.enum(["tooltip", "model", "pack"]) }),
    ),
    still_unnamed: z.number().describe("The app's icons."),
  },
  annotations: {
    readOnlyHint: false,
    // A key of a named drawing replaces its name.
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: false,
  },
  async run(args, services) {
    const store = services.store;
    const appName = args.app_name.trim();
    const hit = appName ? findApp(store, appName) : null;
    if (hit?.kind === "ambiguous") {
      return {
        ok: false,
        text: `app_name ${
          ambiguousName(appName, "recorded apps", hit.candidates.map((a) => a.name))
        }; nothing was written.`,
      };
    }
    const app = hit?.kind === "found" ? hit.item : undefined;
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
    const renamed: Array<{ key: string; was: string; was_from: LabelSource; to: string }> = [];
    for (const [key, raw] of entries) {
      const label = raw.replace(/\s+/g, " ").trim();
      const hits = glyphsByKey(store, app.id, key.trim().toLowerCase());
      if (hits.length !== 1 || key.trim().length < 8) unknown.push(key);
      else if (!label) blank.push(key);
      else {
        names.push({ glyphId: hits[0].id, label });
        const was = hits[0].label;
        if (was !== null && was !== label) {
          renamed.push({ key, was, was_from: hits[0].label_from ?? "model", to: label });
        }
      }
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
        ...renamed.map((r) =>
          `renamed ${quoted(r.key)}: it was ${quoted(r.was)} (${
            r.was_from === "tooltip"
              ? "read from its tooltip"
              : r.was_from === "pack"
              ? "named by a memory pack"
              : "named by a model"
          }), now ${quoted(r.to)}.`
        ),
        `${left} of ${quoted(app.name)}'s icons still unnamed.`,
        "Target them by name: {action:'click', target:{text:<name>}}.",
      ].join("\n"),
      structured: {
        app: app.name,
        glyphs_named: named.glyphs,
        places_named: named.places,
        renamed: renamed.map(({ key, was, was_from }) => ({ key, was, was_from })),
        still_unnamed: left,
      },
    };
  },
});
