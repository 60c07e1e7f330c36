/**
 * A library-card form for the Firefox test: text fields named by a label on
 * their left or above them (no placeholder), a select, radio buttons,
 * checkboxes and a switch drawn from a checkbox. Once loaded it posts its own
 * state to `/state` (FormData: the checked boxes, the chosen radio, the
 * select's option, the fields' text), and Submit posts the form to `/signup`:
 * the test compares what choto saw with the page's own word.
 *
 * @module
 */

/** The page, in the browser's default look for form controls. */
export const LIBRARY_FORM = `<!doctype html><html><head><meta charset=utf-8><title>Library Card</title><style>
body{font-family:'DejaVu Sans',sans-serif;font-size:15px;margin:30px 60px;color:#222}
.row{margin:12px 0}
.row label.left{display:inline-block;width:110px}
input[type=text]{font-size:15px;padding:4px;width:280px}
select{font-size:15px;padding:3px}
fieldset{border:1px solid #ccc;margin:14px 0;padding:8px 14px;width:480px}
fieldset label{display:block;margin:8px 0}
.switch{display:inline-flex;align-items:center;gap:10px;cursor:pointer}
.switch input{display:none}
.track{width:40px;height:22px;border-radius:11px;background:#bbb;position:relative;display:inline-block}
.track::after{content:'';position:absolute;top:3px;left:3px;width:16px;height:16px;border-radius:8px;background:#fff}
.switch input:checked + .track{background:#2a7}
.switch input:checked + .track::after{left:21px}
</style></head><body>
<h1>Apply for a library card</h1>
<form id=card method=post action="/signup">
<div class=row><label class=left for=name>Full name</label><input type=text id=name name=name></div>
<div class=row><label for=street>Street address</label><br><input type=text id=street name=street></div>
<div class=row><label class=left for=branch>Branch</label><select id=branch name=branch><option>Central</option><option>Riverside</option><option>Hillcrest</option></select></div>
<fieldset><legend>Card type</legend>
<label><input type=radio name=card value=adult checked> Adult card</label>
<label><input type=radio name=card value=student> Student card</label>
<label><input type=radio name=card value=senior> Senior card</label>
</fieldset>
<fieldset><legend>Options</legend>
<label><input type=checkbox name=reminders checked> Email me due date reminders</label>
<label><input type=checkbox name=largeprint> Large print catalogue</label>
</fieldset>
<label class=switch><input type=checkbox name=paperless><span class=track></span> Paperless receipts</label>
<p><button type=submit>Send application</button></p>
</form>
<script>
addEventListener('load', () => {
  fetch('/state', {method: 'POST', body: new URLSearchParams(new FormData(document.getElementById('card')))});
});
</script></body></html>`;
