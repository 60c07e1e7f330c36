/**
 * Window identity: when are two sightings the same node of the graph?
 *
 * The rule: app + normalised title + a coarse structural signature.
 * - Title normalisation folds what changes between documents of one kind of
 *   window: the "modified" marker (`*`, `•`), file names (`notes.txt`,
 *   `~/a/b.md`), "Untitled"-style stand-in names, and every run of digits
 *   (counters, dates, sizes). So "Untitled 3 - Mousepad" and
 *   "report.txt - Mousepad" are one node: the editor window.
 * - The structural signature is the window kind (normal, dialog, utility):
 *   a dialog is always its own node, even when its title matches a window's.
 *
 * @module
 */

import type { WindowKind } from "../desktop/types.ts";

/** A node of the interface graph: a window as the graph remembers it (a row of `windows`). */
export type NodeId = number;

/** Stand-in names apps give to documents that were never saved ("Untitled 3"). */
const UNSAVED_NAMES =
  /\b(untitled|new document|new file|unsaved|document|sans titre|unbenannt)\b(\s*[-#]?\s*\d+)?/gi;
/** A path (absolute, home-relative `~/`, or relative) or a file name with an extension. */
const FILE_NAME = /(~?\/|\.{1,2}\/)?([\w.-]+\/)*[\w.-]*\w\.[a-z0-9]{1,8}\b/gi;

/** Folds the parts of a title that vary between documents of the same window. */
export function normaliseTitle(title: string): string {
  return title
    .normalize("NFKC")
    .replace(/^[*•●]\s*|\s*[*•●]$/g, "")
    .replace(/\s*[*•●]\s*(?=[-–—|])/g, " ")
    .replace(FILE_NAME, "<doc>")
    .replace(UNSAVED_NAMES, "<doc>")
    .replace(/\d+/g, "#")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/** The coarse structure of a window: what kind it is. */
export function structureOf(kind: WindowKind, transient: boolean): string {
  if (kind === "dialog" || (transient && kind === "normal")) return "dialog";
  if (kind === "utility") return "utility";
  return "window";
}

/** The identity key of a window within its app. */
export function windowIdentity(
  title: string,
  kind: WindowKind,
  transient: boolean,
): string {
  return `${structureOf(kind, transient)}|${normaliseTitle(title)}`;
}
