/**
 * The two privacy grants, checked where they matter: Screen Recording
 * before each capture (`CGPreflightScreenCaptureAccess`), Accessibility
 * before input (`AXIsProcessTrusted`). The first time one is missing the
 * system is asked, once per process, to prompt the user and list the
 * responsible app in System Settings (`CGRequestScreenCaptureAccess`,
 * `AXIsProcessTrustedWithOptions` with the prompt option); the work is
 * refused with what to turn on, never done half-blind.
 *
 * @module
 */

import { hostFacts } from "./host.ts";
import type { MacLibs } from "./libs.ts";
import type { CoreFoundation } from "./native.ts";
import { type Grant, type GrantHolder, grantHolder, type HostFacts, missingGrant } from "./permissions.ts";

/** A grant is missing: nothing was captured or sent. */
export class GrantMissing extends Error {
  constructor(readonly grant: Grant, message: string) {
    super(message);
  }
}

/** Checks the grants and asks the system to prompt, once each. */
export class Grants {
  #asked = new Set<Grant>();
  #holder: GrantHolder | null = null;

  constructor(
    readonly libs: MacLibs,
    readonly cf: CoreFoundation,
    readonly host: { host?: HostFacts; systemRoot?: string },
    readonly log: (line: string) => void,
  ) {}

  /** Who macOS charges the grants to (read once). */
  holder(): GrantHolder {
    return this.#holder ??= grantHolder(this.host.host ?? hostFacts(this.host.systemRoot));
  }

  /** Its name, as System Settings lists it. */
  who(): string {
    return this.holder().name;
  }

  /** Screen Recording: true, false, or null on a macOS too old to tell (before 10.15). */
  screenRecording(): boolean | null {
    const pre = this.libs.cg.CGPreflightScreenCaptureAccess;
    return pre ? pre() : null;
  }

  /** Accessibility. */
  accessibility(): boolean {
    return this.libs.ax.AXIsProcessTrusted() !== 0;
  }

  /** Throws GrantMissing (after asking for the prompt the first time) unless Screen Recording is granted. */
  requireScreenRecording(refused = "nothing was captured"): void {
    if (this.screenRecording() !== false) return;
    this.#ask("Screen Recording", () => this.libs.cg.CGRequestScreenCaptureAccess?.());
    throw new GrantMissing("Screen Recording", missingGrant("Screen Recording", this.holder(), refused));
  }

  /** Throws GrantMissing (after asking for the prompt the first time) unless Accessibility is granted. */
  requireAccessibility(refused = "nothing was sent"): void {
    if (this.accessibility()) return;
    this.#ask("Accessibility", () => this.#promptAccessibility());
    throw new GrantMissing("Accessibility", missingGrant("Accessibility", this.holder(), refused));
  }

  /**
   * Asks macOS to prompt for each grant still missing, once (Choto.app's
   * `grant` mode, so the prompts name the app); the state before asking.
   */
  askForMissing(): { screenRecording: boolean | null; accessibility: boolean } {
    const before = { screenRecording: this.screenRecording(), accessibility: this.accessibility() };
    if (before.screenRecording === false) {
      this.#ask("Screen Recording", () => this.libs.cg.CGRequestScreenCaptureAccess?.());
    }
    if (!before.accessibility) this.#ask("Accessibility", () => this.#promptAccessibility());
    return before;
  }

  /** Which prompts this process has asked for. */
  asked(): Grant[] {
    return [...this.#asked];
  }

  #ask(grant: Grant, prompt: () => unknown): void {
    if (this.#asked.has(grant)) return;
    this.#asked.add(grant);
    try {
      prompt();
    } catch (e) {
      this.log(`could not ask macOS to prompt for ${grant}: ${(e as Error).message}`);
    }
  }

  /** AXIsProcessTrustedWithOptions({kAXTrustedCheckOptionPrompt: true}). */
  #promptAccessibility(): void {
    const { ax, cf } = this.libs;
    // Both constants' addresses are one-element arrays: exactly the keys and values CFDictionaryCreate reads.
    const options = cf.CFDictionaryCreate(
      null,
      ax.kAXTrustedCheckOptionPrompt,
      cf.kCFBooleanTrue,
      1n,
      cf.kCFTypeDictionaryKeyCallBacks,
      cf.kCFTypeDictionaryValueCallBacks,
    );
    try {
      ax.AXIsProcessTrustedWithOptions(options);
    } finally {
      this.cf.release(options);
    }
  }
}
