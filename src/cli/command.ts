/**
 * What every command of choto's command line is: its help lines, the
 * options it takes (the others are refused), how many arguments, and what
 * it does. main.ts parses the arguments against these and dispatches.
 *
 * @module
 */

/** A usage error: printed as one line, exit status 2. */
export class UsageError extends Error {}

/** Every option of every command. */
export type OptionName =
  | "db"
  | "ocr"
  | "png"
  | "json"
  | "selftest"
  | "macos-selftest"
  | "app"
  | "window"
  | "query"
  | "from"
  | "depth"
  | "since"
  | "older-than"
  | "http"
  | "recipes"
  | "port"
  | "host"
  | "help"
  | "version";

/** The options that take no value. */
export type Flag = "json" | "selftest" | "macos-selftest" | "help" | "version" | "http" | "recipes";

/**
 * Parsed option values: true for a flag given, the text for a valued option
 * (the last one given); `apps` holds every `--app`, for the command that takes several.
 */
export type Values = { [K in Flag]?: boolean } & { [K in Exclude<OptionName, Flag>]?: string } & {
  apps?: string[];
};

/** One command: its help lines, the options it takes (the rest are refused), and what it does. */
export interface Command {
  /** [synopsis, what it does] pairs, then indented detail lines for its own options. */
  usage: Array<[string, string]>;
  details?: string[];
  options: OptionName[];
  /** Takes `--app` more than once (the others take one). */
  manyApps?: boolean;
  /** Most positional arguments it takes, and what to say when given more. */
  maxArgs: number;
  tooMany?: (rest: string[]) => string;
  /** Runs it; the exit status, or -1 when it keeps running (serve). */
  run(values: Values, rest: string[]): Promise<number>;
}
