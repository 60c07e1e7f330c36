/**
 * End to end in a web browser (Chromium) through a real MCP client: a long
 * article read to its end with every paragraph exactly once although the
 * window's furniture changes while it is read (a ticking clock, a bubble and
 * a banner that appear on scrolling), and an order form filled in and
 * submitted, its checkboxes, radio buttons, switch and select seen with their state
 * and targeted by their labels, one of them paraphrased.
 */

import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { withSession } from "./support/session.ts";
import { skipE2E } from "./support/xdesktop.ts";
import { article, chromium, ORDER_FORM, servePages } from "./support/real_apps.ts";

type Steps = Array<{ line: string; match?: { stage: string } }>;

Deno.test({
  name: "a browser: a long article read in full, an order form filled in and submitted",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn(t) {
    const doc = article();
    const web = servePages({ "/journal.html": doc.html, "/order.html": ORDER_FORM });
    try {
      await withSession(async (s) => {
        chromium(s.desktop, s.dir, `${web.base}/journal.html`);
        await s.desktop.waitForWindow("Field Journal", 60_000);

        await t.step(
          "an article read with scroll: every paragraph once, in order, no furniture",
          async () => {
            const r = await s.call("execute_plan", {
              steps: [
                { action: "wait", expect: { appears: doc.title }, timeout_ms: 60_000 },
                { action: "read", scroll: true },
              ],
              max_actions: 200,
            });
            assertEquals(r.structured.status, "success", r.text);
            const read = (r.structured.extracted as Array<{ text: string; note: string }>)[0];
            assertMatch(read.note, /screenful\(s\) joined/);
            assertMatch(read.note, /scrolled back/);
            assert(!/may be missing/.test(read.note), read.note);
            const lines = read.text.split("\n");
            const start = lines.findIndex((l) => l.includes(doc.title));
            const end = lines.findIndex((l) => l.includes("End of the journal"));
            assert(start >= 0 && end > start, read.text);
            const body = lines.slice(start, end + 1).join("\n");
            const notes = [...body.matchAll(/\(note (\d+)\)/g)].map((m) => Number(m[1]));
            assertEquals(notes, Array.from({ length: doc.paragraphs }, (_, i) => i + 1), body);
            for (const season of ["Season 1", "Season 2", "Season 3", "Season 4"]) {
              assertEquals(body.split(season).length - 1, 1, `${season} once in:\n${body}`);
            }
            // The window's furniture is no part of the article, whatever appeared during the read.
            for (const furniture of ["Updated 10:00", "Sign in to sync", "We use cookies", "Contents"]) {
              assert(!body.includes(furniture), `"${furniture}" inside the article:\n${body}`);
            }
            // Back where the user had it: the top of the page.
            const top = await s.call("execute_plan", {
              steps: [{ action: "read", target: { region: "top" } }],
            });
            assertMatch(
              (top.structured.extracted as Array<{ text: string }>)[0].text,
              /Notes from the Upland/,
            );
          },
        );

        await t.step("an order form: controls listed with their state, filled in and submitted", async () => {
          const open = await s.call("execute_plan", {
            steps: [
              { action: "hotkey", keys: ["cmd", "l"] },
              { action: "type", text: `${web.base}/order.html\n` },
              { action: "wait", expect: { appears: "Order coffee beans" }, timeout_ms: 60_000 },
            ],
          });
          assertEquals(open.structured.status, "success", open.text);
          const o = await s.call("observe", { screenshot: false });
          assertMatch(o.text, /Whole beans \[radio checked\]/);
          assertMatch(o.text, /Espresso grind \[radio unchecked\]/);
          assertMatch(o.text, /Send me the monthly newsletter \[checkbox unchecked\]/);
          assertMatch(o.text, /Wrap it as a gift \[checkbox checked\]/);
          assertMatch(o.text, /Express delivery \[switch off\]/);
          // The drawings are controls, not letters at the start of their labels.
          assert(!/[\[(©@]\S* (Send me|Wrap it|Espresso|Whole beans)/.test(o.text), o.text);
          const elements = o.structured.elements as Array<{ text: string; control?: string }>;
          assertEquals(elements.find((e) => e.text === "Wrap it as a gift")?.control, "checkbox checked");
          // The select is a control showing its option; its chevron is no letter of the text.
          const beanRow = o.text.split("\n").find((l) => l.includes("Bean")) ?? "";
          assertMatch(beanRow, /Bean Arabica \[select Arabica\]@\d+/);
          assert(!/(^|\s)[vV~]@|Arabica [vV~]/.test(beanRow), beanRow);
          assertEquals(elements.find((e) => e.control?.startsWith("select"))?.text, "Bean Arabica");

          const r = await s.call("execute_plan", {
            steps: [
              { action: "click", target: { text: "Your name" } },
              { action: "type", text: "Ada Lovelace" },
              { action: "click", target: { text: "you@example.com" } },
              { action: "type", text: "ada@example.org" },
              { action: "click", target: { text: "Espresso grind" }, expect: { checked: "Espresso grind" } },
              {
                action: "click",
                target: { text: "Send me the newsletter" },
                expect: { checked: "Send me the newsletter" },
              },
              {
                action: "click",
                target: { text: "Wrap it as a gift" },
                expect: { unchecked: "Wrap it as a gift" },
              },
              {
                action: "click",
                target: { text: "Express delivery" },
                expect: { checked: "Express delivery" },
              },
              { action: "click", target: { text: "Arabica" }, expect: { appears: "Liberica" } },
              {
                action: "click",
                target: { text: "Robusta", scope: "chrome" },
                expect: { disappears: "Liberica" },
              },
              { action: "wait", expect: { appears: "Bean Robusta" }, timeout_ms: 5_000 },
            ],
          });
          assertEquals(r.structured.status, "success", r.text);
          const chosen = await s.call("observe", { screenshot: false });
          assertMatch(chosen.text, /Bean Robusta \[select Robusta\]/);
          const submit = await s.call("execute_plan", {
            steps: [{ action: "click", target: { text: "Submit order" }, expect: { appears: "Thanks" } }],
          });
          assertEquals(submit.structured.status, "success", submit.text);
          const steps = r.structured.steps as Steps;
          assertMatch(
            steps[5].line,
            /matched checkbox \(unchecked\) "Send me the monthly newsletter" \(words 0\.\d\d\)/,
          );
          assertEquals(steps[5].match?.stage, "words");
          assertMatch(steps[5].line, /expect ok: checkbox "Send me the monthly newsletter" is checked/);
          assertMatch(steps[7].line, /expect ok: switch "Express delivery" is on/);
          assertMatch(steps[8].line, /matched select \(Arabica\) "Bean Arabica"/);
          assertMatch(steps[10].line, /expect ok: "Bean Robusta" appeared/);
          assertEquals(web.posted.length, 1, r.text);
          const sent = Object.fromEntries(new URLSearchParams(web.posted[0].body));
          assertEquals(sent, {
            name: "Ada Lovelace",
            email: "ada@example.org",
            bean: "Robusta",
            grind: "espresso",
            newsletter: "on",
            express: "on",
          });
        });

        await t.step(
          "an expectation on a control's state that does not hold escalates, saying the state",
          async () => {
            const back = await s.call("execute_plan", {
              steps: [
                { action: "hotkey", keys: ["alt", "left"] },
                { action: "wait", expect: { appears: "I accept the terms of sale" }, timeout_ms: 20_000 },
                { action: "wait", expect: { checked: "I accept the terms of sale" }, timeout_ms: 600 },
              ],
            });
            assertEquals(back.structured.status, "escalated", back.text);
            assertMatch(
              (back.structured.failure as { reason: string }).reason,
              /checkbox "I accept the terms of sale" is unchecked/,
            );
          },
        );
      });
    } finally {
      await web.close();
    }
  },
});
