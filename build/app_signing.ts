/**
 * Which identity signs Choto.app. macOS keeps a grant for the app's
 * designated requirement, which names the signing certificate: an app
 * signed by the same certificate after a rebuild is still the app the user
 * granted. So: a Developer ID when the keychain has one; otherwise a
 * self-signed code-signing identity, "Choto Local Signing", made once in
 * the login keychain and reused; ad-hoc (`-`) only when neither works,
 * since an ad-hoc requirement is the build's hash and every rebuild is a
 * new app to macOS.
 *
 * @module
 */

import { join } from "node:path";
import { LOCAL_SIGNING_NAME } from "../src/common/mac_app.ts";
import type { Runner } from "../src/cli/app/runner.ts";

/** The identity chosen, as codesign takes it. */
export interface SigningIdentity {
  kind: "developer-id" | "local" | "ad-hoc";
  /** What `codesign --sign` gets: a certificate's SHA-1, or `-`. */
  sign: string;
  /** What to call it when reporting. */
  name: string;
}

/** One line of `security find-identity`: `  1) 3F2A… "Developer ID Application: Ann (TEAM123)"`. */
export interface FoundIdentity {
  hash: string;
  name: string;
}

const SECURITY = "/usr/bin/security";
const OPENSSL = "/usr/bin/openssl";

/** The identities `security find-identity` lists, each once (it lists matching and valid ones apart). */
export function parseIdentities(out: string): FoundIdentity[] {
  const seen = new Map<string, FoundIdentity>();
  for (const m of out.matchAll(/^\s*\d+\)\s+([0-9A-F]{40})\s+"([^"]*)"/gm)) {
    if (!seen.has(m[1])) seen.set(m[1], { hash: m[1], name: m[2] });
  }
  return [...seen.values()];
}

/** The X.509 extensions that make a certificate fit to sign code, as the openssl config `req` reads. */
export function localIdentityConfig(): string {
  return [
    "[req]",
    "distinguished_name = dn",
    "prompt = no",
    "x509_extensions = codesign",
    "[dn]",
    `CN = ${LOCAL_SIGNING_NAME}`,
    "[codesign]",
    "basicConstraints = critical, CA:false",
    "keyUsage = critical, digitalSignature",
    "extendedKeyUsage = critical, codeSigning",
    "",
  ].join("\n");
}

/** Where the identity is looked for and made. */
export interface SigningContext {
  runner: Runner;
  home: string;
  /** A fresh folder for the key while it is made; removed afterwards. */
  scratch: string;
  log: (line: string) => void;
}

/** Finds or makes the identity to sign with. */
export async function chooseIdentity(ctx: SigningContext): Promise<SigningIdentity> {
  const valid = await ctx.runner.run([SECURITY, "find-identity", "-v", "-p", "codesigning"]);
  const developer = parseIdentities(valid.stdout).find((i) => i.name.startsWith("Developer ID Application:"));
  if (developer) return { kind: "developer-id", sign: developer.hash, name: developer.name };
  const local = await findLocal(ctx);
  if (local) return local;
  ctx.log(
    `no Developer ID: making the signing identity "${LOCAL_SIGNING_NAME}" in the login keychain (once)`,
  );
  const problem = await makeLocal(ctx);
  const made = problem ? null : await findLocal(ctx);
  if (made) return made;
  ctx.log(`could not make "${LOCAL_SIGNING_NAME}": ${problem ?? "security does not list it"}`);
  return { kind: "ad-hoc", sign: "-", name: "ad-hoc" };
}

/** "Choto Local Signing", trusted or not: codesign signs with an untrusted self-signed certificate. */
async function findLocal(ctx: SigningContext): Promise<SigningIdentity | null> {
  const all = await ctx.runner.run([SECURITY, "find-identity", "-p", "codesigning"]);
  const found = parseIdentities(all.stdout).find((i) => i.name === LOCAL_SIGNING_NAME);
  return found ? { kind: "local", sign: found.hash, name: found.name } : null;
}

/**
 * Makes a self-signed certificate and key with the system's LibreSSL (whose
 * PKCS#12 ciphers `security import` reads; OpenSSL 3's default ones it does
 * not) and imports them into the login keychain, letting codesign use the
 * key. The problem, or null when every step succeeded.
 */
async function makeLocal(ctx: SigningContext): Promise<string | null> {
  const file = (name: string) => join(ctx.scratch, name);
  // The key leaves this folder only inside the keychain; the password only guards the moment in between.
  const password = crypto.randomUUID();
  await Deno.writeTextFile(file("codesign.cnf"), localIdentityConfig());
  const steps: string[][] = [
    [
      OPENSSL,
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "3650",
      "-config",
      file("codesign.cnf"),
    ]
      .concat(["-keyout", file("key.pem"), "-out", file("cert.pem")]),
    [OPENSSL, "pkcs12", "-export", "-inkey", file("key.pem"), "-in", file("cert.pem")]
      .concat(["-name", LOCAL_SIGNING_NAME, "-out", file("identity.p12"), "-passout", `pass:${password}`]),
    [SECURITY, "import", file("identity.p12"), "-k", loginKeychain(ctx.home), "-P", password]
      .concat(["-T", "/usr/bin/codesign"]),
  ];
  try {
    for (const argv of steps) {
      const out = await ctx.runner.run(argv);
      if (out.code !== 0) return `${argv[0]} ${argv[1]} failed: ${out.stderr.trim() || `exit ${out.code}`}`;
    }
    return null;
  } finally {
    await Deno.remove(ctx.scratch, { recursive: true }).catch(() => {});
  }
}

/** The login keychain's file. */
export function loginKeychain(home: string): string {
  return `${home}/Library/Keychains/login.keychain-db`;
}

/** The codesign command line for the app with this identity and entitlements. */
export function codesignArgs(identity: SigningIdentity, entitlements: string, app: string): string[] {
  return [
    "/usr/bin/codesign",
    "--force",
    "--options",
    "runtime",
    "--entitlements",
    entitlements,
    // A Developer ID signature carries a secure timestamp, as notarization requires.
    ...(identity.kind === "developer-id" ? ["--timestamp"] : []),
    "--sign",
    identity.sign,
    app,
  ];
}
