/**
 * Runs choto's command line as a user would (`deno run ... main.ts`), with
 * the permission flags the caller grants, and collects what it printed.
 */

import { ROOT } from "./mcp.ts";

/** The flags `deno task start` grants, for commands that need them all. */
export const ALL_FLAGS = [
  "--allow-read",
  "--allow-write",
  "--allow-env",
  "--allow-ffi",
  "--allow-sys",
  "--allow-run",
];

/** How to run the command line. */
export interface CliOptions {
  /** Deno permission flags (default: ALL_FLAGS). */
  flags?: string[];
  /** Extra environment variables. */
  env?: Record<string, string>;
  /** Start from an empty environment (PATH, HOME and NO_COLOR kept) instead of this one. */
  clearEnv?: boolean;
}

/** What the command printed and how it exited. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `choto <args>` from the project folder. */
export async function runChoto(args: string[], options: CliOptions = {}): Promise<CliResult> {
  const base: Record<string, string> = options.clearEnv
    ? { PATH: Deno.env.get("PATH") ?? "", HOME: Deno.env.get("HOME") ?? "/tmp" }
    : {};
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", ...(options.flags ?? ALL_FLAGS), "main.ts", ...args],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
    clearEnv: options.clearEnv ?? false,
    env: { ...base, NO_COLOR: "1", ...options.env },
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}
