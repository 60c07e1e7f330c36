/**
 * observe's whole call warmed on the made-up window (cli/warm_calls.ts,
 * perceive/warm_read.ts): it answers as observe answers, from a still
 * screen that takes no input, and the warm read makes observe's rounds
 * whole calls; the server's warming makes them answered, and still reads
 * the made-up window when observe's call fails to load.
 */

import { assert, assertEquals, assertRejects } from "./support/assert.ts";
import { TesseractEngine } from "../src/ocr/engines/tesseract.ts";
import { createScreenReader } from "../src/ocr/reader.ts";
import { warmObserveCalls } from "../src/cli/warm_calls.ts";
import { stillDesktop } from "../src/desktop/still.ts";
import { type WarmCalls, warmRead, warmState, type WarmTurns } from "../src/perceive/warm_read.ts";
import { warmPage } from "../src/perceive/warm_page.ts";
import { createServices } from "../src/services.ts";
import { Store } from "../src/db/store.ts";
import { loadFixtures } from "../bench/ocr_score.ts";
import { FakeDesktop } from "./support/fake_desktop.ts";
import { countedWarmServices } from "./support/counted_warm.ts";

const LINUX = { platform: "x11", cmdMeaning: "cmd is Ctrl on Linux" };

/** The made-up window `variant` alone on a screen of its size, as warming shows it. */
function screenOf(variant: number) {
  const page = warmPage(variant);
  return { state: warmState(page), frame: page.frame };
}

const noCalls: WarmTurns = { idle: () => Promise.resolve(), busy: false, called: () => false };

Deno.test("a warming observe call answers as observe does, from the still screen it was shown", async () => {
  const engine = new TesseractEngine(2);
  const calls = warmObserveCalls(createScreenReader(engine), LINUX);
  try {
    for (const variant of [0, 1]) {
      const result = await calls.observe(screenOf(variant)) as {
        isError?: boolean;
        content: Array<{ type: string; text?: string }>;
        structuredContent: { app: string | null; window: { title: string } | null; elements: unknown[] };
      };
      assert(!result.isError, JSON.stringify(result.content));
      assertEquals(result.structuredContent.app, "warm");
      assertEquals(result.structuredContent.window?.title, warmPage(variant).title.text);
      assert(result.structuredContent.elements.length > 0, "no text read on the made-up window");
      assert(result.content[0].text!.includes("elements in focus window"), result.content[0].text);
    }
  } finally {
    calls.close();
    await engine.close();
  }
});

Deno.test("a still screen refuses every gesture and lists no apps", async () => {
  const d = stillDesktop(screenOf(0), LINUX);
  await assertRejects(() => d.click({ x: 5, y: 5 }, "left", 1, []), /takes no input/);
  await assertRejects(() => d.type("x"), /takes no input/);
  await assertRejects(() => d.hotkey(["ctrl", "q"]), /takes no input/);
  await assertRejects(() => d.activate("warm"), /takes no input/);
  assertEquals(await d.runningApps(), []);
  const next = screenOf(1);
  d.show(next);
  assertEquals(d.capture(), next.frame);
  assertEquals(d.windows().windows[0].title, next.state.windows[0].title);
});

Deno.test("the warm read makes observe's rounds whole calls and a plan step's rounds looks, and closes the calls", async () => {
  const engine = new TesseractEngine(2);
  const seen: string[] = [];
  let closed = 0;
  const open: WarmCalls = (_reader, like) => {
    seen.push(`open ${like.platform}`);
    return {
      observe: (screen) => (seen.push(`call ${screen.state.windows[0].title}`), Promise.resolve(null)),
      close: () => void closed++,
    };
  };
  try {
    await warmRead(engine, 5, noCalls, { open, like: LINUX });
    const [a, b] = [warmPage(0).title.text, warmPage(1).title.text];
    assertEquals(seen, ["open x11", `call ${a}`, `call ${b}`, `call ${a}`]);
    assertEquals(closed, 1);
  } finally {
    await engine.close();
  }
});

/** A server's services on `engine`, showing a fixture's frame on a fake desktop. */
async function servicesOn(engine: TesseractEngine) {
  const [f] = await loadFixtures((n) => n === "apps/zenity_list_light");
  const desktop = new FakeDesktop();
  desktop.frame = f.frame;
  return createServices({
    store: new Store(":memory:"),
    openDesktop: () => desktop,
    openReader: () => createScreenReader(engine),
  });
}

Deno.test("the server's warming makes observe's rounds on the made-up window whole calls, each answered", async () => {
  const engine = new TesseractEngine(2);
  const services = await servicesOn(engine);
  const replies: Array<{ isError?: boolean }> = [];
  const counted: WarmCalls = (reader, like) => {
    const calls = warmObserveCalls(reader, like);
    return {
      observe: async (screen) => {
        const result = await calls.observe(screen) as { isError?: boolean };
        replies.push(result);
        return result;
      },
      close: calls.close,
    };
  };
  try {
    await services.warm(Promise.resolve(), () => Promise.resolve(counted));
    assertEquals(replies.length, 3);
    assert(replies.every((r) => !r.isError), JSON.stringify(replies));
  } finally {
    await services.close();
  }
});

Deno.test("should observe's call fail to load, warming still reads the made-up window", async () => {
  // The recogniser calls made by the time the primed frame is read again for the passes over text.
  let afterPriming = -1;
  const { services, recognised: counted } = await countedWarmServices({
    onRead: (read) => afterPriming = read.after,
  });
  try {
    await services.warm(Promise.resolve(), () => Promise.reject(new Error("no such module")));
    assert(afterPriming > 0, "the primed frame was not read again");
    assert(counted() > afterPriming, `no read of the made-up window after the priming read (${counted()})`);
  } finally {
    await services.close();
  }
});
