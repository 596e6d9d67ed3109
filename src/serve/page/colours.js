// The rules editor's colours: the TextMate grammar that editors use
// (/gdl.tmLanguage.json, made from the language's own tables), its
// patterns tried in order at each place of the text, drawn in a layer
// under the textarea, whose own letters are transparent.
"use strict";

const Colours = { patterns: null, painted: null };

async function loadColours() {
  try {
    const grammar = await (await fetch("gdl.tmLanguage.json")).json();
    // Sticky (tried at one place), with the groups' places, `$` at line ends.
    Colours.patterns = grammar.patterns.map((p) => ({
      re: new RegExp(p.match, "ydm"),
      name: p.name,
      captures: p.captures,
    }));
  } catch (e) {
    Colours.patterns = [];
  }
  paintColours();
}

// `keyword.control.gdl` is drawn with the class `tok-keyword-control`.
function colourClass(name) {
  return "tok-" + name.split(".").slice(0, 2).join("-");
}

function paintColours() {
  const text = $("editor").value;
  if (!Colours.patterns || text === Colours.painted) return;
  Colours.painted = text;
  const out = document.createDocumentFragment();
  let plain = "";
  const put = (name, s) => {
    if (!name) return void (plain += s);
    if (plain) out.appendChild(document.createTextNode(plain));
    plain = "";
    const e = document.createElement("span");
    e.className = colourClass(name);
    e.textContent = s;
    out.appendChild(e);
  };
  const word = /[A-Za-z0-9_]+|[^]/y;
  let i = 0;
  next: while (i < text.length) {
    for (const p of Colours.patterns) {
      p.re.lastIndex = i;
      const m = p.re.exec(text);
      if (!m || m[0].length === 0) continue;
      if (!p.captures) {
        put(p.name, m[0]);
      } else {
        let at = i;
        for (let g = 1; g < m.length; g++) {
          if (!m.indices[g]) continue;
          const [s, e] = m.indices[g];
          put(null, text.slice(at, s));
          put(p.captures[g] && p.captures[g].name, text.slice(s, e));
          at = e;
        }
        put(null, text.slice(at, i + m[0].length));
      }
      i += m[0].length;
      continue next;
    }
    // No pattern starts here: the word (or character) as it is.
    word.lastIndex = i;
    const w = word.exec(text)[0];
    put(null, w);
    i += w.length;
  }
  // A last line end keeps an empty last line's height.
  put(null, "\n");
  out.appendChild(document.createTextNode(plain));
  $("editor-colours").replaceChildren(out);
}

$("editor").addEventListener("input", paintColours);
$("editor").addEventListener("scroll", () => {
  $("editor-colours").scrollTop = $("editor").scrollTop;
  $("editor-colours").scrollLeft = $("editor").scrollLeft;
});
// The text is also set by the page (a game picked, the file read again).
setInterval(paintColours, 200);
loadColours();
