/**
 * Reading a world fingerprint: after a run, from the windows it walked and
 * the graph's record of them; before a replay, from the window stack as it
 * is now. Neither reads the screen's pixels: the window list is enough, and
 * a preflight must cost nothing and touch nothing.
 *
 * @module
 */

import type { Desktop } from "../desktop/types.ts";
import { windowIdentity } from "../graph/identity.ts";
import { chooseFront } from "../perceive/front.ts";
import type { Store } from "../db/store.ts";
import type { Fingerprint, RouteWindow } from "./fingerprint.ts";

type NodeRow = {
  id: number;
  app: string;
  identity: string;
  title: string;
  width: number;
  height: number;
  app_version: string | null;
};

/**
 * The world a finished run worked in: the first window it walked (its app,
 * build, identity and size as last seen), the display and the model's tag.
 */
export function worldOfRun(
  store: Store,
  desktop: Desktop,
  route: RouteWindow[],
  llmVersionTag: string | null,
): Fingerprint {
  const first = route[0]?.node ?? null;
  const node = first === null ? undefined : store.get<NodeRow>("window_node", { id: first });
  const screen = desktop.windows().screen;
  return {
    app: node?.app ?? null,
    appBuild: node?.app_version ?? null,
    llmVersionTag,
    screen: { width: screen.widthPx, height: screen.heightPx },
    window: node ? { identity: node.identity, title: node.title } : null,
    windowSize: node ? { width: node.width, height: node.height } : null,
  };
}

/**
 * The world now, seen from where the recipe would start: the frontmost
 * window of the recorded app (a dialog of that app in front counts as the
 * window: it is what the first step would meet). A recorded app with no
 * window open is said in `missing`, since that is a difference, not an unknown.
 */
export function worldNow(
  desktop: Desktop,
  recorded: Fingerprint,
  llmVersionTag: string | null,
): { fingerprint: Fingerprint; missing: Record<string, string> } {
  const state = desktop.windows();
  const screen = { width: state.screen.widthPx, height: state.screen.heightPx };
  const wanted = recorded.app?.toLowerCase() ?? null;
  // The window a plain step would meet: never a withheld one, nor the client's own chat.
  const focus = chooseFront(state).window;
  const window = wanted === null ? focus : state.windows.find((w) => w.app.toLowerCase() === wanted) ?? null;
  const missing: Record<string, string> = {};
  if (!window && recorded.app !== null) {
    const gone = `no window of ${JSON.stringify(recorded.app)} is open`;
    missing.app = gone;
    missing.window = gone;
  }
  return {
    missing,
    fingerprint: {
      app: window?.app ?? null,
      appBuild: window ? desktop.appVersion?.(window.pid) ?? null : null,
      llmVersionTag,
      screen,
      window: window
        ? { identity: windowIdentity(window.title, window.kind, window.transient), title: window.title }
        : null,
      windowSize: window
        ? { width: Math.round(window.bounds.width), height: Math.round(window.bounds.height) }
        : null,
    },
  };
}
