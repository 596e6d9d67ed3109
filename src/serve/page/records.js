// The playground's records (gdl serve): the game downloaded as a record
// (`gdl replay` reads it), and a record opened, its actions ready to be
// replayed one by one with Redo. Uses the page's state and helpers of app.js.
"use strict";

$("download").addEventListener("click", async () => {
  const r = await api("record", base({ seats: S.seats }));
  if (!r.ok) return say(r.data.error, "error");
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([r.data], { type: "text/plain" }));
  link.download = S.game.split("/").pop().replace(/\.gdl$/, "") + ".record";
  link.click();
  URL.revokeObjectURL(link.href);
});

$("open-record").addEventListener("change", async (ev) => {
  const file = ev.target.files[0];
  if (!file) return;
  const r = await api("open", { record: await file.text() });
  ev.target.value = "";
  if (!r.ok) return say(r.data.error, "error");
  $("game").value = r.data.game;
  await pickGame(r.data.game, r.data.options);
  S.redo = [...r.data.moves].reverse();
  $("redo").disabled = !S.redo.length;
  say(`Record opened: ${r.data.moves.length} actions; Redo plays them one by one.`);
});
