/**
 * The server command Claude Desktop would run for a manifest on a platform:
 * mcpb's own `getMcpConfigForManifest` (`${__dirname}`, `${HOME}` and
 * `${user_config.*}` substituted, the platform's overrides applied), with
 * the bundle unpacked at `dir`.
 *
 * @module
 */

import process from "node:process";
import { join } from "node:path";
import { getMcpConfigForManifest } from "@anthropic-ai/mcpb/browser";

/** A manifest as mcpb reads it. */
export type Manifest = Parameters<typeof getMcpConfigForManifest>[0]["manifest"];

/** The command, arguments and environment of `manifest`'s server on `platform`. */
export async function configFor(
  manifest: Manifest,
  dir: string,
  userConfig: Record<string, string>,
  platform: string,
  home: string = Deno.env.get("HOME") ?? "/tmp",
): Promise<{ command: string; args?: string[]; env?: Record<string, string> }> {
  const real = process.platform;
  // getMcpConfigForManifest picks platform_overrides by process.platform.
  Object.defineProperty(process, "platform", { value: platform });
  try {
    const config = await getMcpConfigForManifest({
      manifest,
      extensionPath: dir,
      systemDirs: {
        HOME: home,
        DESKTOP: join(home, "Desktop"),
        DOCUMENTS: join(home, "Documents"),
        DOWNLOADS: join(home, "Downloads"),
      },
      userConfig,
      pathSeparator: "/",
    });
    if (!config) throw new Error("getMcpConfigForManifest gave no config (a required setting is missing?)");
    return config;
  } finally {
    Object.defineProperty(process, "platform", { value: real });
  }
}
