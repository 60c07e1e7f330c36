/**
 * The user's safety policy: which apps choto must never read, show, store or
 * touch, and which programs it may start. It comes from `choto.json` in the
 * data folder plus environment overrides, never from a tool call, so the
 * model cannot change it.
 *
 * @module
 */

import { destructiveWords } from "./destructive_words.ts";
import {
  chooseLanguages,
  describeLanguages,
  type LanguageChoice,
  localeLanguages,
  UI_LANGUAGES,
} from "./languages.ts";
import { accentFold, normaliseText } from "./match.ts";
import { foldConfusables } from "./confusables.ts";
import { escapeScreenText } from "./untrusted.ts";

/** The effective policy, after the file and the environment. */
export interface Policy {
  /** Apps whose windows are blanked, hidden and untouchable. */
  denyApps: string[];
  /** Programs focus_app may start by name although they are not desktop applications. */
  launchExecutables: string[];
  /** Who is asked before a destructive step: the client, choto's desktop dialog, or the policy itself. */
  confirm: ConfirmPolicy;
  /** How long the desktop dialog waits for the user before it counts as a no. */
  confirmTimeoutMs: number;
  /** Words and phrases whose presence in a clicked label needs the user's yes. */
  destructiveLabels: string[];
  /** Days the audit log keeps its rows. */
  auditRetentionDays: number;
  /** Keep typed text in the audit log (else only its length and hash). */
  auditKeepText: boolean;
  /** Origins besides its own whose pages may call the HTTP server. */
  httpAllowedOrigins: string[];
  /** The languages screens are read in (common/languages.ts). */
  languages: LanguageChoice;
  /** The largest memory pack imported, in bytes; a larger one is refused before its content is read. */
  packMaxBytes: number;
  /** Where each part came from, for doctor. */
  sources: string[];
}

/** Password managers and key stores, denied unless the file sets `use_default_deny_list: false`. */
export const DEFAULT_DENY_APPS: readonly string[] = [
  "KeePassXC",
  "KeePass",
  "Bitwarden",
  "1Password",
  "Keychain Access",
  "Passwords",
  "Seahorse",
  "Dashlane",
  "Enpass",
  "LastPass",
  // Keychain Access and Passwords as macOS names them in the languages choto reads (Seahorse's
  // Linux entry is localized too: "Passwörter und Verschlüsselung", "Mots de passe et clés").
  "Schlüsselbundverwaltung",
  "Trousseaux d'accès",
  "Acceso a Llaveros",
  "キーチェーンアクセス",
  "钥匙串访问",
  "Passwörter",
  "Mots de passe",
  "Contraseñas",
  "パスワード",
  "密码",
];

/**
 * Who answers before a destructive step. `ask`: the user, through the
 * client's MCP elicitation where it has it, else through choto's own dialog
 * on the desktop, else the step is refused. `desktop`: always through the
 * desktop dialog. `allow` and `deny`: a client that can ask still asks the
 * user; one that cannot runs the step, or refuses it.
 */
export type ConfirmPolicy = "ask" | "desktop" | "allow" | "deny";

const CONFIRM_POLICIES: readonly ConfirmPolicy[] = ["ask", "desktop", "allow", "deny"];

/** The desktop dialog's wait for an answer, in seconds: default, least and most. */
export const CONFIRM_TIMEOUT_S = { default: 45, min: 5, max: 55 } as const;

/**
 * The built-in destructive words and phrases, of every language choto
 * reads: a German "Löschen" is destructive on an English desktop too (an app
 * may not follow the desktop's language), and the lists are short.
 */
export const DEFAULT_DESTRUCTIVE_LABELS: readonly string[] = destructiveWords(
  UI_LANGUAGES.map((l) => l.code),
);

/** The configuration file's shape (snake_case keys, all optional). */
export interface ConfigFile {
  deny_apps?: string[];
  use_default_deny_list?: boolean;
  launch_executables?: string[];
  confirm?: ConfirmPolicy;
  confirm_timeout_seconds?: number;
  destructive_labels?: string[];
  audit_retention_days?: number;
  audit_keep_text?: boolean;
  http_allowed_origins?: string[];
  languages?: string | string[];
  memory_pack_max_mb?: number;
}

const KNOWN_KEYS = [
  "deny_apps",
  "use_default_deny_list",
  "launch_executables",
  "confirm",
  "confirm_timeout_seconds",
  "destructive_labels",
  "audit_retention_days",
  "audit_keep_text",
  "http_allowed_origins",
  "languages",
  "memory_pack_max_mb",
];

/** The memory pack size choto.json may set, in megabytes (`memory_pack_max_mb`). */
export const PACK_MAX_MB = { default: 20, min: 1, max: 2_000 };

/** A configuration file choto cannot use, with the reason; the server refuses to start on it. */
export class ConfigError extends Error {}

function names(value: unknown, key: string, where: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) {
    throw new ConfigError(`${where}: "${key}" must be a list of names, e.g. ["KeePassXC"]`);
  }
  return (value as string[]).map((v) => v.trim()).filter(Boolean);
}

