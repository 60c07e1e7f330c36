/**
 * The world a recipe worked in, and how to hold it against the world now.
 *
 * A fingerprint is a handful of named fields. Before a replay each field is
 * compared on its own: both values known and different is a difference (the
 * replay does not start); a value nobody knows on either side makes the field
 * uncomparable, and that is said too, so a clean preflight is never taken to
 * mean "nothing changed". The route of windows can only be known by running,
 * so it is held against the recorded one after a successful replay.
 *
 * @module
 */

/** One window of a run's route. */
export interface RouteWindow {
  /** The graph's node id, null when the node has since been forgotten. */
  node: number | null;
  app: string;
  title: string;
}

/** What a run's world looked like. `null` means not known. */
export interface Fingerprint {
  /** The application of the window the run started in. */
  app: string | null;
  /** That application's build (version string or executable date), when the platform tells. */
  appBuild: string | null;
  /** The label the model gave itself. */
  llmVersionTag: string | null;
  /** The display size in pixels. */
  screen: { width: number; height: number } | null;
  /** The window the run started in: its identity (kind and folded title) and title. */
  window: { identity: string; title: string } | null;
  /** That window's size in pixels, frame included. */
  windowSize: { width: number; height: number } | null;
}

/** A field that differs, with both values as the reply shows them. */
export interface Difference {
  field: string;
  recorded: string;
  now: string;
}

/** A field that could not be compared, and why. */
export interface Uncomparable {
  field: string;
  why: string;
}

/** The outcome of a preflight. */
export interface Comparison {
  differences: Difference[];
  uncomparable: Uncomparable[];
}

const size = (s: { width: number; height: number }) => `${s.width}x${s.height}`;
const quoted = (s: string) => JSON.stringify(s);

/** A field as compared (`key`) and as shown to the model (`shown`); null when unknown. */
interface Entry {
  field: string;
  key: string | null;
  shown: string | null;
}

/**
 * Every field of a fingerprint, in reply order. Keeping the list in one
 * place makes "each field is compared or reported" a property of this
 * function rather than of each caller.
 */
function entries(f: Fingerprint): Entry[] {
  const text = (field: string, v: string | null): Entry => ({ field, key: v, shown: v && quoted(v) });
  const dims = (field: string, v: { width: number; height: number } | null): Entry => ({
    field,
    key: v && size(v),
    shown: v && size(v),
  });
  return [
    text("app", f.app),
    text("app_build", f.appBuild),
    text("llm_version_tag", f.llmVersionTag),
    dims("screen", f.screen),
    {
      field: "window",
      key: f.window?.identity ?? null,
      shown: f.window && `${quoted(f.window.title)} (${f.window.identity.split("|")[0]})`,
    },
    dims("window_size", f.windowSize),
  ];
}

const EMPTY: Fingerprint = {
  app: null,
  appBuild: null,
  llmVersionTag: null,
  screen: null,
  window: null,
  windowSize: null,
};

/** The names of the fields compared before a replay, in reply order. */
export const PREFLIGHT_FIELDS: readonly string[] = entries(EMPTY).map((e) => e.field);

/**
 * Compares a recorded world with the world now, field by field.
 * `missingNow` explains a value that is absent now for a reason that is
 * itself a difference (no window of the app is open), rather than unknown.
 */
export function compareWorlds(
  recorded: Fingerprint,
  now: Fingerprint,
  missingNow: Partial<Record<string, string>> = {},
): Comparison {
  const differences: Difference[] = [];
  const uncomparable: Uncomparable[] = [];
  const current = entries(now);
  entries(recorded).forEach((a, i) => {
    const b = current[i];
    const absent = missingNow[a.field];
    if (a.key !== null && b.key === null && absent !== undefined) {
      differences.push({ field: a.field, recorded: a.shown!, now: absent });
    } else if (a.key === null || b.key === null) {
      uncomparable.push({
        field: a.field,
        why: a.key === null && b.key === null
          ? "not known then or now"
          : a.key === null
          ? "not recorded with the recipe"
          : "cannot be read now",
      });
    } else if (a.key !== b.key) {
      differences.push({ field: a.field, recorded: a.shown!, now: b.shown! });
    }
  });
  return { differences, uncomparable };
}

/**
 * Holds the route a replay walked against the recorded one. Windows are
 * compared by node (the graph's identity of a window), falling back to app
 * and title for a node that was forgotten. Returns null when they agree.
 */
export function compareRoutes(recorded: RouteWindow[], walked: RouteWindow[]): string | null {
  const key = (w: RouteWindow) => w.node !== null ? `#${w.node}` : `${w.app}\u0000${w.title}`;
  const same = recorded.length === walked.length && recorded.every((w, i) => key(w) === key(walked[i]));
  if (same) return null;
  return `the route differs from the recorded one: recorded ${routeText(recorded)}; walked ${
    routeText(walked)
  }`;
}

/** A route as one line: `galculator "galculator" -> ...`. */
export function routeText(route: RouteWindow[]): string {
  if (!route.length) return "(no window)";
  return route.map((w) => `${w.app} ${quoted(w.title)}`).join(" -> ");
}
