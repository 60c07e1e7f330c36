/** The execute_plan step language: valid forms, refusals, and the JSON Schema the model reads. */

import { z } from "zod";
import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { stepSchema } from "../src/plan/steps.ts";
import { type PlanError, validatePlan } from "../src/plan/validate.ts";
import { ACTIONS } from "../src/plan/step_fields.ts";
import { planInputShape } from "../src/plan/step_listing.ts";

/** Parses one step on its own and returns what came out, failing loudly if it was refused. */
function parseStep(step: unknown) {
  const result = stepSchema.safeParse(step);
  assert(result.success, `expected the step to be accepted: ${JSON.stringify(result.error?.issues)}`);
  return result.data;
}

/** Validates a one-step plan and returns its errors, failing if it was accepted. */
function refuse(step: unknown): { errors: PlanError[]; text: string } {
  const result = validatePlan({ steps: [step] });
  assert(!result.ok, `expected the step to be refused: ${JSON.stringify(step)}`);
  return result;
}

/** Asserts a refusal names `field` on step 1 with a message matching `re`. */
function assertRefused(step: unknown, field: string, re: RegExp): void {
  const { errors, text } = refuse(step);
  const hit = errors.find((e) => e.step === 1 && e.field === field);
  assert(hit, `no error on field ${field}; got:\n${text}`);
  assertMatch(hit.message, re);
}

// ---------------------------------------------------------------------------
// Valid forms
// ---------------------------------------------------------------------------

Deno.test("click, double_click, right_click: a target fills in its defaults", () => {
  for (const action of ["click", "double_click", "right_click"]) {
    const step = parseStep({ action, target: { text: "OK" } });
    assertEquals(step, { action, target: { text: "OK", scope: "window" }, timeout_ms: 5000 });
  }
});

Deno.test("click: every target option, modifiers, skip_if_absent and expect together", () => {
  const step = parseStep({
    action: "click",
    target: { text: "report.pdf", region: "left", window: "Downloads", scroll_to_find: false },
    modifiers: ["cmd", "shift"],
    skip_if_absent: true,
    expect: { appears: "2 selected", screen_changes: true },
    timeout_ms: 2000,
  });
  assertEquals(step.action, "click");
  if (step.action !== "click") return;
  assertEquals(step.target.scroll_to_find, false);
  assertEquals(step.modifiers, ["cmd", "shift"]);
  assertEquals(step.expect, { appears: "2 selected", screen_changes: true });
});

Deno.test("click: a chrome target with a region is accepted", () => {
  parseStep({ action: "click", target: { text: "Save As…", scope: "chrome", region: "top" } });
});

Deno.test("drag: element waypoints with offsets, raw points, modifiers", () => {
  const step = parseStep({
    action: "drag",
    path: [
      { target: { text: "report.pdf" }, offset: { dx: -40, dy: -25 } },
      { x: 300, y: 200 },
      { target: { text: "notes.txt", window: "Documents" }, offset: { dx: 60, dy: 25 } },
    ],
    modifiers: ["alt"],
  });
  assertEquals(step.action === "drag" && step.path.length, 3);
});

Deno.test("drag: until_readout with two waypoints, tolerance defaulting to 0", () => {
  const step = parseStep({
    action: "drag",
    path: [{ target: { text: "Volume" }, offset: { dx: 80, dy: 0 } }, { x: 900, y: 400 }],
    until_readout: { watch: { text: "50%" }, value: "75%" },
  });
  assertEquals(step.action === "drag" && step.until_readout, {
    watch: { text: "50%", scope: "window" },
    value: "75%",
    tolerance: 0,
  });
});

Deno.test("type, hotkey, focus_app", () => {
  assertEquals(parseStep({ action: "type", text: "hello" }), {
    action: "type",
    text: "hello",
    timeout_ms: 5000,
  });
  parseStep({ action: "hotkey", keys: ["cmd", "shift", "4"] });
  parseStep({ action: "hotkey", keys: ["enter"], expect: { appears_count_increases: "hi" } });
  parseStep({ action: "focus_app", app_name: "Finder", expect: { appears: "Recents" } });
});

Deno.test("scroll: signed notches, with or without a target", () => {
  parseStep({ action: "scroll", amount: 3 });
  parseStep({ action: "scroll", amount: -2, target: { text: "Inbox" }, skip_if_absent: true });
});

