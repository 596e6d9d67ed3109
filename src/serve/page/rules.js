// The playground's rules editor (gdl serve): the game's text, checked
// again on every change (errors at their line, as `gdl check` says them),
// saved through the server, and read again when the file changes on disk.
// Uses the page's state and helpers of app.js.
"use strict";

function showRulesOk() {
  S.rulesOk = true;
  $("errors").innerHTML = "";
  $("errors-text").textContent = "";
  $("editor").classList.remove("broken");
  $("rules-state").textContent = "rules OK";
  $("rules-state").className = "ok";
  $("board").classList.remove("stale");
}

// A game that does not load: its errors at their lines, as `gdl check` says them.
function showRulesError(r) {
  const d = r.data;
  if (d.kind === undefined) return say(d.error, "error");
  S.rulesOk = false;
  const list = $("errors");
  list.innerHTML = "";
  for (const e of d.diagnostics || []) {
    const li = document.createElement("li");
    const where = e.line ? `${S.game}:${e.line}:${e.col}: ` : `${S.game}: `;
    li.textContent = where + e.message + (e.help ? ` (${e.help})` : "");
    if (e.line) {
      li.dataset.line = e.line;
      li.addEventListener("click", () => goToLine(e.line, e.col));
    }
    list.appendChild(li);
  }
  $("errors-text").textContent = d.error;
  $("editor").classList.add("broken");
  $("rules-state").textContent = d.kind === "options" ? "options refused" : "rules have errors";
  $("rules-state").className = "broken";
  $("board").classList.add("stale");
  $("actions").innerHTML = "";
  $("choices").innerHTML = "";
  $("moves").innerHTML = "";
  $("status").textContent = "The game does not load: see the errors under the rules.";
  $("status").className = "";
}

function goToLine(line, col) {
  const ed = $("editor");
  const lines = ed.value.split("\n");
  let at = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) at += lines[i].length + 1;
  at += Math.max(0, (col || 1) - 1);
  ed.focus();
  ed.setSelectionRange(at, at);
}

let checkTimer = null;
$("editor").addEventListener("input", () => {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(newGame, 400);
  $("save-state").textContent = $("editor").value === S.disk ? "" : "edited";
});

// Saves the editor's text over the version `from` (a hash) of the file:
// the server refuses it when the file on disk is another version, and the
// page then shows that text and asks which to keep.
async function save(from) {
  const text = $("editor").value;
  const r = await api("save", { game: S.game, source: text, base: from });
  if (r.status === 409 && typeof r.data.source === "string") return showConflict(r.data);
  if (!r.ok) return say(r.data.error, "error");
  hideConflict();
  S.disk = text;
  S.diskHash = r.data.hash;
  $("save-state").textContent = "saved " + r.data.saved;
}

function showConflict(d) {
  S.conflict = d;
  $("conflict-text").textContent = d.source;
  $("conflict").hidden = false;
  $("save-state").textContent = "not saved: the file changed on disk";
}

function hideConflict() {
  S.conflict = null;
  $("conflict").hidden = true;
}

$("save").addEventListener("click", () => save(S.diskHash));
$("conflict-mine").addEventListener("click", () => save(S.conflict.hash));
$("conflict-theirs").addEventListener("click", async () => {
  S.disk = S.conflict.source;
  S.diskHash = S.conflict.hash;
  $("editor").value = S.disk;
  hideConflict();
  $("save-state").textContent = "read again from disk";
  await newGame();
});

// The file changed on disk: read it again, unless the page's text is edited.
async function watchDisk() {
  if (!S.game || document.hidden) return;
  const r = await api("source", { game: S.game });
  if (!r.ok || r.data.hash === S.diskHash) return;
  if ($("editor").value !== S.disk) {
    $("save-state").textContent = "the file changed on disk (Save asks which to keep)";
    return;
  }
  S.disk = r.data.source;
  S.diskHash = r.data.hash;
  $("editor").value = S.disk;
  $("save-state").textContent = "read again from disk";
  await newGame();
}
