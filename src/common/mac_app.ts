/**
 * Choto.app's identity on macOS: the bundle id macOS files the privacy
 * grants under, and where `deno task app` puts the app and its
 * LaunchAgent. One place, because the builder, `choto app uninstall` and
 * the grant messages must agree: a changed bundle id is a new app to macOS,
 * and every grant would have to be given again.
 *
 * @module
 */

/** The bundle id, the LaunchAgent's label and the name under which TCC keeps the grants. Never change it. */
export const MAC_BUNDLE_ID = "dev.choto.host";

/** The name System Settings lists and the prompts use. */
export const MAC_APP_NAME = "Choto";

/** The main executable inside `Contents/MacOS/`. */
export const MAC_APP_EXECUTABLE = "choto";

/** The self-signed code-signing identity made once in the login keychain when no Developer ID exists. */
export const LOCAL_SIGNING_NAME = "Choto Local Signing";

/** Where the app and its LaunchAgent live for the user whose home is `home`. */
export interface MacAppPaths {
  /** ~/Applications/Choto.app */
  app: string;
  /** ~/Applications/Choto.app/Contents/MacOS/choto */
  executable: string;
  /** ~/Library/LaunchAgents/dev.choto.host.plist */
  agent: string;
  /** ~/Library/Logs/choto/service.log: where launchd writes the service's stderr. */
  log: string;
}

/** The installed paths under `home`. */
export function macAppPaths(home: string): MacAppPaths {
  const app = `${home}/Applications/${MAC_APP_NAME}.app`;
  return {
    app,
    executable: `${app}/Contents/MacOS/${MAC_APP_EXECUTABLE}`,
    agent: `${home}/Library/LaunchAgents/${MAC_BUNDLE_ID}.plist`,
    log: `${home}/Library/Logs/choto/service.log`,
  };
}

/** The launchd service target of the user `uid` (or a shell's `$(id -u)`): what bootout and kickstart name. */
export function launchdTarget(uid: number | string): string {
  return `gui/${uid}/${MAC_BUNDLE_ID}`;
}

/**
 * The command that (re)starts the service through launchd, so that it runs
 * as Choto.app: a service spawned by its client instead would be charged to
 * the client's grants. `-k` kills a running one first.
 */
export function kickstartCommand(uid: number): string[] {
  return ["/bin/launchctl", "kickstart", "-k", launchdTarget(uid)];
}

/**
 * The app bundle an executable runs from (`/x/Choto.app` for
 * `/x/Choto.app/Contents/MacOS/choto`), or null for a bare executable.
 */
export function appBundleOf(execPath: string): string | null {
  const m = /^(.*\/[^/]+\.app)\/Contents\/MacOS\/[^/]+$/.exec(execPath);
  return m ? m[1] : null;
}