Deno.test("wait: defaults to one second, accepts the maximum", () => {
  assertEquals(parseStep({ action: "wait" }), { action: "wait", amount: 1000, timeout_ms: 5000 });
  parseStep({ action: "wait", amount: 30000 });
});

Deno.test("read: bare, another window, chrome, a region, bounded, scrolled to the end", () => {
  assertEquals(parseStep({ action: "read" }), { action: "read", scroll: false, max_chars: 20000 });
  parseStep({ action: "read", target: { window: "Invoice" } });
  parseStep({ action: "read", target: { text: "", window: "Invoice" } });
  parseStep({ action: "read", target: { text: "", scope: "chrome" } });
  parseStep({
    action: "read",
    target: { text: "", region: "bottom" },
    to_text: "Total",
    skip_if_absent: true,
  });
  parseStep({ action: "read", from_text: "Subtotal", to_text: "Total", scroll: true });
});

Deno.test("read_clipboard takes nothing else", () => {
  assertEquals(parseStep({ action: "read_clipboard" }), { action: "read_clipboard" });
  assertRefused({ action: "read_clipboard", timeout_ms: 1000 }, "timeout_ms", /waits for nothing/);
});

Deno.test("plan: defaults, limits, and a plan with every action", () => {
  const result = validatePlan({
    steps: [
      { action: "focus_app", app_name: "Finder" },
      { action: "click", target: { text: "File", scope: "chrome" } },
      { action: "right_click", target: { text: "a.txt" } },
      { action: "double_click", target: { text: "a.txt" } },
      { action: "drag", path: [{ x: 1, y: 1 }, { x: 5, y: 5 }] },
      { action: "type", text: "x" },
      { action: "hotkey", keys: ["cmd", "c"] },
      { action: "scroll", amount: 1 },
      { action: "wait", amount: 200 },
      { action: "read" },
      { action: "read_clipboard" },
    ],
    time_limit_ms: 60000,
  });
  assert(result.ok);
  assertEquals(result.plan.max_actions, 60);
  assertEquals(result.plan.time_limit_ms, 60000);
  assertEquals(result.plan.steps.map((s) => s.action).sort(), [...ACTIONS].sort());
});

// ---------------------------------------------------------------------------
// Refusals the spec asks for
// ---------------------------------------------------------------------------

Deno.test("read: a target naming an element is refused, pointing at from_text/to_text", () => {
  assertRefused({ action: "read", target: { text: "Total" } }, "target.text", /must be empty.*from_text/);
});

Deno.test("chrome: target.window and target.scroll_to_find are refused, each by name", () => {
  const step = {
    action: "click",
    target: { text: "File", scope: "chrome", window: "Doc", scroll_to_find: true },
  };
  assertRefused(step, "target.window", /scope 'chrome' takes no window.*remove window/);
  assertRefused(step, "target.scroll_to_find", /scope 'chrome' takes no scroll_to_find/);
  assertRefused(
    { action: "read", target: { text: "", scope: "chrome", window: "Doc" } },
    "target.window",
    /scope 'chrome'/,
  );
  assertRefused(
    { action: "drag", path: [{ target: { text: "a", scope: "chrome", window: "W" } }, { x: 1, y: 1 }] },
    "path[0].target.window",
    /scope 'chrome'/,
  );
});

Deno.test("drag: fewer than two waypoints is refused", () => {
  assertRefused({ action: "drag", path: [{ x: 1, y: 1 }] }, "path", /at least two waypoints/);
  assertRefused({ action: "drag", path: [] }, "path", /at least two waypoints/);
  assertRefused({ action: "drag" }, "path", /missing: a drag step needs it/);
});

Deno.test("drag: until_readout with a bent path is refused", () => {
  const path = [{ x: 1, y: 1 }, { x: 2, y: 2 }, { x: 3, y: 3 }];
  const step = { action: "drag", path, until_readout: { watch: { text: "0 dB" }, value: "-6 dB" } };
  assertRefused(step, "path", /exactly two waypoints \(got 3\)/);
});

