/**
 * Headless Chromium for the tests that load a page as a person would: a
 * fresh profile each time, removed afterwards, and the browser stopped by
 * the test that started it, even when it hangs.
 */

/** The browser's program, or null when none is installed. */
export function chromiumPath(): string | null {
  for (const name of ["chromium", "chromium-browser", "google-chrome"]) {
    for (const dir of (Deno.env.get("PATH") ?? "").split(":")) {
      try {
        if (Deno.statSync(`${dir}/${name}`).isFile) return `${dir}/${name}`;
      } catch { /* not in this folder */ }
    }
  }
  return null;
}

/**
 * What one headless run gives: the DOM after the page's scripts ran, or a
 * screenshot. `settleMs` lets the page run that long in virtual time first,
 * for messages between frames, which arrive after the page has loaded.
 */
export async function headless(
  url: string,
  want: { dumpDom: true; settleMs?: number } | { screenshot: string; width: number; height: number },
): Promise<string> {
  const program = chromiumPath();
  if (program === null) throw new Error("chromium is not installed");
  const profile = await Deno.makeTempDir({ prefix: "choto-chromium-" });
  try {
    const args = [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-extensions",
      "--hide-scrollbars",
      `--user-data-dir=${profile}`,
      ...("dumpDom" in want
        ? ["--dump-dom", ...(want.settleMs ? [`--virtual-time-budget=${want.settleMs}`] : [])]
        : [`--screenshot=${want.screenshot}`, `--window-size=${want.width},${want.height}`]),
      url,
    ];
    const out = await new Deno.Command(program, {
      args,
      stdout: "piped",
      stderr: "piped",
      signal: AbortSignal.timeout(90_000),
    }).output();
    if (!out.success) {
      throw new Error(`chromium exited ${out.code}: ${new TextDecoder().decode(out.stderr).slice(-800)}`);
    }
    return new TextDecoder().decode(out.stdout);
  } finally {
    await Deno.remove(profile, { recursive: true }).catch(() => {});
  }
}
