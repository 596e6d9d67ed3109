//! The requests a language server answers, each from a document's index:
//! hover, definition, references, rename (and its preparation),
//! completion, formatting and the document's symbols.

use std::collections::HashMap;

use lsp_server::{ErrorCode, Request};
use lsp_types::request::{
    Completion, DocumentSymbolRequest, Formatting, GotoDefinition, HoverRequest,
    PrepareRenameRequest, References, Rename, Request as _,
};
use lsp_types::{
    CompletionItem, CompletionItemKind, DocumentSymbol, Hover, HoverContents, Location,
    MarkupContent, MarkupKind, PrepareRenameResponse, SymbolKind, TextDocumentPositionParams,
    TextEdit, Uri, WorkspaceEdit,
};
use serde_json::Value;

use super::index::{DeclKind, Index, Target, is_builtin};
use super::text::{Lines, file_to_uri};
use super::{Document, Refusal, Server};
use crate::diagnostic::Span;
use crate::syntax::tokens::is_word;
use crate::syntax::{KEYWORDS, OTHER_WORDS};

/// The answer to a request, as JSON, or why not.
pub(super) fn answer(server: &Server, request: &Request) -> Result<Value, Refusal> {
    match request.method.as_str() {
        HoverRequest::METHOD => json(hover(server, params(request)?)),
        GotoDefinition::METHOD => json(definition(server, params(request)?)),
        References::METHOD => {
            let p: lsp_types::ReferenceParams = params(request)?;
            let with_declaration = p.context.include_declaration;
            json(references(
                server,
                p.text_document_position,
                with_declaration,
            ))
        }
        PrepareRenameRequest::METHOD => json(prepare_rename(server, params(request)?)),
        Rename::METHOD => {
            let p: lsp_types::RenameParams = params(request)?;
            json(rename(server, p.text_document_position, &p.new_name))
        }
        Completion::METHOD => {
            let p: lsp_types::CompletionParams = params(request)?;
            json(Ok(completion(
                server,
                &p.text_document_position.text_document.uri,
            )))
        }
        Formatting::METHOD => {
            let p: lsp_types::DocumentFormattingParams = params(request)?;
            json(formatting(server, &p.text_document.uri))
        }
        DocumentSymbolRequest::METHOD => {
            let p: lsp_types::DocumentSymbolParams = params(request)?;
            json(symbols(server, &p.text_document.uri))
        }
        other => Err((
            ErrorCode::MethodNotFound,
            format!("gdl's language server does not answer `{other}`"),
        )),
    }
}

fn json<T: serde::Serialize>(answer: Result<T, Refusal>) -> Result<Value, Refusal> {
    answer.map(|v| serde_json::to_value(v).unwrap_or(Value::Null))
}

fn params<P: serde::de::DeserializeOwned>(request: &Request) -> Result<P, Refusal> {
    serde_json::from_value(request.params.clone())
        .map_err(|e| (ErrorCode::InvalidParams, format!("{}: {e}", request.method)))
}

/// An open document, by URI.
fn document<'s>(server: &'s Server, uri: &Uri) -> Result<&'s Document, Refusal> {
    server.documents.get(uri.as_str()).ok_or_else(|| {
        (
            ErrorCode::InvalidParams,
            format!("{} is not open", uri.as_str()),
        )
    })
}

/// The document's index and where its own text starts in the index's
/// text, if the index is of its current text.
fn current_index(d: &Document) -> Option<(&Index, usize)> {
    let index = d.index.as_ref().filter(|_| d.indexed_text == d.text)?;
    Some((index, index.parts.last().map_or(0, |p| p.start)))
}

/// The word under a position and what it refers to, in the index's text.
fn target_at<'d>(
    server: &Server,
    d: &'d Document,
    at: &TextDocumentPositionParams,
) -> Option<(&'d Index, usize, Target)> {
    let (index, shift) = current_index(d)?;
    let offset = Lines::new(&d.text, server.encoding).offset(at.position);
    let word = index.word_at(offset + shift)?;
    Some((index, word, index.resolve(word)?))
}

/// A span of the index's text as a location: in the document or in a
/// file it is based on.
fn location(server: &Server, uri: &Uri, index: &Index, span: Span) -> Option<Location> {
    let d = server.documents.get(uri.as_str())?;
    let (file, local) = index.locate(span);
    let (uri, text) = match file {
        None => (uri.clone(), d.text.as_str()),
        Some(file) => {
            let text = d.analysis_base(file)?;
            (file_to_uri(file)?, text)
        }
    };
    let range = Lines::new(text, server.encoding).range(local);
    Some(Location { uri, range })
}

