/**
 * The real apps the end-to-end tests drive beyond the small GTK ones: web
 * browsers (Chromium, Firefox) on pages served from loopback, a spreadsheet
 * (LibreOffice Calc) on a sheet written at test time, a file manager
 * (Thunar) on a folder made at test time, and the pages and sheets
 * themselves, made from seeded words so every run sees the same.
 *
 * @module
 */

import type { TestDesktop } from "./xdesktop.ts";
import { random } from "./random.ts";

/** Starts Chromium on `url` with a profile of its own in `dir`, nothing first-run about it. */
export function chromium(desktop: TestDesktop, dir: string, url: string): Deno.ChildProcess {
  return desktop.spawn("chromium", [
    // Root in a container has no user namespace for the sandbox; --test-type keeps the bar warning about it away.
    "--no-sandbox",
    "--test-type",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-features=Translate,MediaRouter",
    "--password-store=basic",
    "--window-position=0,0",
    "--window-size=1280,860",
    `--user-data-dir=${dir}/chromium`,
    url,
  ]);
}

/** Preferences a fresh Firefox profile starts with: no first-run pages, no updates, no prompts, no form history. */
const FIREFOX_PREFS: Record<string, string | boolean | number> = {
  "browser.shell.checkDefaultBrowser": false,
  "browser.aboutwelcome.enabled": false,
  "browser.startup.homepage_override.mstone": "ignore",
  "browser.startup.firstrunSkipsHomepage": true,
  "startup.homepage_welcome_url": "",
  "startup.homepage_welcome_url.additional": "",
  "browser.tabs.warnOnClose": false,
  "browser.sessionstore.resume_from_crash": false,
  "browser.formfill.enable": false,
  "browser.translations.enable": false,
  "browser.newtabpage.enabled": false,
  "datareporting.policy.dataSubmissionEnabled": false,
  "datareporting.healthreport.uploadEnabled": false,
  "toolkit.telemetry.reportingpolicy.firstRun": false,
  "app.update.auto": false,
  "app.normandy.enabled": false,
  "extensions.update.enabled": false,
  "signon.rememberSignons": false,
  "sidebar.revamp": false,
};

/**
 * Starts Firefox (firefox-esr) on `url` with a fresh profile and a home of its own under `dir`
 * (`--no-remote`: never handed to another Firefox), nothing first-run about it.
 */
export function firefox(desktop: TestDesktop, dir: string, url: string): Deno.ChildProcess {
  const home = `${dir}/firefox-home`, profile = `${home}/profile`;
  Deno.mkdirSync(profile, { recursive: true });
  const prefs = Object.entries(FIREFOX_PREFS).map(([k, v]) =>
    `user_pref(${JSON.stringify(k)}, ${JSON.stringify(v)});`
  );
  Deno.writeTextFileSync(`${profile}/user.js`, prefs.join("\n") + "\n");
  return desktop.spawn(
    "firefox-esr",
    ["--no-remote", "--new-instance", "--profile", profile, "--width", "1280", "--height", "860", url],
    {
      HOME: home,
      XDG_CACHE_HOME: `${home}/cache`,
      XDG_CONFIG_HOME: `${home}/config`,
      MOZ_CRASHREPORTER_DISABLE: "1",
    },
  );
}

/** Starts LibreOffice Calc on `file` with a profile that shows no tip of the day and no what's-new bar. */
export function calc(
  desktop: TestDesktop,
  dir: string,
  file: string,
  env: Record<string, string> = {},
): Deno.ChildProcess {
  const profile = `${dir}/libreoffice`;
  Deno.mkdirSync(`${profile}/user`, { recursive: true });
  const setting = (path: string, name: string, value: string) =>
    `<item oor:path="${path}"><prop oor:name="${name}" oor:op="fuse"><value>${value}</value></prop></item>`;
  Deno.writeTextFileSync(
    `${profile}/user/registrymodifications.xcu`,
    `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
${setting("/org.openoffice.Office.Common/Misc", "ShowTipOfTheDay", "false")}
${setting("/org.openoffice.Office.Common/Misc", "FirstRun", "false")}
${setting("/org.openoffice.Setup/Product", "ooSetupLastVersion", "7.4")}
</oor:items>
`,
  );
  return desktop.spawn(
    "libreoffice",
    ["--calc", "--norestore", "--nologo", `-env:UserInstallation=file://${profile}`, file],
    env,
  );
}

/** A loopback web server for `pages` (path → HTML); what forms post to it is kept, in order. */
export interface PageServer {
  base: string;
  posted: Array<{ path: string; body: string }>;
  close(): Promise<void>;
}

