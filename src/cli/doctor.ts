/**
 * `choto doctor`: checks each thing the server needs and says how to fix
 * what is missing.
 *
 * @module
 */

import { envVar } from "../common/env.ts";
import { openDesktop } from "../desktop/open.ts";
import type { PermissionCheck } from "../desktop/types.ts";
import { Store } from "../db/store.ts";
import { schemaVersion } from "../db/migrate.ts";
import { configPath } from "../common/config.ts";
import { describeLanguages, englishOnly, type LanguageChoice } from "../common/languages.ts";
import { type Policy, policyLines } from "../common/policy.ts";
import type { TesseractEngine } from "../ocr/engines/tesseract.ts";
import { modelFile } from "../ocr/engines/language_data.ts";
import { createEngine } from "../ocr/engines/platform.ts";
import { chosenEngine, engineChoices } from "../ocr/engines/engine_choice.ts";
import { createScreenReader } from "../ocr/reader.ts";
import { type Command, UsageError } from "./command.ts";
import { runDoctorSelftest } from "./doctor_selftest.ts";
import { dataDirOf, dbPath, engineFor, policyFor } from "./open.ts";

/** One line of the report. */
export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

/** Runs every check; prints the report; true when all passed. */
export async function runDoctor(dbPath: string, print = console.log): Promise<boolean> {
  const checks: Check[] = [];
  checks.push(...desktopChecks());
  const policy = policyCheck(dbPath);
  // A broken choto.json still gets its language and engine checks, with English.
  const languages = policy.policy?.languages ?? englishOnly();
  checks.push(await languageCheck(languages));
  checks.push(await engineCheck(languages, dataDirOf(dbPath)));
  checks.push(databaseCheck(dbPath));
  checks.push(policy.check);
  for (const c of checks) print(`${c.ok ? "ok  " : "FAIL"}  ${c.name}: ${c.detail}`);
  if (policy.lines.length) print(["", "effective policy:", ...policy.lines.map((l) => `  ${l}`)].join("\n"));
  const failed = checks.filter((c) => !c.ok).length;
  print(failed ? `\n${failed} check(s) failed.` : "\nall checks passed.");
  return failed === 0;
}

function desktopChecks(): PermissionCheck[] {
  try {
    const desktop = openDesktop();
    try {
      const state = desktop.windows();
      return [
        {
          name: "native libraries",
          ok: true,
          detail: `${desktop.platform} backend loaded through FFI`,
        },
        // On macOS the checks also say which capture path is in use and who holds the grants.
        ...desktop.doctorChecks(),
        {
          name: "screen",
          ok: true,
          detail:
            `${state.screen.widthPx}x${state.screen.heightPx} px, ${state.windows.length} app window(s) open`,
        },
      ];
    } finally {
      desktop.close();
    }
  } catch (err) {
    const msg = (err as Error).message;
    const lib = /could not load|dlopen|cannot open shared/i.test(msg);
    return [{
      name: lib ? "native libraries" : "display",
      ok: false,
      detail: lib
        ? `${msg}. Install them: apt-get install libx11-6 libxtst6 (Debian/Ubuntu); and run with --allow-ffi`
        : msg,
    }];
  }
}

/** The languages in force and the model file that serves each, or the package that is missing. */
async function languageCheck(choice: LanguageChoice): Promise<Check> {
  const name = "OCR languages";
  const files: string[] = [];
  for (const l of choice.languages) {
    try {
      files.push(`${l.tesseract} ${(await modelFile(l.tesseract)).file}`);
    } catch (err) {
      return { name, ok: false, detail: `${describeLanguages(choice)}; ${(err as Error).message}` };
    }
  }
  return { name, ok: true, detail: `${describeLanguages(choice)}; models: ${files.join(", ")}` };
}