function list(env: string | undefined): string[] {
  return (env ?? "").split(",").map((s) => s.trim()).filter(Boolean);
}

/** The file's `languages`: one string (`"deu+eng"`) or a list of names. */
function languageNames(value: unknown, where: string): string | string[] | undefined {
  if (value === undefined) return undefined;
  const ok = typeof value === "string" || (Array.isArray(value) && value.every((v) => typeof v === "string"));
  if (!ok) {
    throw new ConfigError(
      `${where}: "languages" must be a string like "deu+eng" or a list like ["de", "en"]`,
    );
  }
  return value as string | string[];
}

/** A choto.json number kept within its range (its default when absent); anything else is refused, naming the key. */
function inRange(
  value: unknown,
  key: string,
  range: { default: number; min: number; max: number },
  where: string,
): number {
  const n = value ?? range.default;
  if (typeof n !== "number" || !Number.isFinite(n) || n < range.min || n > range.max) {
    throw new ConfigError(
      `${where}: "${key}" must be a number from ${range.min} to ${range.max} (got ${JSON.stringify(n)})`,
    );
  }
  return n;
}

/**
 * Builds the policy from the file's parsed JSON (null when there is no file)
 * and the environment. Unknown keys and wrong types are errors, so a typo
 * never silently drops a protection. `desktopLanguages` are the languages
 * the desktop names (the macOS preferred languages); by default the locale
 * variables in `env`, as on Linux.
 */
export function buildPolicy(
  file: unknown,
  where: string,
  env: (name: string) => string | undefined,
  desktopLanguages: { names: readonly string[]; from: string } | null = localeLanguages(env),
): Policy {
  const sources: string[] = [];
  let cfg: ConfigFile = {};
  if (file !== null) {
    if (typeof file !== "object" || Array.isArray(file)) {
      throw new ConfigError(`${where}: the file must hold one JSON object`);
    }
    const unknown = Object.keys(file as object).filter((k) => !KNOWN_KEYS.includes(k));
    if (unknown.length) {
      throw new ConfigError(
        `${where}: unknown key ${unknown.map((k) => `"${k}"`).join(", ")} (known: ${KNOWN_KEYS.join(", ")})`,
      );
    }
    cfg = file as ConfigFile;
    if (cfg.use_default_deny_list !== undefined && typeof cfg.use_default_deny_list !== "boolean") {
      throw new ConfigError(`${where}: "use_default_deny_list" must be true or false`);
    }
    sources.push(where);
  }
  const deny = [
    ...(cfg.use_default_deny_list === false ? [] : DEFAULT_DENY_APPS),
    ...names(cfg.deny_apps, "deny_apps", where),
  ];
  const envDeny = list(env("CHOTO_DENY_APPS"));
  if (envDeny.length) sources.push("CHOTO_DENY_APPS");
  const launch = names(cfg.launch_executables, "launch_executables", where);
  const envLaunch = list(env("CHOTO_LAUNCH_EXECUTABLES"));
  if (envLaunch.length) sources.push("CHOTO_LAUNCH_EXECUTABLES");
  const envConfirm = env("CHOTO_CONFIRM")?.trim();
  if (envConfirm) sources.push("CHOTO_CONFIRM");
  const confirm = envConfirm ?? cfg.confirm ?? "ask";
  if (!CONFIRM_POLICIES.includes(confirm as ConfirmPolicy)) {
    const whence = envConfirm ? "CHOTO_CONFIRM" : `${where}: "confirm"`;
    throw new ConfigError(`${whence} must be one of ${CONFIRM_POLICIES.join(", ")} (got "${confirm}")`);
  }
  const wait = inRange(cfg.confirm_timeout_seconds, "confirm_timeout_seconds", CONFIRM_TIMEOUT_S, where);
  const labels = cfg.destructive_labels === undefined
    ? [...DEFAULT_DESTRUCTIVE_LABELS]
    : names(cfg.destructive_labels, "destructive_labels", where);
  const envDays = env("CHOTO_AUDIT_RETENTION_DAYS")?.trim();
  if (envDays) sources.push("CHOTO_AUDIT_RETENTION_DAYS");
  const days = envDays ? Number(envDays) : cfg.audit_retention_days ?? 30;
  if (typeof days !== "number" || !Number.isFinite(days) || days < 0) {
    const whence = envDays ? "CHOTO_AUDIT_RETENTION_DAYS" : `${where}: "audit_retention_days"`;
    throw new ConfigError(
      `${whence} must be a number of days, 0 or more (got ${JSON.stringify(envDays ?? days)})`,
    );
  }
  if (cfg.audit_keep_text !== undefined && typeof cfg.audit_keep_text !== "boolean") {
    throw new ConfigError(`${where}: "audit_keep_text" must be true or false`);
  }
  const packMb = inRange(cfg.memory_pack_max_mb, "memory_pack_max_mb", PACK_MAX_MB, where);
  const configLanguages = languageNames(cfg.languages, where);
  const envLanguages = env("CHOTO_LANGS")?.trim();
  if (envLanguages) sources.push("CHOTO_LANGS");
  const languages = chooseLanguages({
    override: envLanguages,
    config: configLanguages === undefined ? undefined : { value: configLanguages, where },
    desktop: desktopLanguages,
  });
  // A name the user wrote that choto cannot read is a typo or a missing model: say so rather than read English.
  if (languages.unknown.length && languages.source !== desktopLanguages?.from) {
    throw new ConfigError(
      `${languages.source === "CHOTO_LANGS" ? "CHOTO_LANGS" : `${where}: "languages"`} names ${
        languages.unknown.join(", ")
      }, which choto does not read (it reads ${
        UI_LANGUAGES.map((l) => `${l.tesseract} or ${l.code}`).join(", ")
      })`,
    );
  }
  return {
    languages,
    packMaxBytes: Math.round(packMb * 1024 * 1024),
    httpAllowedOrigins: names(cfg.http_allowed_origins, "http_allowed_origins", where),
    auditRetentionDays: days,
    auditKeepText: cfg.audit_keep_text === true,
    denyApps: unique([...deny, ...envDeny]),
    launchExecutables: unique([...launch, ...envLaunch]),
    confirm: confirm as ConfirmPolicy,
    confirmTimeoutMs: Math.round(wait * 1000),
    destructiveLabels: unique(labels),
    sources,
  };
}

