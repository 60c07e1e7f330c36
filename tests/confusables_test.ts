/**
 * The deny list matches a name as a person reads it: invisible characters
 * (zero-width space and joiners, soft hyphen, bidirectional controls) do not
 * hide an app, nor do letters borrowed from Cyrillic or Greek, nor
 * fullwidth forms; a name that only looks different stays allowed.
 */

import { assertEquals } from "./support/assert.ts";
import { buildPolicy, defaultPolicy, deniedEntry } from "../src/common/policy.ts";
import { foldConfusables } from "../src/common/confusables.ts";

const policy = defaultPolicy();

Deno.test("invisible characters and look-alike letters do not hide a denied app", () => {
  const disguised: Array<[string, string]> = [
    ["KeePass\u200bXC", "zero-width space"],
    ["Kee\u200dPass\u200cXC", "zero-width joiner and non-joiner"],
    ["Bit\u00adwarden", "soft hyphen"],
    ["\u202eBitwarden\u202c", "bidirectional override"],
    ["Bit\u2060warden\ufeff", "word joiner and BOM"],
    ["K\u0435\u0435PassXC", "Cyrillic е"],
    ["1P\u0430ssw\u043erd", "Cyrillic а and о"],
    ["Bitw\u03b1rden", "Greek α"],
    ["\uff2b\uff45\uff45\uff30\uff41\uff53\uff53\uff38\uff23", "fullwidth letters"],
    ["S\u0435\u0430horse\u200b", "Cyrillic and invisible together"],
  ];
  for (const [name, how] of disguised) {
    assertEquals(deniedEntry(policy, name) !== null, true, `${how}: ${JSON.stringify(name)} was not denied`);
  }
  // A user's own entry written with a look-alike still matches the plain name, and the other way round.
  const own = buildPolicy({ deny_apps: ["Sign\u0430l"] }, "choto.json", () => undefined);
  assertEquals(deniedEntry(own, "Signal"), "Sign\u0430l");
  assertEquals(
    deniedEntry(buildPolicy({ deny_apps: ["Signal"] }, "x", () => undefined), "Sig\u200bn\u0430l"),
    "Signal",
  );
});

Deno.test("folding keeps names that only resemble a denied one apart", () => {
  for (const app of ["Mousepad", "Geany", "galculator", "Калькулятор", "Παράθυρο"]) {
    assertEquals(deniedEntry(policy, app), null, app);
  }
  assertEquals(foldConfusables("K\u0435\u0435Pass\u200bXC"), "keepassxc");
  assertEquals(foldConfusables("\uff21\u00adB"), "ab");
});
