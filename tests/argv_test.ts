/** The command line's reader: each form it takes, and a refusal that names the word for each it does not. */

import { type ArgSpec, ArgvError, parseArgv } from "../src/cli/argv.ts";
import { assertEquals } from "./support/assert.ts";

const OPTIONS: Record<string, ArgSpec> = {
  db: { type: "string" },
  json: { type: "boolean" },
  app: { type: "string", multiple: true },
  help: { type: "boolean", short: "h" },
};

Deno.test("values given as the next word or after '=', flags, short flags and repeated options", () => {
  assertEquals(
    parseArgv(
      ["recall", "--db", "/tmp/a b.db", "--app=Mousepad", "--app", "Files", "--json", "-h", "x"],
      OPTIONS,
    ),
    {
      values: { db: "/tmp/a b.db", app: ["Mousepad", "Files"], json: true, help: true },
      positionals: ["recall", "x"],
    },
  );
  // The last of an option given twice counts; a value may hold "=" and be "-" or empty.
  assertEquals(parseArgv(["--db", "a", "--db=b=c"], OPTIONS).values, { db: "b=c" });
  assertEquals(parseArgv(["--db", "-"], OPTIONS).values, { db: "-" });
  assertEquals(parseArgv(["--db="], OPTIONS).values, { db: "" });
});

Deno.test("'--' ends the options: every word after it is positional", () => {
  assertEquals(parseArgv(["ocr", "--", "--json", "-h"], OPTIONS), {
    values: {},
    positionals: ["ocr", "--json", "-h"],
  });
});

Deno.test("an unknown option, a missing value and a value given to a flag are refused, naming the word", () => {
  const refused = (argv: string[]) => {
    try {
      parseArgv(argv, OPTIONS);
    } catch (err) {
      if (err instanceof ArgvError) return err.message;
      throw err;
    }
    throw new Error(`${argv.join(" ")} was not refused`);
  };
  assertEquals(refused(["--jsno"]), "unknown option --jsno; did you mean --json?");
  assertEquals(refused(["--zzzzzzzz"]), "unknown option --zzzzzzzz");
  assertEquals(refused(["-x"]), "unknown option -x");
  assertEquals(refused(["-hx"]), "unknown option -hx");
  assertEquals(refused(["--db"]), "option --db needs a value");
  assertEquals(
    refused(["--db", "--json"]),
    'option --db needs a value (got option --json; for a value that starts with "-", write --db=--json)',
  );
  assertEquals(refused(["--json=1"]), 'option --json takes no value (got "1")');
  // Names of the object's prototype are not options.
  assertEquals(refused(["--constructor"]), "unknown option --constructor");
});
