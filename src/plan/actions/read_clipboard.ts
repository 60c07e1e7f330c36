/**
 * The `read_clipboard` step: bring the clipboard's text back as an extract.
 *
 * @module
 */

import type { Run } from "../run.ts";
import type { Step } from "../steps.ts";
import type { StepReport } from "../step_report.ts";

type ReadClipboardStep = Extract<Step, { action: "read_clipboard" }>;

/** Runs a read_clipboard step. */
export async function readClipboardStep(run: Run, step: ReadClipboardStep, n: number): Promise<StepReport> {
  run.checkpoint();
  const clip = await run.services.desktop().readClipboard();
  if (clip.text !== null) {
    run.extracts.push({ step: n, source: "clipboard", text: clip.text, note: clip.note });
  }
  return { step: n, action: step.action, outcome: "done", did: { kind: "read_clipboard", note: clip.note } };
}
