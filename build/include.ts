/**
 * The one list of files a `deno compile` binary needs besides its module
 * graph: everything choto reads from disk at run time, what runs in a
 * worker thread (a worker's script is started by path, so the compiler never
 * sees it as an import), and the modules imported by computed path.
 * `deno task compile` passes each entry as `--include` (each module in an
 * included folder is compiled with its imports); `tests/compile_include_test.ts`
 * checks that every entry exists and that runs of `choto selftest`, of
 * `choto serve` and of the help read nothing from the project's folders that
 * the list and the compiled modules leave out.
 *
 * sharp is deliberately absent: its libvips does not load from a compiled
 * binary (and including the library crashes the compiler), so a binary
 * decodes and encodes images with the built-in code (`src/image/png.ts`, `src/image/resize.ts`).
 *
 * Paths are relative to the repository root. Packages that are not direct
 * dependencies are reached through `node_modules/.deno/<name>@<version>/`,
 * the layout `deno install` writes; versions follow deno.lock, and the test
 * fails when an upgrade moves them.
 *
 * @module
 */

/** One path to include, and why the binary needs it. */
export interface Include {
  path: string;
  why: string;
}

const CORE = "node_modules/.deno/tesseract.js-core@7.0.0/node_modules/tesseract.js-core";

/** Every tesseract.js core build: tesseract.js picks one by the CPU's WebAssembly features. */
const CORE_BUILDS = ["relaxedsimd-lstm", "simd-lstm", "lstm", "relaxedsimd", "simd", ""].map((b) =>
  b ? `tesseract-core-${b}` : "tesseract-core"
);

/** What `deno compile` must include. */
export const COMPILE_INCLUDE: Include[] = [
  {
    path: "src/cli",
    why: "the commands and the server's modules, which main.ts and serve.ts import by computed path " +
      "(src/cli/late_import.ts) so that Deno resolves their npm packages only when they load",
  },
  {
    path: "src/ocr/engines/model_packages.ts",
    why: "the language models' packages, imported by computed path (language_data.ts) when a model " +
      "is not in node_modules, as in a binary",
  },
  {
    path: "src/ocr/engines/recognisers.ts",
    why: "tesseract.js's recognisers, imported by computed path (tesseract.ts) when libtesseract is not used",
  },
  { path: "sql/migrations", why: "database migrations, read when a database is opened" },
  { path: "sql/queries", why: "named SQL statements, read when a database is opened" },
  {
    path: "src/ocr/engines/vision_worker.ts",
    why: "the worker Vision reads in on macOS, started by URL (the compiler sees no import of it)",
  },
  {
    path: "src/desktop/macos/sck_worker.ts",
    why:
      "the worker ScreenCaptureKit captures in on macOS, started by URL (the compiler sees no import of it)",
  },
  ...[
    ["eng", "English"],
    ["deu", "German"],
    ["fra", "French"],
    ["spa", "Spanish"],
    ["jpn", "Japanese"],
    ["chi_sim", "Chinese (simplified)"],
  ].map(([model, name]) => ({
    path: `node_modules/@tesseract.js-data/${model}/4.0.0_best_int`,
    why: `the ${name} OCR model (${model}.traineddata.gz), read when a recogniser for it starts`,
  })),
  {
    path: "node_modules/.deno/tesseract.js@7.0.0/node_modules/tesseract.js",
    why: "the OCR worker script (src/worker-script/node/index.js) and the modules it requires",
  },
  { path: `${CORE}/package.json`, why: "resolves the core's entry points" },
  ...CORE_BUILDS.flatMap((b) => [
    {
      path: `${CORE}/${b}.js`,
      why: "a WebAssembly core loader, required inside the OCR worker or in-process",
    },
    { path: `${CORE}/${b}.wasm`, why: "the WebAssembly core it loads from disk" },
  ]),
  {
    path: "node_modules/.deno/wasm-feature-detect@1.9.0/node_modules/wasm-feature-detect",
    why: "picks the core build; required inside the OCR worker",
  },
  { path: "node_modules/.deno/bmp-js@0.1.0/node_modules/bmp-js", why: "required by the OCR worker script" },
  { path: "node_modules/.deno/is-url@1.2.4/node_modules/is-url", why: "required by the OCR worker script" },
];
