"""`gdl lsp` driven by a real client: pytest-lsp (on pygls), which starts the
server, speaks the protocol as Visual Studio Code's capabilities say, and
checks every answer against the specification. The oracles are gdl's own
commands: a problem published says what `gdl check` says, a renamed file
still passes `gdl check`, a formatted one passes `gdl fmt --check`."""

import re
import subprocess

import pytest

from needs import REPO, gdl_binary, package

package("pytest_lsp", "pytest-lsp")
import pytest_lsp  # noqa: E402  (after the check that it is installed)
from lsprotocol import types  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities  # noqa: E402


def _binary():
    try:
        return gdl_binary()
    except pytest.skip.Exception as e:
        pytest.skip(str(e), allow_module_level=True)


GDL = _binary()
CHESS = REPO / "games" / "chess.gdl"
DARK_CHESS = REPO / "games" / "dark-chess.gdl"


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[GDL, "lsp", "--stdio"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(
        types.InitializeParams(capabilities=client_capabilities("visual-studio-code"))
    )
    yield
    await lsp_client.shutdown_session()


async def open_text(client, uri, text):
    """Opens a document and waits for its problems."""
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="gdl", version=1, text=text)
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return list(client.diagnostics.get(uri, []))


async def open_file(client, path):
    uri = path.as_uri()
    return uri, await open_text(client, uri, path.read_text())


def position_of(text, needle, nth=0, into=1):
    """The position `into` characters into the nth occurrence of needle."""
    offset = [m.start() for m in re.finditer(re.escape(needle), text)][nth] + into
    line = text.count("\n", 0, offset)
    return types.Position(line=line, character=offset - (text.rfind("\n", 0, offset) + 1))


def at(uri, position):
    return types.TextDocumentIdentifier(uri=uri), position


def gdl(*args, text=None):
    return subprocess.run([GDL, *args], capture_output=True, text=True, input=text)


def words_outside_comments(text, word):
    code = "\n".join(line.split("#")[0] for line in text.split("\n"))
    return len(re.findall(rf"(?<![\w-]){re.escape(word)}(?![\w-])", code))


def apply(text, edits):
    """Applies text edits (in UTF-16 positions; the texts here are ASCII)."""
    lines = text.split("\n")
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)

    def offset(p):
        return starts[p.line] + p.character

    for e in sorted(edits, key=lambda e: offset(e.range.start), reverse=True):
        text = text[: offset(e.range.start)] + e.new_text + text[offset(e.range.end) :]
    return text


@pytest.mark.asyncio
async def test_problems_are_those_of_gdl_check(client, tmp_path):
    text = (REPO / "games" / "tictactoe.gdl").read_text().replace("empty", "emtpy", 1)
    assert text != (REPO / "games" / "tictactoe.gdl").read_text()
    path = tmp_path / "broken.gdl"
    path.write_text(text)
    checked = gdl("check", str(path))
    assert checked.returncode == 1
    said = [line[len("error: ") :] for line in checked.stderr.splitlines() if line.startswith("error: ")]
    uri = path.as_uri()
    problems = await open_text(client, uri, text)
    assert [p.message.split("\n")[0] for p in problems] == said
    first = problems[0]
    assert first.severity == types.DiagnosticSeverity.Error
    assert first.range.start == position_of(text, "emtpy", into=0)
    assert first.range.end == position_of(text, "emtpy", into=5)
    assert "help: did you mean `empty`?" in first.message

    # Fixed as the designer types: the problems go.
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text.replace("emtpy", "empty"))],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert list(client.diagnostics[uri]) == []

    # A syntax error: one problem, where `gdl check` puts it.
    broken = "board square(3)\nplayers x o(\n"
    (tmp_path / "syntax.gdl").write_text(broken)
    checked = gdl("check", str(tmp_path / "syntax.gdl"))
    problems = await open_text(client, (tmp_path / "syntax.gdl").as_uri(), broken)
    assert len(problems) == 1
    assert problems[0].message.split("\n")[0] in checked.stderr
    location = re.search(r"syntax\.gdl:(\d+):(\d+)", checked.stderr)
    assert (problems[0].range.start.line + 1, problems[0].range.start.character + 1) == (
        int(location[1]),
        int(location[2]),
    )


@pytest.mark.asyncio
async def test_definition_hover_and_references_in_chess(client):
    uri, problems = await open_file(client, CHESS)
    assert problems == []
    text = CHESS.read_text()
    use = position_of(text, "not in-check", into=5)
    doc, pos = at(uri, use)
    found = await client.text_document_definition_async(types.DefinitionParams(text_document=doc, position=pos))
    found = found if isinstance(found, types.Location) else found[0]
    assert found.uri == uri
    assert found.range.start == position_of(text, "define in-check", into=7)

    hover = await client.text_document_hover_async(types.HoverParams(text_document=doc, position=pos))
    assert "define in-check = attacked(own and king)" in hover.contents.value
    assert "The king is attacked" in hover.contents.value

    attacked = position_of(text, "attacked(own and king)", into=2)
    hover = await client.text_document_hover_async(types.HoverParams(text_document=doc, position=attacked))
    assert "attacked(" in hover.contents.value and "built-in function" in hover.contents.value

    mark = position_of(text, "unmoved", into=1)
    refs = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=doc, position=mark, context=types.ReferenceContext(include_declaration=True)
        )
    )
    assert len(refs) == words_outside_comments(text, "unmoved") > 3
    assert all(r.uri == uri for r in refs)