impl Document {
    /// The text of a base file the document's last reading found.
    fn analysis_base(&self, file: &str) -> Option<&str> {
        self.analysis
            .bases
            .iter()
            .find(|(f, _)| f == file)
            .map(|(_, t)| t.as_str())
    }
}

fn hover(server: &Server, at: TextDocumentPositionParams) -> Result<Option<Hover>, Refusal> {
    let d = document(server, &at.text_document.uri)?;
    let Some((index, word, target)) = target_at(server, d, &at) else {
        return Ok(None);
    };
    let span = index.span(word);
    let name = &index.text[span.start..span.end];
    let value = match target {
        Target::Decl(k) => {
            let decl = &index.decls[k];
            let (code, docs) = index.declaration_text(k);
            let mut text = format!(
                "```gdl\n{code}\n```\n\n*{}* `{}`",
                decl.kind.word(),
                decl.name
            );
            if let (Some(file), local) = index.locate(decl.span)
                && let Some(base) = d.analysis_base(file)
            {
                let (line, _) = crate::report::line_col(base, local.start);
                text.push_str(&format!(", from {file}:{line}"));
            }
            if !docs.is_empty() {
                text.push_str(&format!("\n\n{docs}"));
            }
            text
        }
        Target::Bound(_) => format!("*bound name* `{name}`"),
        Target::Builtin => match crate::check::function_signatures().find(|(n, _)| *n == name) {
            Some((_, signature)) => format!("```gdl\n{signature}\n```\n\n*built-in function*"),
            None => format!("*built-in name* `{name}`"),
        },
        Target::Keyword => return Ok(None),
    };
    let own = index.locate(span).1;
    Ok(Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value,
        }),
        range: Some(Lines::new(&d.text, server.encoding).range(own)),
    }))
}

fn definition(
    server: &Server,
    at: TextDocumentPositionParams,
) -> Result<Option<Location>, Refusal> {
    let d = document(server, &at.text_document.uri)?;
    let Some((index, _, target)) = target_at(server, d, &at) else {
        return Ok(None);
    };
    let span = match target {
        Target::Decl(k) => index.decls[k].span,
        Target::Bound(b) => index.span(b),
        Target::Builtin | Target::Keyword => return Ok(None),
    };
    Ok(location(server, &at.text_document.uri, index, span))
}

fn references(
    server: &Server,
    at: TextDocumentPositionParams,
    with_declaration: bool,
) -> Result<Vec<Location>, Refusal> {
    let d = document(server, &at.text_document.uri)?;
    let Some((index, _, target)) = target_at(server, d, &at) else {
        return Ok(Vec::new());
    };
    let spans = index.occurrences(target);
    let skip = usize::from(!with_declaration && !spans.is_empty());
    Ok(spans[skip..]
        .iter()
        .filter_map(|&s| location(server, &at.text_document.uri, index, s))
        .collect())
}

const NOT_RENAMED: &str = "only a name the game declares, or a name bound by `some`, `every`, `choose` or `each group`, can be renamed";

fn prepare_rename(
    server: &Server,
    at: TextDocumentPositionParams,
) -> Result<Option<PrepareRenameResponse>, Refusal> {
    let d = document(server, &at.text_document.uri)?;
    match target_at(server, d, &at) {
        Some((index, word, Target::Decl(_) | Target::Bound(_))) => {
            let span = index.span(word);
            Ok(Some(PrepareRenameResponse::RangeWithPlaceholder {
                range: Lines::new(&d.text, server.encoding).range(index.locate(span).1),
                placeholder: index.text[span.start..span.end].to_string(),
            }))
        }
        _ => Err((ErrorCode::InvalidRequest, NOT_RENAMED.into())),
    }
}

fn rename(
    server: &Server,
    at: TextDocumentPositionParams,
    new_name: &str,
) -> Result<WorkspaceEdit, Refusal> {
    let d = document(server, &at.text_document.uri)?;
    let Some((index, word, target @ (Target::Decl(_) | Target::Bound(_)))) =
        target_at(server, d, &at)
    else {
        return Err((ErrorCode::InvalidRequest, NOT_RENAMED.into()));
    };
    let refuse = |why: String| Err((ErrorCode::InvalidParams, why));
    let old = index.span(word);
    if new_name == &index.text[old.start..old.end] {
        return Ok(WorkspaceEdit::default());
    }
    if !is_word(new_name) {
        return refuse(format!(
            "`{new_name}` is not a name: a letter, then letters, digits, `_` or `-` between them"
        ));
    }
    if KEYWORDS.contains(&new_name) || OTHER_WORDS.contains(&new_name) || is_builtin(new_name) {
        return refuse(format!("`{new_name}` is a word of the language"));
    }
    if let Some(k) = index.decl(new_name) {
        return refuse(format!(
            "`{new_name}` is already a {} of this game",
            index.decls[k].kind.word()
        ));
    }
    // lsp_types' `WorkspaceEdit` is keyed by `Uri`, whose cache inside is
    // never changed here.
    #[allow(clippy::mutable_key_type)]
    let mut changes: HashMap<Uri, Vec<TextEdit>> = HashMap::new();
    for span in index.occurrences(target) {
        let Some(place) = location(server, &at.text_document.uri, index, span) else {
            continue;
        };
        changes.entry(place.uri).or_default().push(TextEdit {
            range: place.range,
            new_text: new_name.to_string(),
        });
    }
    Ok(WorkspaceEdit {
        changes: Some(changes),
        ..WorkspaceEdit::default()
    })
}

