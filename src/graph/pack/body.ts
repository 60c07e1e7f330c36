/**
 * What a memory pack holds, as data: the interface graph of some apps
 * (windows with their texts, transitions, clicks, named glyphs with the
 * places they are drawn, app builds) and, when asked, kept recipes. Times
 * are epoch milliseconds; a window is referred to by its `key`, a number
 * that only means something inside one pack.
 *
 * Never in a pack: the audit log, the read memory, pixels of any kind
 * (glyph crops and screenshots), text choto typed, or any app on the
 * exporting machine's deny list. The schema below is how an import checks a
 * pack before it writes anything.
 *
 * @module
 */

import { z } from "zod";

/** The latest time a JavaScript date can hold: a later one could not be shown, and is refused. */
export const MAX_PACK_TIME = 8.64e15;
const time = z.number().int().min(0).max(MAX_PACK_TIME);
const count = z.number().int().min(1);
const text = z.string().max(10_000);
/**
 * Text that must say something: an app's name (recall finds an app by it; spaces alone name none, and ask for
 * all apps) and a recipe's words (the database refuses them blank).
 */
const worded = (max: number) => z.string().max(max).regex(/\S/, "needs a character other than a space");
const name = worded(500);
const key = z.number().int().min(0);
/** The longest recipe plan a pack may hold, as JSON. */
const MAX_PLAN_CHARS = 100_000;
/** Row counts a pack may hold at most: a larger one is refused before anything is merged. */
export const PACK_ROWS = {
  apps: 2_000,
  windows: 50_000,
  elements: 5_000,
  glyphs: 50_000,
  places: 2_000,
  transitions: 200_000,
  clicks: 200_000,
  recipes: 500,
  route: 200,
} as const;
const box = {
  x: z.number().int(),
  y: z.number().int(),
  w: z.number().int().min(0),
  h: z.number().int().min(0),
};

const appSchema = z.strictObject({
  name,
  version: z.string().max(200).nullable(),
  version_seen: time.nullable(),
  first_seen: time,
  last_seen: time,
  /** The window the app was last read in, by key. */
  last_window: key.nullable(),
});

const elementSchema = z.strictObject({
  text: z.string().min(1).max(10_000),
  nth: z.number().int().min(0),
  ...box,
  conf: z.number().min(0).max(1),
  first_seen: time,
  last_seen: time,
});

const windowSchema = z.strictObject({
  key,
  app: name,
  /** The exporter's identity key; an import computes its own from the kind part and the title. */
  identity: z.string().min(1).max(2_000),
  title: z.string().max(2_000),
  kind: z.string().min(1).max(50),
  width: z.number().int().min(0),
  height: z.number().int().min(0),
  app_version: z.string().max(200).nullable(),
  seen_count: count,
  first_seen: time,
  last_seen: time,
  elements: z.array(elementSchema).max(PACK_ROWS.elements),
});

const placeSchema = z.strictObject({
  window: key,
  ...box,
  near: text,
  first_seen: time,
  last_seen: time,
});

const glyphSchema = z.strictObject({
  app: name,
  phash: z.string().regex(/^[0-9a-f]{4,64}$/),
  w: z.number().int().min(1),
  h: z.number().int().min(1),
  label: z.string().min(1).max(500),
  /** Where the exporter's name came from; an import stores every name as "pack", whatever this says. */
  label_from: z.enum(["tooltip", "model", "pack"]).nullable(),
  /** When it was named (null: before names had times; its last sighting stands in). */
  label_at: time.nullable(),
  first_seen: time,
  last_seen: time,
  places: z.array(placeSchema).max(PACK_ROWS.places),
});

const transitionSchema = z.strictObject({
  from: key,
  to: key,
  action: z.string().min(1).max(50),
  text,
  scope: z.enum(["window", "chrome"]),
  via: text.nullable(),
  count,
  first_seen: time,
  last_seen: time,
});

const clickSchema = z.strictObject({
  window: key,
  text,
  scope: z.enum(["window", "chrome"]),
  count,
  first_seen: time,
  last_seen: time,
});

const recipeSchema = z.strictObject({
  goal: worded(2_000),
  title: worded(500),
  intent: worded(2_000),
  acceptance: worded(2_000),
  /** The plan as execute_plan took it; never one with a type step. */
  plan: z.record(z.string(), z.unknown()).refine(
    (plan) => JSON.stringify(plan).length <= MAX_PLAN_CHARS,
    `a plan longer than ${MAX_PLAN_CHARS} characters`,
  ),
  app: z.string().max(500).nullable(),
  app_build: z.string().max(200).nullable(),
  llm_version_tag: z.string().max(200).nullable(),
  screen_width: z.number().int().nullable(),
  screen_height: z.number().int().nullable(),
  window_identity: z.string().max(2_000).nullable(),
  window_title: z.string().max(2_000).nullable(),
  window_width: z.number().int().nullable(),
  window_height: z.number().int().nullable(),
  recorded_at: time,
  /** The windows the recorded run walked through, by key when the pack holds them. */
  route: z.array(
    z.strictObject({ window: key.nullable(), app: z.string().max(500), title: z.string().max(2_000) }),
  ).max(PACK_ROWS.route),
});

/** The content of a pack of format 1. */
export const packBodySchema = z.strictObject({
  apps: z.array(appSchema).max(PACK_ROWS.apps),
  windows: z.array(windowSchema).max(PACK_ROWS.windows),
  glyphs: z.array(glyphSchema).max(PACK_ROWS.glyphs),
  transitions: z.array(transitionSchema).max(PACK_ROWS.transitions),
  clicks: z.array(clickSchema).max(PACK_ROWS.clicks),
  /** Present when the export was asked for recipes. */
  recipes: z.array(recipeSchema).max(PACK_ROWS.recipes).optional(),
});

/** A pack's content. */
export type PackBody = z.infer<typeof packBodySchema>;
/** One app of a pack. */
export type PackApp = PackBody["apps"][number];
/** One window of a pack, with its texts. */
export type PackWindow = PackBody["windows"][number];
/** One named glyph of a pack, with the places it is drawn. */
export type PackGlyph = PackBody["glyphs"][number];
/** One transition of a pack. */
export type PackTransition = PackBody["transitions"][number];
/** One click of a pack. */
export type PackClick = PackBody["clicks"][number];
/** One kept recipe of a pack. */
export type PackRecipe = NonNullable<PackBody["recipes"]>[number];
