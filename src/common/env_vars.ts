/**
 * Every environment variable choto reads, and which shipped command line
 * grants it: the one list that `deno task start`'s `--allow-env`, the
 * README's macOS config and build/manifest.ts are held to
 * (tests/tree_rules_test.ts checks all three, and that the source reads no
 * variable missing here). Reading them is `envVar` in env.ts.
 *
 * @module
 */

/** Who reads a variable: choto, or a library as it loads. */
export interface EnvVarUse {
  name: string;
  why: string;
  /** Granted by `deno task start` (and `choto serve` run by hand on either platform). */
  start: boolean;
  /** Granted by the macOS command lines: the README's macOS config and the MCP Bundle's darwin entry. */
  mac: boolean;
}

/** Every variable, with who reads it and which command lines grant it. */
export const ENV_VARS: readonly EnvVarUse[] = [
  { name: "HOME", why: "the default database folder", start: true, mac: true },
  { name: "XDG_DATA_HOME", why: "the default database folder on Linux", start: true, mac: false },
  { name: "XDG_DATA_DIRS", why: "where Linux desktops keep their applications", start: true, mac: false },
  { name: "DISPLAY", why: "the X display to drive", start: true, mac: false },
  { name: "PATH", why: "programs focus_app may launch by name", start: true, mac: false },
  { name: "TERM_PROGRAM", why: "which terminal holds the macOS grants", start: true, mac: true },
  { name: "TMPDIR", why: "temporary files", start: true, mac: true },
  { name: "CHOTO_DB", why: "another database", start: true, mac: true },
  { name: "CHOTO_IMAGE", why: "force the built-in image code", start: true, mac: true },
  { name: "CHOTO_OCR_WORKERS", why: "OCR in-process instead of in workers", start: true, mac: true },
  { name: "CHOTO_OCR_ENGINE", why: "the OCR engine when --ocr is not given", start: true, mac: true },
  { name: "CHOTO_CONFIG", why: "another choto.json", start: true, mac: true },
  { name: "CHOTO_DENY_APPS", why: "apps added to the deny list", start: true, mac: true },
  { name: "CHOTO_LAUNCH_EXECUTABLES", why: "programs focus_app may start", start: true, mac: true },
  { name: "CHOTO_CONFIRM", why: "who answers before a destructive step", start: true, mac: true },
  { name: "CHOTO_AUDIT_RETENTION_DAYS", why: "how long the audit log keeps rows", start: true, mac: true },
  { name: "CHOTO_HTTP_TOKEN", why: "the bearer token of serve --http", start: true, mac: true },
  { name: "CHOTO_MEMORY_SEED", why: "a memory pack imported at start", start: true, mac: true },
  { name: "CHOTO_OCR_NATIVE", why: "tesseract.js instead of libtesseract", start: true, mac: false },
  {
    name: "OMP_THREAD_LIMIT",
    why: "libtesseract's OpenMP threads, set and put back",
    start: true,
    mac: false,
  },
  { name: "CHOTO_STAGES", why: "log where each look's time went", start: true, mac: false },
  { name: "CHOTO_LANGS", why: "the languages screens are read in", start: true, mac: true },
  { name: "LANGUAGE", why: "the Linux desktop's languages, in order", start: true, mac: false },
  { name: "LC_ALL", why: "the Linux desktop's locale", start: true, mac: false },
  { name: "LC_MESSAGES", why: "the Linux desktop's language for messages", start: true, mac: false },
  { name: "LANG", why: "the Linux desktop's locale", start: true, mac: false },
  { name: "__CFBundleIdentifier", why: "which app holds the macOS grants", start: false, mac: true },
  { name: "SHARP_IGNORE_GLOBAL_LIBVIPS", why: "read by sharp as it loads", start: false, mac: true },
  { name: "SHARP_FORCE_GLOBAL_LIBVIPS", why: "read by sharp as it loads", start: false, mac: true },
  { name: "npm_package_config_libvips", why: "read by sharp as it loads", start: false, mac: true },
  { name: "PKG_CONFIG_PATH", why: "read by sharp as it loads", start: false, mac: true },
  { name: "MALLOC_ARENA_MAX", why: "read by sharp as it loads", start: false, mac: true },
];

/** The variables a shipped command line grants, in the table's order. */
export function grantedEnv(where: "start" | "mac"): string[] {
  return ENV_VARS.filter((v) => v[where]).map((v) => v.name);
}