/// Every name the game declares, the built-in functions and names and the
/// words of the grammar (the client filters them by what is typed).
fn completion(server: &Server, uri: &Uri) -> Vec<CompletionItem> {
    let mut items = Vec::new();
    let mut seen = std::collections::HashSet::new();
    if let Some(index) = server
        .documents
        .get(uri.as_str())
        .and_then(|d| d.index.as_ref())
    {
        for decl in &index.decls {
            if seen.insert(decl.name.clone()) {
                items.push(item(&decl.name, symbol_kind(decl.kind).1, decl.kind.word()));
            }
        }
    }
    for (name, signature) in crate::check::function_signatures() {
        if seen.insert(name.to_string()) {
            items.push(item(name, CompletionItemKind::FUNCTION, &signature));
        }
    }
    for name in crate::check::name_list() {
        if seen.insert(name.to_string()) {
            items.push(item(name, CompletionItemKind::CONSTANT, "built-in name"));
        }
    }
    for word in KEYWORDS.iter().chain(OTHER_WORDS) {
        if seen.insert(word.to_string()) {
            items.push(item(word, CompletionItemKind::KEYWORD, "keyword"));
        }
    }
    items
}

fn item(label: &str, kind: CompletionItemKind, detail: &str) -> CompletionItem {
    CompletionItem {
        label: label.to_string(),
        kind: Some(kind),
        detail: Some(detail.to_string()),
        ..CompletionItem::default()
    }
}

/// How editors show a kind of declaration: as a symbol and in completion.
fn symbol_kind(kind: DeclKind) -> (SymbolKind, CompletionItemKind) {
    match kind {
        DeclKind::Option => (SymbolKind::PROPERTY, CompletionItemKind::PROPERTY),
        DeclKind::Player => (SymbolKind::OBJECT, CompletionItemKind::VALUE),
        DeclKind::Piece => (SymbolKind::CLASS, CompletionItemKind::CLASS),
        DeclKind::Variable => (SymbolKind::VARIABLE, CompletionItemKind::VARIABLE),
        DeclKind::Effect | DeclKind::Action => (SymbolKind::FUNCTION, CompletionItemKind::FUNCTION),
        DeclKind::Mark | DeclKind::Line | DeclKind::Counter => {
            (SymbolKind::ENUM_MEMBER, CompletionItemKind::ENUM_MEMBER)
        }
        DeclKind::Ring | DeclKind::Track => (SymbolKind::ENUM, CompletionItemKind::ENUM),
        DeclKind::Region | DeclKind::Define => (SymbolKind::CONSTANT, CompletionItemKind::CONSTANT),
    }
}

fn formatting(server: &Server, uri: &Uri) -> Result<Vec<TextEdit>, Refusal> {
    let d = document(server, uri)?;
    let formatted = crate::syntax::format(&d.text);
    if formatted == d.text {
        return Ok(Vec::new());
    }
    Ok(vec![TextEdit {
        range: Lines::new(&d.text, server.encoding).whole(),
        new_text: formatted,
    }])
}

/// The names the document itself declares (not its bases').
fn symbols(server: &Server, uri: &Uri) -> Result<Vec<DocumentSymbol>, Refusal> {
    let d = document(server, uri)?;
    let Some((index, _)) = current_index(d) else {
        return Ok(Vec::new());
    };
    let lines = Lines::new(&d.text, server.encoding);
    Ok(index
        .decls
        .iter()
        .filter_map(|decl| {
            let (None, local) = index.locate(decl.span) else {
                return None;
            };
            let range = lines.range(local);
            #[allow(deprecated)] // `deprecated` is a field the type requires.
            Some(DocumentSymbol {
                name: decl.name.clone(),
                detail: Some(decl.kind.word().to_string()),
                kind: symbol_kind(decl.kind).0,
                tags: None,
                deprecated: None,
                range,
                selection_range: range,
                children: None,
            })
        })
        .collect())
}