Deno.test("drag: a waypoint must be one form or the other, and is never scrolled for", () => {
  assertRefused(
    { action: "drag", path: [{ target: { text: "a" }, x: 4 }, { x: 1, y: 1 }] },
    "path[0].x",
    /waypoint \{target, offset\?\} has no field "x"/,
  );
  assertRefused({ action: "drag", path: [{ x: 4 }, { x: 1, y: 1 }] }, "path[0].y", /missing/);
  assertRefused(
    { action: "drag", path: [{ target: { text: "a", scroll_to_find: false } }, { x: 1, y: 1 }] },
    "path[0].target.scroll_to_find",
    /never scrolled for/,
  );
});

Deno.test("until_readout: tolerance below zero is refused", () => {
  const step = {
    action: "drag",
    path: [{ x: 1, y: 1 }, { x: 2, y: 2 }],
    until_readout: { watch: { text: "50%" }, value: "60%", tolerance: -1 },
  };
  assertRefused(step, "until_readout.tolerance", /cannot be negative/);
});

Deno.test("skip_if_absent without a target is refused, on steps with and without one", () => {
  assertRefused({ action: "scroll", amount: 2, skip_if_absent: true }, "skip_if_absent", /add the target/);
  assertRefused({ action: "read", skip_if_absent: true }, "skip_if_absent", /from_text or to_text/);
  assertRefused({ action: "wait", skip_if_absent: true }, "skip_if_absent", /needs a step that can miss/);
});

Deno.test("modifiers are refused on every action that does not take them", () => {
  for (
    const step of [
      { action: "type", text: "a" },
      { action: "hotkey", keys: ["a"] },
      { action: "scroll", amount: 1 },
      { action: "wait" },
      { action: "focus_app", app_name: "Finder" },
      { action: "read" },
      { action: "read_clipboard" },
    ]
  ) {
    assertRefused({ ...step, modifiers: ["cmd"] }, "modifiers", /only work on click.*hotkey step/);
  }
});

Deno.test("click, double_click, right_click without a target are refused", () => {
  for (const action of ["click", "double_click", "right_click"]) {
    assertRefused({ action }, "target", new RegExp(`a ${action} step needs it.*text: 'OK'`));
  }
  assertRefused({ action: "click", target: { text: "  " } }, "target.text", /text is empty/);
  assertRefused({ action: "click", target: "OK" }, "target", /not bare text: write target: \{text: 'OK'\}/);
});

Deno.test("unknown fields are refused at every level, listing the fields that exist", () => {
  assertRefused({ action: "click", target: { text: "OK" }, button: "left" }, "button", /fields it takes are/);
  assertRefused({ action: "click", target: { text: "OK", exact: true } }, "target.exact", /no field "exact"/);
  assertRefused(
    { action: "click", target: { text: "OK" }, expect: { appear: "x" } },
    "expect.appear",
    /expect has no field/,
  );
  const plan = validatePlan({ steps: [{ action: "wait" }], retries: 2 });
  assert(!plan.ok);
  assertEquals(plan.errors[0].step, null);
  assertEquals(plan.errors[0].field, "retries");
});

Deno.test("other field rules: keys, amounts, expect, timeout, action", () => {
  assertRefused({ action: "hotkey", keys: ["cmd", "nope"] }, "keys", /unknown key "nope"/);
  assertRefused({ action: "hotkey", keys: ["a", "b"] }, "keys", /one non-modifier key/);
  assertRefused({ action: "hotkey", keys: [] }, "keys", /keys is empty/);
  assertRefused({ action: "scroll", amount: 0 }, "amount", /amount is 0/);
  assertRefused({ action: "scroll", amount: 1.5 }, "amount", /whole number of wheel notches/);
  assertRefused({ action: "wait", amount: 30001 }, "amount", /30000/);
  assertRefused({ action: "type", text: "a", expect: {} }, "expect", /at least one of appears/);
  assertRefused({ action: "type", text: "a", timeout_ms: 50 }, "timeout_ms", /100/);
  assertRefused({ action: "type", text: "a", timeout_ms: 60001 }, "timeout_ms", /60000/);
  assertRefused({ action: "read", expect: { appears: "x" } }, "expect", /changes nothing/);
  assertRefused({ action: "press" }, "action", /must be one of click, .*read_clipboard/);
  assertRefused({ target: { text: "OK" } }, "action", /must be one of/);
  assertRefused("click OK", "", /step must be an object with an action/);
});