/** The engine the server will read with, why, what it reads with, and whether its tesseract starts. */
async function engineCheck(choice: LanguageChoice, dataDir: string | null): Promise<Check> {
  let name: string;
  try {
    name = chosenEngine();
  } catch (err) {
    return { name: "OCR engine", ok: false, detail: (err as Error).message };
  }
  const how = envVarSet() ? "CHOTO_OCR_ENGINE" : `the default on ${Deno.build.os}`;
  // Vision reads lines on macOS; tesseract still reads single characters there, so it is checked either way.
  const engine = createEngine(name === "vision" ? "tesseract" : name, {
    languages: choice.languages,
    dataDir,
  }) as TesseractEngine;
  try {
    const t0 = performance.now();
    await engine.warm();
    const b = engine.backend();
    const where = b.name === "native" ? b.why : `tesseract.js ${b.name} (${b.why})`;
    const reads = name === "vision"
      ? "Vision, single characters by tesseract"
      : engine.detail() ?? "best_int models";
    return {
      name: "OCR engine",
      ok: true,
      detail: `${name} (${how}; choices ${engineChoices().join(", ")}): ${reads}; ${where}, reading ${
        engine.models.join("+")
      }${
        engine.latin
          ? ` (${engine.cjk ? "Latin runs" : "unsure words"} again with ${engine.latin.models.join("+")})`
          : ""
      }: started in ${Math.round(performance.now() - t0)} ms, offline`,
    };
  } catch (err) {
    return { name: "OCR engine", ok: false, detail: `tesseract did not start: ${(err as Error).message}` };
  } finally {
    await engine.close();
  }
}

function envVarSet(): boolean {
  return Boolean(envVar("CHOTO_OCR_ENGINE"));
}

function databaseCheck(path: string): Check {
  try {
    const warnings: string[] = [];
    const store = new Store(path, { warn: (line) => warnings.push(line.replace(/^choto: /, "")) });
    let version: number;
    try {
      // A write transaction proves the file and its folder are writable.
      store.db.exec("BEGIN IMMEDIATE");
      store.db.exec("ROLLBACK");
      version = schemaVersion(store.db);
    } finally {
      store.close();
    }
    const note = warnings.length ? `; but ${warnings.join("; ")}` : "";
    return { name: "database", ok: true, detail: `${path} is writable (schema version ${version})${note}` };
  } catch (err) {
    return {
      name: "database",
      ok: false,
      detail: `${path}: ${(err as Error).message}. Pass --db PATH (or set CHOTO_DB) to a writable location`,
    };
  }
}

/** Whether choto.json (and the environment's overrides) make a usable policy, and what it is. */
function policyCheck(dbPath: string): { check: Check; lines: string[]; policy?: Policy } {
  const path = configPath(dbPath);
  try {
    const policy = policyFor(dbPath);
    return {
      policy,
      check: {
        name: "configuration",
        ok: true,
        detail: policy.sources.length ? policy.sources.join(", ") : "defaults",
      },
      lines: policyLines(policy, path),
    };
  } catch (err) {
    return {
      check: {
        name: "configuration",
        ok: false,
        detail: `${(err as Error).message}; the server will not start until it is fixed`,
      },
      lines: [],
    };
  }
}

/** `doctor --selftest`: the backend on this machine, with the engine `--ocr` names. */
async function doctorSelftest(ocrFlag: string | undefined, path: string): Promise<boolean> {
  const dataDir = dataDirOf(path);
  const desktop = openDesktop({ dataDir });
  let languages: LanguageChoice;
  try {
    languages = policyFor(path).languages;
  } catch {
    languages = englishOnly(); // the report above has said what is wrong with choto.json
  }
  const reader = createScreenReader(engineFor(ocrFlag, languages, path));
  try {
    return await runDoctorSelftest({ desktop, reader, print: console.log, scratchDir: dataDir });
  } finally {
    await reader.close();
    desktop.close();
  }
}

/** `choto doctor`. */
export const doctorCommand: Command = {
  usage: [["doctor", "check the display, native libraries, OCR data and database"]],
  details: [
    "--selftest  also list windows, capture and read a frame, move the pointer",
    "            and back, raise windows, then type, copy and click in two",
    "            scratch documents it opens beside the database and deletes",
    "            (--macos-selftest is the same; --ocr picks its engine)",
  ],
  options: ["db", "ocr", "selftest", "macos-selftest"],
  maxArgs: 0,
  run: async (v) => {
    const selftest = Boolean(v.selftest || v["macos-selftest"]);
    // Only the self-test reads text, so only it takes an engine.
    if (v.ocr !== undefined && !selftest) {
      throw new UsageError('--ocr does not apply to "doctor" without --selftest');
    }
    const ok = await runDoctor(dbPath(v.db));
    // The self-test runs even after a failed check: its report says more about what fails.
    const tested = !selftest || await doctorSelftest(v.ocr, dbPath(v.db));
    return ok && tested ? 0 : 1;
  },
};
