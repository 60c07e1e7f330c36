/**
 * The bearer token of `serve --http`: where it comes from (CHOTO_HTTP_TOKEN,
 * else the `http-token` file beside the database, generated once), the rule
 * a token must meet, and the file read again whenever it changes, so a
 * rotated token takes effect without a restart.
 *
 * The rule: at least 32 characters, printable ASCII without spaces (what
 * every HTTP client can send in a header), and at least 10 different
 * characters, which refuses a word repeated or one character over and over
 * while `openssl rand -hex 32` (16 symbols, 64 characters) passes all but
 * once in 10^12 tries. A stricter count would refuse random hex: 16
 * different characters would refuse a quarter of those 64-character tokens.
 *
 * @module
 */

/** The fewest characters a token may have. */
export const MIN_TOKEN_LENGTH = 32;
/** The fewest different characters a token may have. */
export const MIN_TOKEN_DISTINCT = 10;

/** How to make a good token, for every refusal. */
export const TOKEN_HOWTO = "make one with `openssl rand -hex 32` or `head -c 32 /dev/urandom | base64`";

/** What is wrong with `token` (never the token itself), or null when it meets the rule. */
export function tokenProblem(token: string): string | null {
  if (token.length < MIN_TOKEN_LENGTH) {
    return `it has ${token.length} characters, and a token needs at least ${MIN_TOKEN_LENGTH}`;
  }
  if (!/^[\x21-\x7e]+$/.test(token)) {
    return "it has a space, a control character or a non-ASCII character, which a header cannot carry";
  }
  const distinct = new Set(token).size;
  if (distinct < MIN_TOKEN_DISTINCT) {
    return `it has only ${distinct} different characters, and a token needs at least ${MIN_TOKEN_DISTINCT}`;
  }
  return null;
}

/** 32 random bytes in hex (drawn again in the one-in-10^12 case that they fail the rule). */
function generateToken(): string {
  for (;;) {
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    const token = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
    if (!tokenProblem(token)) return token;
  }
}

/** A token that fails the rule, at start: the message says where it came from and how to make a good one. */
export class WeakTokenError extends Error {}

/** Where the token came from: the environment, or the file at `path`. */
export type TokenSource = { env: true } | { env: false; path: string };

/** The token `serve --http` serves with, and where it came from. */
export interface StartToken {
  token: string;
  source: TokenSource;
}

/**
 * The token: CHOTO_HTTP_TOKEN, else the file at `path`, generated there
 * (0600, its folder 0700) when there is none. Throws a WeakTokenError when
 * the one given fails the rule: nothing should listen with it.
 */
export function httpToken(
  path: string,
  fromEnv: string | undefined,
): StartToken {
  if (fromEnv !== undefined && fromEnv !== "") {
    const problem = tokenProblem(fromEnv);
    if (problem) {
      throw new WeakTokenError(
        `CHOTO_HTTP_TOKEN is too weak to serve with: ${problem}; ${TOKEN_HOWTO}, e.g. ` +
          "CHOTO_HTTP_TOKEN=$(openssl rand -hex 32)",
      );
    }
    return { token: fromEnv, source: { env: true } };
  }
  const kept = readToken(path);
  if (kept) {
    const problem = tokenProblem(kept);
    if (problem) {
      throw new WeakTokenError(
        `the token in ${path} is too weak to serve with: ${problem}; ${TOKEN_HOWTO} ` +
          `(\`openssl rand -hex 32 > ${path}\`), or delete the file and choto generates one`,
      );
    }
    return { token: kept, source: { env: false, path } };
  }
  const token = generateToken();
  const dir = path.slice(0, Math.max(0, path.lastIndexOf("/")));
  if (dir) Deno.mkdirSync(dir, { recursive: true, mode: 0o700 });
  Deno.writeTextFileSync(path, `${token}\n`, { mode: 0o600 });
  Deno.chmodSync(path, 0o600);
  return { token, source: { env: false, path } };
}

/** The file's token, trimmed; null when there is no file or it holds nothing. */
function readToken(path: string): string | null {
  try {
    return Deno.readTextFileSync(path).trim() || null;
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return null;
    throw err;
  }
}

/** What changes when a file is written or replaced; "gone" when it cannot be seen. */
function stampOf(path: string): string {
  try {
    const s = Deno.statSync(path);
    return `${s.ino}:${s.size}:${s.mtime?.getTime()}:${s.ctime?.getTime()}`;
  } catch {
    return "gone";
  }
}

/**
 * A token kept in a file, read again when the file changes (one stat per
 * call): a new token that meets the rule replaces the old one; one that
 * does not, an emptied or deleted file, keep the old one, and `log` says why
 * (never what the token was).
 */
export class TokenFile {
  #token: string;
  #stamp: string;

  constructor(readonly path: string, token: string, readonly log: (line: string) => void = console.error) {
    this.#token = token;
    this.#stamp = stampOf(path);
  }

  /** The token now in force. */
  current(): string {
    const stamp = stampOf(this.path);
    if (stamp === this.#stamp) return this.#token;
    this.#stamp = stamp;
    let next: string | null;
    try {
      next = stamp === "gone" ? null : readToken(this.path);
    } catch (err) {
      this.log(`choto: ${this.path} could not be read (${(err as Error).name}): keeping the token in force`);
      return this.#token;
    }
    if (next === null) {
      this.log(`choto: ${this.path} is gone or empty: keeping the token in force; ${TOKEN_HOWTO}`);
      return this.#token;
    }
    if (next === this.#token) return this.#token;
    const problem = tokenProblem(next);
    if (problem) {
      this.log(
        `choto: the new token in ${this.path} is refused (${problem}): keeping the one in force; ${TOKEN_HOWTO}`,
      );
      return this.#token;
    }
    this.#token = next;
    this.log(`choto: bearer token read again from ${this.path}: the new one is in force`);
    return this.#token;
  }
}
