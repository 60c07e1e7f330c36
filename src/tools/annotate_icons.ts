/**
 * `annotate_icons`: a sheet of an app's unnamed icons, from memory, for the
 * model to name.
 *
 * @module
 */

import { z } from "zod";
import { ambiguousName } from "../common/app_match.ts";
import { gatherSheet } from "../graph/glyph_sheet.ts";
import { iconSheet, SHEET_CELLS } from "../render/icon_sheet.ts";
import { legendLine, quoted, whereInWindow } from "../render/icon_text.ts";
import { decodeImage } from "../image/codec.ts";
import { defineTool } from "./tool.ts";

/** Cells in one call: two full sheets. */
const CAP = 2 * SHEET_CELLS;

export const annotateIconsTool = defineTool({
  name: "annotate_icons",
  title: "Show unnamed icons to name",
  summary: "a sheet of an app's unnamed icons, from memory, for the model to name",
  description: [
    `Returns one or two PNG sheets (${SHEET_CELLS} cells each) of an app's unnamed icons at real size, numbered, with a legend (key, window, place, nearest texts).`,
    "Name them with submit_icon_labels by key (not cell number); try hover_icons first.",
    "From memory: captures and clicks nothing.",
  ].join(" "),
  inputSchema: {
    app_name: z.string().max(200).optional().describe(
      "Matched as in recall; default: the app whose unnamed icon is drawn most (the reply says which).",
    ),
  },
  outputSchema: {
    app: z.string().nullable(),
    cells: z.array(z.object({
      n: z.number(),
      key: z.string(),
      window: z.string(),
      where: z.string(),
      near: z.array(z.string()),
    })).describe("The legend; n: cell number, key: for submit_icon_labels, window: last seen in."),
    remaining: z.number().describe("Unnamed icons not on this sheet."),
  },
  carriesScreenText: true,
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  async run(args, services) {
    const name = args.app_name?.trim();
    const data = gatherSheet(services.store, name || undefined, CAP);
    if (!data.ok) {
      if (data.problem === "ambiguous_app") {
        return { ok: false, text: `app_name ${ambiguousName(name!, "recorded apps", data.candidates)}.` };
      }
      if (data.problem === "unknown_app") {
        return {
          ok: false,
          text: `no app called ${
            quoted(data.app ?? "")
          } has been seen: pass the name observe or recall shows (for example "Mousepad"), or leave app_name out.`,
        };
      }
      return {
        ok: true,
        text: "every icon seen so far already has a name (or none was seen yet): nothing to annotate.",
        structured: { app: null, cells: [], remaining: 0 },
      };
    }
    if (!data.cells.length) {
      return {
        ok: true,
        text: `every icon of ${quoted(data.app)} already has a name: nothing to annotate.`,
        structured: { app: data.app, cells: [], remaining: 0 },
      };
    }
    const crops = await Promise.all(data.cells.map((c) => decodeImage(c.glyph.png)));
    const sheets: Uint8Array[] = [];
    for (let i = 0; i < crops.length; i += SHEET_CELLS) {
      sheets.push(await iconSheet(crops.slice(i, i + SHEET_CELLS), i + 1));
    }
    const lines = [
      `${data.cells.length} unnamed icon(s) of ${quoted(data.app)}${
        data.chosen ? " (chosen: its unnamed icon is drawn most)" : ""
      }, on ${sheets.length} sheet(s):`,
      ...data.cells.map((c, i) => legendLine(i + 1, c)),
      data.remaining
        ? `${data.remaining} more not shown: name these, then call again.`
        : "that is all of them.",
      `name them with submit_icon_labels {app_name: ${quoted(data.app)}, labels: {<key>: <name>}}.`,
    ];
    return {
      ok: true,
      text: lines.join("\n"),
      images: sheets,
      structured: {
        app: data.app,
        cells: data.cells.map((c, i) => ({
          n: i + 1,
          key: c.key,
          window: c.places[0]?.title ?? "",
          where: c.places[0] ? whereInWindow(c.places[0], c.places[0]) : "",
          near: c.places[0]?.near ? c.places[0].near.split("\n") : [],
        })),
        remaining: data.remaining,
      },
    };
  },
});