/** Serves `pages` on 127.0.0.1 (an ephemeral port); a POST is answered with a "Thanks" page. */
export function servePages(pages: Record<string, string>): PageServer {
  const posted: PageServer["posted"] = [];
  const html = (body: string) =>
    new Response(body, { headers: { "content-type": "text/html; charset=utf-8" } });
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const path = new URL(req.url).pathname;
    if (req.method === "POST") {
      posted.push({ path, body: await req.text() });
      return html(
        "<!doctype html><title>Order received</title><h1>Thanks</h1><p>Your order is on its way.</p>",
      );
    }
    return pages[path] !== undefined ? html(pages[path]) : new Response("not found", { status: 404 });
  });
  return {
    base: `http://127.0.0.1:${(server.addr as Deno.NetAddr).port}`,
    posted,
    close: () => server.shutdown(),
  };
}

const WORDS = ("amber basin cedar delta ember fjord granite harbor island juniper kelp lagoon meadow " +
  "north orchard pine quarry reef summit tundra upland valley willow yarrow zephyr").split(" ");
const VERBS = "drifts rises settles gathers widens narrows glows fades turns".split(" ");

/** A long article: its HTML and, in order, the headings and paragraphs a reader must find. */
export interface Article {
  html: string;
  title: string;
  /** Headings and paragraphs in order; paragraph N ends in "(note N)." */
  blocks: string[];
  paragraphs: number;
}

/**
 * A journal of `n` paragraphs under a heading per ten, inside window
 * furniture that changes while it is read: a fixed bar with a clock that
 * ticks, a fixed sidebar, a bubble that appears once the page is scrolled a
 * little and a cookie banner once it is scrolled further.
 */
