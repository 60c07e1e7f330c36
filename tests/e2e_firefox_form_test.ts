/**
 * End to end in Firefox (firefox-esr, a fresh profile) through a real MCP
 * client: a library-card form (tests/support/library_form.ts) served from
 * loopback. Observe lists each control with its state, compared with the
 * state the page posts of itself once loaded; a plan fills the two empty
 * fields by their labels (one on the left, one above), ticks the unset box,
 * picks another radio button and turns the switch on, each with its `expect`,
 * chooses another branch in the select, and submits: what the page posted is
 * the check.
 */

import { assert, assertEquals, assertMatch } from "./support/assert.ts";
import { until, withSession } from "./support/session.ts";
import { skipE2E } from "./support/xdesktop.ts";
import { firefox, servePages } from "./support/real_apps.ts";
import { LIBRARY_FORM } from "./support/library_form.ts";

/** What observe must say of each control, from the form's own state (FormData, as posted). */
function expectedListing(state: URLSearchParams): RegExp[] {
  const mark = (on: boolean) => (on ? "checked" : "unchecked");
  const card = state.get("card");
  return [
    new RegExp(`Full name \\[entry ${state.get("name") ? "" : "empty"}`),
    new RegExp(`Street address \\[entry ${state.get("street") ? "" : "empty"}`),
    new RegExp(`\\[select ${state.get("branch")}\\]`),
    new RegExp(`Adult card \\[radio ${mark(card === "adult")}\\]`),
    new RegExp(`Student card \\[radio ${mark(card === "student")}\\]`),
    new RegExp(`Senior card \\[radio ${mark(card === "senior")}\\]`),
    new RegExp(`Email me due date reminders \\[checkbox ${mark(state.has("reminders"))}\\]`),
    new RegExp(`Large print catalogue \\[checkbox ${mark(state.has("largeprint"))}\\]`),
    new RegExp(`Paperless receipts \\[switch ${state.has("paperless") ? "on" : "off"}\\]`),
  ];
}

Deno.test({
  name:
    "Firefox: a form's controls listed with the page's own states, filled in by their labels and submitted",
  ignore: skipE2E(),
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const web = servePages({ "/card.html": LIBRARY_FORM });
    try {
      await withSession(async (s) => {
        firefox(s.desktop, s.dir, `${web.base}/card.html`);
        await s.desktop.waitForWindow("Library Card", 60_000);
        const shown = await until(() => web.posted.find((p) => p.path === "/state") ?? null, 60_000);
        const o = await until(async () => {
          const r = await s.call("observe", { screenshot: false });
          return r.text.includes("Paperless receipts") ? r : null;
        }, 60_000);
        for (const line of expectedListing(new URLSearchParams(shown.body))) {
          assertMatch(o.text, line, o.text);
        }
        // The page's own word, so the listing above was compared with a form in its starting state.
        assertEquals(shown.body, "name=&street=&branch=Central&card=adult&reminders=on");

        const r = await s.call("execute_plan", {
          steps: [
            { action: "click", target: { text: "Full name" } },
            { action: "type", text: "Ada Lovelace" },
            { action: "click", target: { text: "Street address" } },
            { action: "type", text: "12 Analytical Row" },
            {
              action: "click",
              target: { text: "Large print catalogue" },
              expect: { checked: "Large print catalogue" },
            },
            { action: "click", target: { text: "Student card" }, expect: { checked: "Student card" } },
            {
              action: "click",
              target: { text: "Paperless receipts" },
              expect: { checked: "Paperless receipts" },
            },
            { action: "click", target: { text: "Central" }, expect: { appears: "Riverside" } },
            {
              action: "click",
              target: { text: "Riverside", scope: "chrome" },
              expect: { disappears: "Hillcrest" },
            },
          ],
        });
        assertEquals(r.structured.status, "success", r.text);
        const steps = r.structured.steps as Array<{ line: string }>;
        assertMatch(steps[0].line, /matched entry \(empty\) "Full name"/);
        assertMatch(steps[2].line, /matched entry \(empty\) "Street address"/);
        assertMatch(steps[4].line, /expect ok: checkbox "Large print catalogue" is checked/);
        assertMatch(steps[5].line, /expect ok: radio "Student card" is checked/);
        assertMatch(steps[6].line, /expect ok: switch "Paperless receipts" is on/);
        const now = await until(async () => {
          const look = await s.call("observe", { screenshot: false });
          return look.text.includes("[select Riverside]") ? look : null;
        }, 10_000);
        assertMatch(now.text, /Student card \[radio checked\]/, now.text);
        assertMatch(now.text, /Adult card \[radio unchecked\]/, now.text);
        assertMatch(now.text, /Large print catalogue \[checkbox checked\]/, now.text);

        const submit = await s.call("execute_plan", {
          steps: [{ action: "click", target: { text: "Send application" }, expect: { appears: "Thanks" } }],
        });
        assertEquals(submit.structured.status, "success", submit.text);
        const sent = web.posted.filter((p) => p.path === "/signup");
        assertEquals(sent.length, 1, submit.text);
        assertEquals(Object.fromEntries(new URLSearchParams(sent[0].body)), {
          name: "Ada Lovelace",
          street: "12 Analytical Row",
          branch: "Riverside",
          card: "student",
          reminders: "on",
          largeprint: "on",
          paperless: "on",
        });
        assert(!web.posted.some((p) => p.path === "/signup" && p !== sent[0]));
      });
    } finally {
      await web.close();
    }
  },
});
