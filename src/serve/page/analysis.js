// The playground's analysis (gdl serve): `gdl analyze` on the game, run by
// the server in the background, with its progress, then its report and
// charts. Uses the page's state and helpers of app.js.
"use strict";

let analysisRun = null;

$("analyze").addEventListener("click", async () => {
  const number = (id) => Number($(id).value);
  const search = number("analysis-search");
  const r = await api("analyze", base({
    moves: [],
    games: number("analysis-games"),
    ladder: $("analysis-ladder").value.trim(),
    ladder_games: search,
    mirror_games: search,
  }));
  if (!r.ok) return ($("analysis-state").textContent = r.data.error);
  analysisRun = r.data.run;
  $("analysis-report").textContent = "";
  $("analysis-charts").innerHTML = "";
  $("analysis-cancel").disabled = false;
  $("analyze").disabled = true;
  watchAnalysis(r.data.run);
});

$("analysis-cancel").addEventListener("click", () => {
  if (analysisRun) api("cancel", { run: analysisRun });
  $("analysis-state").textContent = "stopping after this shard…";
});

// Asks how the run goes until it ends, then shows its report and charts.
async function watchAnalysis(run) {
  const r = await api("analysis", { run });
  if (!r.ok) return ($("analysis-state").textContent = r.data.error);
  const p = r.data;
  $("analysis-progress").max = p.shards;
  $("analysis-progress").value = p.done;
  const time = `${p.seconds.toFixed(1)} s`;
  if (p.state === "running") {
    if (!$("analysis-state").textContent.startsWith("stopping")) {
      $("analysis-state").textContent = `${p.done} of ${p.shards} shards played, ${time}`;
    }
    return setTimeout(() => watchAnalysis(run), 400);
  }
  $("analysis-cancel").disabled = true;
  $("analyze").disabled = false;
  analysisRun = null;
  if (p.state === "done") {
    $("analysis-state").textContent = `done in ${time}`;
    $("analysis-report").textContent = p.markdown;
    $("analysis-charts").innerHTML = p.charts.map((c) => c.svg).join("");
  } else {
    $("analysis-state").textContent = p.state === "failed" ? p.error : `cancelled after ${time}`;
  }
}