export function article(n = 40, seed = 11): Article {
  const rnd = random(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const sentence = () => {
    const w = [...WORDS].sort(() => rnd() - 0.5).slice(0, 4);
    return `The ${w[0]} ${pick(VERBS)} past the ${w[1]} while the ${w[2]} and the ${w[3]} wait`;
  };
  const title = "Notes from the Upland Survey";
  const blocks: string[] = [title];
  const body: string[] = [`<h1>${title}</h1>`];
  for (let i = 1; i <= n; i++) {
    if (i % 10 === 1) {
      const h = `Season ${Math.floor((i - 1) / 10) + 1}`;
      blocks.push(h);
      body.push(`<h2>${h}</h2>`);
    }
    const p = `${Array.from({ length: 2 + Math.floor(rnd() * 3) }, sentence).join(". ")} (note ${i}).`;
    blocks.push(p);
    body.push(`<p>${p}</p>`);
  }
  blocks.push("End of the journal.");
  body.push("<p>End of the journal.</p>");
  const html = `<!doctype html><html><head><meta charset=utf-8><title>Field Journal</title><style>
body{font-family:'DejaVu Sans',sans-serif;font-size:15px;line-height:1.45;margin:0;color:#1a1a1a}
#nav{position:fixed;top:0;left:0;right:0;height:44px;background:#234;color:#fff;display:flex;gap:28px;align-items:center;padding:0 20px}
#side{position:fixed;top:60px;left:10px;width:150px;font-size:14px;color:#345}
#main{margin:64px 0 80px 190px;max-width:640px}
#cookie{position:fixed;bottom:0;left:0;right:0;background:#ffe9a8;padding:10px 20px;font-size:14px;display:none}
#tip{position:fixed;top:50px;right:30px;background:#333;color:#fff;padding:6px 10px;font-size:13px;display:none}
</style></head><body>
<div id=nav><b>Field Journal</b><span>Home</span><span>Archive</span><span>Maps</span><span id=clock>Updated 10:00:00</span></div>
<div id=side><p>Contents</p><p>Spring</p><p>Summer</p><p>Autumn</p></div>
<div id=cookie>We use cookies to remember your reading position. <button>Accept</button></div>
<div id=tip>Sign in to sync your notes?</div>
<div id=main>${body.join("\n")}</div>
<script>
let n=0;setInterval(()=>{n++;document.getElementById('clock').textContent='Updated 10:00:'+String(n%60).padStart(2,'0')},700);
addEventListener('scroll',()=>{if(scrollY>500)document.getElementById('tip').style.display='block';if(scrollY>1400)document.getElementById('cookie').style.display='block';});
</script></body></html>`;
  return { html, title, blocks, paragraphs: n };
}

/** An order form: text fields with placeholders, a select, radio buttons, checkboxes and a switch. */
export const ORDER_FORM = `<!doctype html><html><head><meta charset=utf-8><title>Coffee Order</title><style>
body{font-family:'DejaVu Sans',sans-serif;font-size:15px;margin:30px 60px;color:#222}
label{display:block;margin:10px 0}
fieldset{border:1px solid #ccc;margin:14px 0;padding:8px 14px;width:520px}
input[type=text],input[type=email]{font-size:15px;padding:5px;width:300px}
select{font-size:15px;padding:4px}
.switch{display:inline-flex;align-items:center;gap:10px;cursor:pointer}
.switch input{display:none}
.track{width:40px;height:22px;border-radius:11px;background:#bbb;position:relative;display:inline-block}
.track::after{content:'';position:absolute;top:3px;left:3px;width:16px;height:16px;border-radius:8px;background:#fff}
.switch input:checked + .track{background:#2a7}
.switch input:checked + .track::after{left:21px}
</style></head><body>
<h1>Order coffee beans</h1>
<form method=post action="/order">
<label>Full name <input type=text name=name placeholder="Your name"></label>
<label>Email <input type=email name=email placeholder="you@example.com"></label>
<label>Bean <select name=bean><option>Arabica</option><option>Robusta</option><option>Liberica</option></select></label>
<fieldset><legend>Grind</legend>
<label><input type=radio name=grind value=whole checked> Whole beans</label>
<label><input type=radio name=grind value=espresso> Espresso grind</label>
<label><input type=radio name=grind value=filter> Filter grind</label>
</fieldset>
<fieldset><legend>Extras</legend>
<label><input type=checkbox name=newsletter> Send me the monthly newsletter</label>
<label><input type=checkbox name=gift checked> Wrap it as a gift</label>
<label><input type=checkbox name=terms> I accept the terms of sale</label>
</fieldset>
<label class=switch><input type=checkbox name=express><span class=track></span> Express delivery</label>
<p><button type=submit>Submit order</button></p>
</form></body></html>`;

/** The price table of the sheet tests: a header row and twelve rows of item, origin, price, stock. */
export const PRICES: readonly (readonly string[])[] = [
  ["Item", "Origin", "Price", "Stock"],
  ["Arabica", "Brazil", "12.5", "40"],
  ["Robusta", "Vietnam", "5.9", "125"],
  ["Liberica", "Philippines", "18.75", "8"],
  ["Excelsa", "Malaysia", "14.2", "16"],
  ["Bourbon", "Rwanda", "21.4", "12"],
  ["Typica", "Jamaica", "36.8", "4"],
  ["Geisha", "Panama", "49.95", "2"],
  ["Caturra", "Colombia", "10.6", "60"],
  ["Mundo Novo", "Brazil", "9.35", "75"],
  ["Pacamara", "El Salvador", "23.1", "9"],
  ["Catuai", "Costa Rica", "11.05", "44"],
  ["SL28", "Kenya", "19.9", "21"],
];

/**
 * A flat OpenDocument spreadsheet (.fods, one XML file Calc opens as it is)
 * of `rows`, numbers as numbers, its columns (and the one after) wide
 * enough for their text, as a sheet someone made would have them.
 */
export function flatSheet(rows: readonly (readonly string[])[]): string {
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const cell = (v: string) =>
    /^-?\d+(\.\d+)?$/.test(v)
      ? `<table:table-cell office:value-type="float" office:value="${v}"><text:p>${v}</text:p></table:table-cell>`
      : `<table:table-cell office:value-type="string"><text:p>${esc(v)}</text:p></table:table-cell>`;
  const body = rows.map((r) => `<table:table-row>${r.map(cell).join("")}</table:table-row>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
 xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"
 xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"
 xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"
 office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.spreadsheet">
<office:automatic-styles><style:style style:name="wide" style:family="table-column">
<style:table-column-properties style:column-width="1.2in"/></style:style></office:automatic-styles>
<office:body><office:spreadsheet><table:table table:name="Prices">
<table:table-column table:style-name="wide" table:number-columns-repeated="${rows[0].length + 1}"/>
${body}
</table:table></office:spreadsheet></office:body></office:document>
`;
}

/**
 * Starts Thunar on `folder` in its icon view, as a window of its own (no
 * session bus here, so no daemon to hand the folder to and none left behind).
 */
export function thunar(desktop: TestDesktop, folder: string): Deno.ChildProcess {
  return desktop.spawn("thunar", [folder], { DBUS_SESSION_BUS_ADDRESS: "disabled:" });
}
