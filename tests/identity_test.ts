import { assertEquals, assertNotEquals } from "./support/assert.ts";
import { normaliseTitle, windowIdentity } from "../src/graph/identity.ts";
import { NOW, see, tempStore } from "./graph_fixture.ts";

Deno.test("documents that differ only in name or counter are one identity", () => {
  const a = windowIdentity("Untitled 3 - Mousepad", "normal", false);
  assertEquals(windowIdentity("Untitled 4 - Mousepad", "normal", false), a);
  assertEquals(windowIdentity("notes.txt - Mousepad", "normal", false), a);
  assertEquals(windowIdentity("*~/src/report.md - Mousepad", "normal", false), a);
});

Deno.test("a dialog is its own identity even with the same title", () => {
  assertNotEquals(
    windowIdentity("Preferences", "dialog", false),
    windowIdentity("Preferences", "normal", false),
  );
  assertEquals(
    windowIdentity("Preferences", "normal", true),
    windowIdentity("Preferences", "dialog", false),
  );
});

Deno.test("different windows of one app stay apart", () => {
  assertNotEquals(normaliseTitle("Find and Replace"), normaliseTitle("Go to Line"));
});

Deno.test("in the store: two documents become one node; the dialog is another", () => {
  using store = tempStore();
  const a = see(store, "Mousepad", "Untitled 3 - Mousepad", ["File"], NOW);
  const b = see(store, "Mousepad", "notes.txt - Mousepad", ["File"], NOW + 1);
  const d = see(store, "Mousepad", "notes.txt - Mousepad", ["OK"], NOW + 2, "dialog");
  assertEquals(a, b);
  assertNotEquals(a, d);
});
