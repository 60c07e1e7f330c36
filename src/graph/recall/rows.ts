/**
 * The rows one recall question reads, each read at most once: apps, a
 * window's brief (title, app, versions), and the titles every reply names
 * windows by. What the other recall modules share.
 *
 * @module
 */

import type { Store } from "../../db/store.ts";
import type { NodeId } from "../identity.ts";
import type { Surface } from "../../perceive/surfaces.ts";
import type { WindowRef } from "./schema.ts";

/** An app as recall reads it. */
export interface AppRow {
  id: number;
  name: string;
  version: string | null;
  last_seen: number;
  last_window: NodeId | null;
  window_count: number;
}

/** A window (graph node) as recall reads it. */
export interface WindowRow {
  id: NodeId;
  title: string;
  kind: string;
  app_version: string | null;
  seen_count: number;
  first_seen: number;
  last_seen: number;
  element_count: number;
  acted_in: number;
  has_way_in: number;
}

/** A transition as recall reads it, with the titles at either end when the query joins them. */
export interface EdgeRow {
  from_window: NodeId;
  to_window: NodeId;
  action: string;
  text: string;
  scope: Surface;
  via?: string | null;
  count: number;
  last_seen: number;
  to_title?: string;
  from_title?: string;
}

/** What a reply needs of any window it mentions: its app and both versions. */
export interface BriefRow {
  id: NodeId;
  app_id: number;
  title: string;
  kind: string;
  app_version: string | null;
  seen_count: number;
  last_seen: number;
  app_name: string;
  app_version_now: string | null;
  app_last_window: NodeId | null;
}

/** The rows of one question, cached for its length. */
export class RecallRows {
  readonly #titles = new Map<NodeId, string>();
  readonly #briefs = new Map<NodeId, BriefRow | null>();
  #apps: AppRow[] | null = null;

  constructor(readonly store: Store) {}

  /** Every app, most recently seen first. */
  allApps(): AppRow[] {
    return (this.#apps ??= this.store.all<AppRow>("recall_apps"));
  }

  /** A window's brief, or null when the node does not exist. */
  brief(id: NodeId): BriefRow | null {
    if (!this.#briefs.has(id)) {
      const row = this.store.get<BriefRow>("recall_window_brief", { id });
      this.#briefs.set(id, row ?? null);
      if (row) this.#titles.set(id, row.title);
    }
    return this.#briefs.get(id)!;
  }

  /** Keeps a window's title, read with some other row, for later references. */
  noteTitle(id: NodeId, title: string): void {
    this.#titles.set(id, title);
  }

  /** A window by id and title ("?" when it is gone). */
  ref(id: NodeId): WindowRef {
    let title = this.#titles.get(id);
    if (title === undefined) {
      title = this.brief(id)?.title ?? "?";
      this.#titles.set(id, title);
    }
    return { id, title };
  }
}
