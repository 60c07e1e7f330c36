/**
 * The text of an execute_plan reply: status, the journey (one line per
 * step), extracted text, the evidence of a failure, the windows seen, and
 * what to do next when the run stopped.
 *
 * @module
 */

import { quotedBlock } from "../common/untrusted.ts";
import type { RunResult } from "../plan/executor.ts";
import { elementRows, ROWS_LEGEND } from "./element_rows.ts";
import { nextStep } from "./recovery.ts";
import { stepLine } from "./step_lines.ts";

/** Renders a run; `shotScale` is the attached screenshot's scale, when one is attached. */
export function journeyText(r: RunResult, shotScale: number | null): string {
  const lines: string[] = [];
  const done = r.reports.filter((s) => s.outcome === "done" || s.outcome === "skipped").length;
  const unseen = r.reports.filter((s) => s.outcome === "unconfirmed").length;
  lines.push(
    `status: ${r.status} (${done} of ${r.reports.length} steps${
      unseen ? `, ${unseen} unconfirmed` : ""
    }, ${r.actions} of ${r.maxActions} actions, ${(r.elapsedMs / 1000).toFixed(1)} s)`,
  );
  lines.push("journey:");
  for (const s of r.reports) lines.push(`  ${s.step}. ${stepLine(s)}`);
  for (const x of r.extracts) {
    lines.push("");
    lines.push(`extracted (step ${x.step}, ${x.source}; ${x.note}):`);
    lines.push(quotedBlock(x.text));
  }
  if (r.failure) {
    const f = r.failure;
    lines.push("");
    lines.push(
      `${r.status === "success" ? "escalated" : r.status} at step ${f.step} (${f.action}): ${f.reason}`,
    );
    if (f.target !== null) {
      lines.push(
        f.closest.length
          ? `closest on-screen texts to "${f.target}" (${f.surface} surface): ${
            f.closest.map((c) => `"${c.text}" ${c.similarity.toFixed(2)}`).join(", ")
          }`
          : `nothing on the ${f.surface} surface resembles "${f.target}"`,
      );
    }
    if (f.look) {
      const l = f.look;
      lines.push(`screen now: app ${l.window?.app ?? "(none)"}, window "${l.window?.title ?? ""}"`);
      lines.push(ROWS_LEGEND);
      lines.push(`elements in focus window (${l.windowElements.length}):`);
      lines.push(...elementRows(l.windowElements));
      lines.push(`chrome (${l.chromeElements.length}):`);
      lines.push(...elementRows(l.chromeElements));
      if (shotScale !== null) lines.push(`screenshot: attached (scale ${shotScale} of the screen)`);
    }
  }
  lines.push("");
  lines.push(`windows seen during this run (${r.windowsSeen.length}):`);
  for (const w of r.windowsSeen) {
    lines.push(
      `  #${w.node} ${w.app} "${w.title}": ${w.sample.map((t) => `"${t}"`).join(", ") || "(no text)"}`,
    );
  }
  if (!r.windowsSeen.length) lines.push("  (none)");
  for (const why of r.unstored) lines.push(`not stored in the interface graph: ${why}`);
  const next = nextStep(r);
  if (next) lines.push(`next: ${next}`);
  return lines.join("\n");
}