function unique(xs: string[]): string[] {
  const seen = new Map<string, string>();
  for (const x of xs) if (!seen.has(normaliseText(x))) seen.set(normaliseText(x), x);
  return [...seen.values()];
}

/** The policy with no file and no environment: the default deny list, no extra programs. */
export function defaultPolicy(): Policy {
  return buildPolicy(null, "", () => undefined);
}

// Invisible characters and look-alike letters are folded first: "keepass\u200bxc" and a Cyrillic "а" match too.
const squash = (s: string) => accentFold(normaliseText(foldConfusables(s))).replace(/ /g, "");

/** Deny-list entries as squashed once: every window of every listing is checked against all of them. */
const squashedEntries = new Map<string, string>();

function squashEntry(entry: string): string {
  let e = squashedEntries.get(entry);
  if (e === undefined) squashedEntries.set(entry, e = squash(entry));
  return e;
}

/**
 * The deny-list entry an app falls under, or null. An app is denied when one
 * of its names equals, starts with or contains an entry, case and spacing
 * ignored, accents too, as focus_app matches names: "keepassxc" covers "KeePassXC" and
 * "org.keepassxc.KeePassXC".
 */
export function deniedEntry(policy: Policy, app: string, aliases: string[] = []): string | null {
  const names = [app, ...aliases].map(squash).filter(Boolean);
  for (const entry of policy.denyApps) {
    const e = squashEntry(entry);
    if (e && names.some((n) => n.includes(e))) return entry;
  }
  return null;
}

/**
 * Why a step that names no window is refused while a denied app's window is
 * in front: that window is withheld, and no window behind it stands in for it.
 */
export const FRONT_WITHHELD =
  "the window in front is withheld by the user's deny list; name a window with target.window, or focus_app another app first";

/** The sentence a refusal gives for a denied app. */
export function deniedMessage(app: string, entry: string): string {
  return `${
    escapeScreenText(app)
  } is on the user's deny list (entry "${entry}"): choto does not read, show or touch it; only the user can change this, in choto.json or CHOTO_DENY_APPS`;
}

const CONFIRM_MEANING: Record<ConfirmPolicy, string> = {
  ask: "the client asks the user where it can, else choto's dialog on the desktop, else refused",
  desktop: "choto's dialog on the desktop asks the user",
  allow: "the client asks the user where it can, else they run",
  deny: "the client asks the user where it can, else they are refused",
};

/** The policy as doctor prints it, one line per part. */
export function policyLines(policy: Policy, configPath: string): string[] {
  return [
    `config file: ${configPath}${policy.sources.includes(configPath) ? "" : " (absent: defaults)"}`,
    `deny list (${policy.denyApps.length}): ${policy.denyApps.join(", ") || "(empty)"}`,
    `programs focus_app may start besides desktop applications: ${
      policy.launchExecutables.join(", ") || "(none)"
    }`,
    `destructive steps: ${policy.confirm} (${CONFIRM_MEANING[policy.confirm]}); the desktop dialog waits ${
      policy.confirmTimeoutMs / 1000
    } s`,
    `destructive labels (${policy.destructiveLabels.length}): ${policy.destructiveLabels.join(", ")}`,
    `audit log: kept ${policy.auditRetentionDays} days; typed text ${
      policy.auditKeepText ? "kept" : "stored as its length and hash"
    }`,
    `HTTP origins allowed besides the server's own: ${policy.httpAllowedOrigins.join(", ") || "(none)"}`,
    `languages: ${describeLanguages(policy.languages)}`,
    `overrides from the environment: ${
      policy.sources.filter((s) => s.startsWith("CHOTO_")).join(", ") || "(none)"
    }`,
  ];
}
