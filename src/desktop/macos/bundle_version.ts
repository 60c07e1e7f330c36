/**
 * An app's version on macOS, for telling when it was updated: the bundle's
 * `CFBundleShortVersionString` (and build number) from its Info.plist, or,
 * when the plist is binary or missing, the executable's modification time.
 *
 * @module
 */

/** The `.app` bundle an executable path lives in, or null. */
export function bundleOf(executable: string): string | null {
  const at = executable.indexOf(".app/");
  return at < 0 ? null : executable.slice(0, at + 4);
}

/** Reads the version keys of an XML property list; null for a binary or versionless one. */
export function versionFromPlist(xml: string): string | null {
  if (xml.startsWith("bplist")) return null;
  const value = (key: string) =>
    new RegExp(`<key>${key}</key>\\s*<string>([^<]*)</string>`).exec(xml)?.[1]?.trim() || null;
  const short = value("CFBundleShortVersionString");
  const build = value("CFBundleVersion");
  if (short && build && build !== short) return `${short} (${build})`;
  return short ?? build;
}

/** The version of the app running as `pid` (best effort; null when unknown). */
export function bundleVersionOf(pid: number, ps = "/bin/ps"): string | null {
  try {
    const out = new Deno.Command(ps, { args: ["-o", "comm=", "-p", String(pid)], stderr: "null" })
      .outputSync();
    const exe = new TextDecoder().decode(out.stdout).trim();
    if (!exe) return null;
    const bundle = bundleOf(exe);
    if (bundle) {
      try {
        const v = versionFromPlist(Deno.readTextFileSync(`${bundle}/Contents/Info.plist`));
        if (v) return v;
      } catch {
        // No readable plist: fall back to the executable's date.
      }
    }
    const mtime = Deno.statSync(exe).mtime;
    return mtime ? `${exe.split("/").pop()} built ${mtime.toISOString().slice(0, 16)}Z` : null;
  } catch {
    return null;
  }
}
