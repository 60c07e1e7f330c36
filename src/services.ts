/**
 * What tool handlers share: the desktop, the screen reader, the store and a
 * clock. The desktop and the OCR workers open on first use, so a server that
 * only answers `recall` never touches the display or starts a recogniser.
 *
 * @module
 */

import type { Desktop } from "./desktop/types.ts";
import type { ScreenReader } from "./ocr/reader.ts";
import type { Store } from "./graph/store.ts";
import { defaultPolicy, type Policy } from "./common/policy.ts";
import { guardDesktop } from "./desktop/guard.ts";
import { AuditLog } from "./graph/audit.ts";

/** The user's answer to a question asked through the client (MCP elicitation). */
export type Answer = "accept" | "decline" | "cancel";

/** Shared, lazily created dependencies of the tools. */
export interface Services {
  /**
   * Asks the user a yes/no question through the client, when the client
   * can (MCP elicitation); set per call by the server, absent otherwise.
   */
  ask?: (message: string) => Promise<Answer>;
  desktop(): Desktop;
  reader(): ScreenReader;
  readonly store: Store;
  /** The user's safety policy (deny list, launcher), fixed for the server's life. */
  readonly policy: Policy;
  /** The audit log: every input sent, question asked and refusal, tagged with its tool call. */
  readonly audit: AuditLog;
  /** Milliseconds since the epoch (injectable for tests). */
  now(): number;
  /** Releases everything that was opened. */
  close(): Promise<void>;
}

/**
 * Builds services from factories; each factory runs at most once. The
 * desktop is always the guarded one, so no tool can look past the deny list.
 */
export function createServices(opts: {
  store: Store;
  policy?: Policy;
  openDesktop: () => Desktop;
  openReader: () => ScreenReader;
  now?: () => number;
}): Services {
  let desktop: Desktop | null = null;
  let reader: ScreenReader | null = null;
  const policy = opts.policy ?? defaultPolicy();
  const now = opts.now ?? (() => Date.now());
  const audit = new AuditLog(opts.store, {
    keepText: policy.auditKeepText,
    retentionDays: policy.auditRetentionDays,
    now,
  });
  return {
    store: opts.store,
    policy,
    audit,
    desktop: () => (desktop ??= guardDesktop(opts.openDesktop(), policy, (e) => audit.record(e))),
    reader: () => (reader ??= opts.openReader()),
    now,
    async close() {
      await reader?.close();
      desktop?.close();
      opts.store.close();
    },
  };
}