Deno.test("plan: step count limits and a non-object plan", () => {
  const empty = validatePlan({ steps: [] });
  assert(!empty.ok);
  assertMatch(empty.text, /plan: steps: steps is empty/);
  const tooMany = validatePlan({ steps: Array.from({ length: 51 }, () => ({ action: "wait" })) });
  assert(!tooMany.ok);
  assertMatch(tooMany.text, /at most 50 steps/);
  const notAPlan = validatePlan([{ action: "wait" }]);
  assert(!notAPlan.ok);
  assertMatch(notAPlan.text, /plan must be an object/);
});

// ---------------------------------------------------------------------------
// The whole plan is validated at once
// ---------------------------------------------------------------------------

Deno.test("validatePlan reports every broken step, 1-based, with its action and field", () => {
  const result = validatePlan({
    steps: [
      { action: "focus_app", app_name: "Finder" },
      { action: "click", target: { text: "OK" } },
      { action: "drag", path: [{ target: { text: "a.txt" } }] },
      { action: "type", text: "x", modifiers: ["shift"] },
    ],
  });
  assert(!result.ok);
  assertEquals(result.errors.map((e) => [e.step, e.field]), [[3, "path"], [4, "modifiers"]]);
  const lines = result.text.split("\n");
  assertMatch(lines[0], /^plan refused, nothing was done: 2 problems found\./);
  assertMatch(lines[1], /^- step 3 \(drag\): path: a drag needs at least two waypoints/);
  assertMatch(lines[2], /^- step 4 \(type\): modifiers: modifiers only work on/);
});

// ---------------------------------------------------------------------------
// The JSON Schema the model reads
// ---------------------------------------------------------------------------

type Json = Record<string, unknown>;

/** Every property schema, at any depth, with its dotted path. */
function* properties(schema: unknown, path = "$"): Generator<[string, Json]> {
  if (Array.isArray(schema)) {
    for (const [i, s] of schema.entries()) yield* properties(s, `${path}[${i}]`);
    return;
  }
  if (typeof schema !== "object" || schema === null) return;
  const node = schema as Json;
  for (const [key, value] of Object.entries(node)) {
    if (key === "properties") {
      for (const [name, prop] of Object.entries(value as Record<string, Json>)) {
        yield [`${path}.${name}`, prop];
        yield* properties(prop, `${path}.${name}`);
      }
    } else {
      yield* properties(value, `${path}/${key}`);
    }
  }
}

Deno.test("JSON Schema: every property at every depth has a description", () => {
  const json = z.toJSONSchema(z.object(planInputShape), { io: "input" });
  const all = [...properties(json)];
  // A waypoint's target and offset, a readout and an expectation are objects said in words.
  assert(all.length > 25, `expected a deep schema, walked only ${all.length} properties`);
  const bare = all.filter(([, prop]) => typeof prop.description !== "string" || !prop.description.trim());
  assertEquals(bare.map(([path]) => path), []);
});

Deno.test("JSON Schema: one step shape, every action named, no union and no reference", () => {
  const json = z.toJSONSchema(z.object(planInputShape), { io: "input" }) as Json;
  const text = JSON.stringify(json);
  for (const word of ["oneOf", "anyOf", "$ref", "$defs"]) {
    assert(!text.includes(word), `${word} in the schema`);
  }
  const items = (json.properties as Record<string, Json>).steps.items as Json;
  assertEquals(items.required, ["action"]);
  assertEquals(items.additionalProperties, false);
  const props = items.properties as Record<string, Json>;
  assertEquals(props.action.enum, [...ACTIONS]);
  // Every field some action takes is published once, and nothing is published that no action takes.
  const taken = new Set(stepSchema.options.flatMap((branch) => Object.keys(branch.shape)));
  for (const field of taken) assert(props[field], `${field} is not published`);
  for (const field of Object.keys(props)) {
    assert(taken.has(field), `${field} is published but no action takes it`);
  }
});

Deno.test("JSON Schema: every published plan example is accepted by the validator", () => {
  const result = validatePlan({
    steps: [
      { action: "read", target: { text: "", window: "Invoice" }, max_chars: 5000 },
      { action: "drag", path: [{ target: { text: "a" }, offset: { dx: 1, dy: 2 } }, { x: 5, y: 5 }] },
      { action: "hotkey", keys: ["shift", "enter"] },
    ],
  });
  assert(result.ok, result.ok ? "" : result.text);
});
