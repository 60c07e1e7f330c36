/**
 * The one door through which Choto.app's installer and uninstaller run
 * programs (deno compile, codesign, security, launchctl, ditto, open). The
 * steps take a `Runner`, so the tests hand them one that records each
 * command line and answers as the Mac would, and check what would run.
 *
 * @module
 */

/** What a program did. */
export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs one program; a non-zero exit is a result, never a throw (the caller decides what it means). */
export interface Runner {
  run(argv: readonly string[], options?: { cwd?: string }): Promise<RunResult>;
}

/** Runs programs for real, echoing each command line to `log` first. */
export function systemRunner(log: (line: string) => void): Runner {
  return {
    async run(argv, options = {}) {
      log(`$ ${echoed(argv).map(shellWord).join(" ")}`);
      const [program, ...args] = argv;
      try {
        const out = await new Deno.Command(program, { args, cwd: options.cwd, stdin: "null" }).output();
        const text = new TextDecoder();
        return { code: out.code, stdout: text.decode(out.stdout), stderr: text.decode(out.stderr) };
      } catch (e) {
        // A missing program (no Xcode command line tools, say) is a failed step, said in its words.
        return { code: 127, stdout: "", stderr: (e as Error).message };
      }
    },
  };
}

/** The command line as echoed: a password (`-P X`, `pass:X`) is not shown. */
export function echoed(argv: readonly string[]): string[] {
  return argv.map((word, i) => argv[i - 1] === "-P" ? "***" : word.startsWith("pass:") ? "pass:***" : word);
}

/** A word as a shell would need it, for the echoed command line. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