@pytest.mark.asyncio
async def test_a_variant_reaches_into_its_base(client):
    uri, problems = await open_file(client, DARK_CHESS)
    assert problems == []
    text = DARK_CHESS.read_text()
    chess = CHESS.read_text()
    # `passing` is dark chess's own; `behind` is chess's.
    doc, pos = at(uri, position_of(text, "ray(passing, all, behind)", into=19))
    found = await client.text_document_definition_async(types.DefinitionParams(text_document=doc, position=pos))
    found = found if isinstance(found, types.Location) else found[0]
    assert found.uri == CHESS.as_uri()
    assert found.range.start == position_of(chess, "define behind", into=7)
    hover = await client.text_document_hover_async(types.HoverParams(text_document=doc, position=pos))
    assert "define behind = rotate(forward, 180)" in hover.contents.value
    assert "chess.gdl" in hover.contents.value


@pytest.mark.asyncio
async def test_a_problem_in_the_base_is_shown_at_based_on(client, tmp_path):
    (tmp_path / "base.gdl").write_text("board square(3)\nplayers x, o\npieces stone\nturn: place stone at emty\n")
    variant = "# A variant.\nbased on base\nend if stuck: mover loses\n"
    problems = await open_text(client, (tmp_path / "variant.gdl").as_uri(), variant)
    assert len(problems) == 1
    assert problems[0].message.startswith(f"in {tmp_path / 'base.gdl'}:4:22: unknown name `emty`")
    assert problems[0].range.start == types.Position(line=1, character=0)
    assert problems[0].range.end == types.Position(line=1, character=13)


@pytest.mark.asyncio
async def test_rename_gives_a_game_that_still_checks(client, tmp_path):
    path = tmp_path / "chess.gdl"
    text = CHESS.read_text()
    path.write_text(text)
    uri = path.as_uri()
    await open_text(client, uri, text)
    doc, pos = at(uri, position_of(text, "quiet\n", into=1))
    prepared = await client.text_document_prepare_rename_async(
        types.PrepareRenameParams(text_document=doc, position=pos)
    )
    assert prepared.placeholder == "quiet"
    edit = await client.text_document_rename_async(
        types.RenameParams(text_document=doc, position=pos, new_name="calm")
    )
    assert list(edit.changes) == [uri]
    assert len(edit.changes[uri]) == words_outside_comments(text, "quiet") > 2
    renamed = apply(text, edit.changes[uri])
    assert words_outside_comments(renamed, "quiet") == 0
    assert "quiet-moves" in renamed  # another name, left alone
    path.write_text(renamed)
    checked = gdl("check", str(path))
    assert checked.returncode == 0, checked.stderr
    assert gdl("perft", str(path), "3").stdout == gdl("perft", str(CHESS), "3").stdout

    # Refused: a word of the language, a name taken, not a name; and a
    # built-in cannot be renamed at all.
    for new, why in [("define", "word of the language"), ("unmoved", "already"), ("2x", "not a name")]:
        with pytest.raises(Exception, match=why):
            await client.text_document_rename_async(types.RenameParams(text_document=doc, position=pos, new_name=new))
    builtin = position_of(text, "attacked(own", into=1)
    with pytest.raises(Exception, match="can be renamed"):
        await client.text_document_prepare_rename_async(
            types.PrepareRenameParams(text_document=doc, position=builtin)
        )


@pytest.mark.asyncio
async def test_completion_formatting_and_symbols(client, tmp_path):
    text = "board square(3)\nplayers x,o   \npieces stone\n\n\n\ndefine free = empty\nturn: place stone at fr\n"
    uri = (tmp_path / "t.gdl").as_uri()
    problems = await open_text(client, uri, text)
    assert [p.message.split("\n")[0] for p in problems] == ["unknown name `fr`"]
    doc, pos = at(uri, position_of(text, "at fr", into=5))
    items = await client.text_document_completion_async(types.CompletionParams(text_document=doc, position=pos))
    items = items if isinstance(items, list) else items.items
    labels = {i.label: i for i in items}
    assert labels["free"].detail == "definition"
    assert labels["stone"].detail == "piece"
    assert labels["count"].kind == types.CompletionItemKind.Function
    assert "define" in labels and "empty" in labels

    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(
            text_document=doc, options=types.FormattingOptions(tab_size=4, insert_spaces=True)
        )
    )
    formatted = apply(text, edits)
    (tmp_path / "f.gdl").write_text(formatted)
    assert gdl("fmt", "--check", str(tmp_path / "f.gdl")).returncode == 0
    assert "players x, o\n" in formatted and "\n\n\n" not in formatted

    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=doc))
    assert [(s.name, s.detail) for s in symbols] == [
        ("x", "player"),
        ("o", "player"),
        ("stone", "piece"),
        ("free", "definition"),
    ]


@pytest.mark.asyncio
async def test_unknown_requests_are_refused_and_the_server_goes_on(client):
    with pytest.raises(Exception, match="does not answer"):
        await client.text_document_semantic_tokens_full_async(
            types.SemanticTokensParams(text_document=types.TextDocumentIdentifier(uri="file:///x.gdl"))
        )
    with pytest.raises(Exception, match="not open"):
        await client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri="file:///nowhere.gdl"),
                position=types.Position(line=0, character=0),
            )
        )
    uri, problems = await open_file(client, CHESS)
    assert problems == []
