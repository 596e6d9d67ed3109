//! `gdl lsp`: a language server for game files, on the `lsp-server`
//! crate (rust-analyzer's) over standard input and output. Each open
//! document is read as `gdl check` reads it whenever it changes
//! ([`analysis`]), and its problems are published; the requests
//! (hover, definition, references, rename, completion, formatting,
//! symbols) are answered from its words' index ([`index`]) in
//! [`features`]. While a document does not parse, only completion uses
//! its last index (the others would point at moved text).

mod analysis;
mod features;
pub mod grammar;
mod index;
mod text;

use std::collections::HashMap;

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Notification as _,
    PublishDiagnostics,
};
use lsp_types::{
    DiagnosticSeverity, InitializeParams, OneOf, PositionEncodingKind, PublishDiagnosticsParams,
    RenameOptions, ServerCapabilities, ServerInfo, TextDocumentSyncCapability,
    TextDocumentSyncKind, Uri,
};

use analysis::{Analysis, Severity, analyse};
use index::Index;
use text::{Encoding, Lines, uri_to_file};

/// Serves the protocol on standard input and output until the client says
/// `exit`. An error is a broken connection or a client that never
/// initialised.
pub fn serve_stdio() -> Result<(), String> {
    let (connection, threads) = Connection::stdio();
    serve(&connection)?;
    // The writer thread ends when the connection is dropped.
    drop(connection);
    threads.join().map_err(|e| e.to_string())
}

/// Serves one connection (a test may give an in-memory one).
pub fn serve(connection: &Connection) -> Result<(), String> {
    let (id, params) = connection.initialize_start().map_err(|e| e.to_string())?;
    let params: InitializeParams = serde_json::from_value(params).unwrap_or_default();
    let utf8 = params
        .capabilities
        .general
        .and_then(|g| g.position_encodings)
        .is_some_and(|e| e.contains(&PositionEncodingKind::UTF8));
    let encoding = if utf8 {
        Encoding::Utf8
    } else {
        Encoding::Utf16
    };
    let result = serde_json::json!({
        "capabilities": capabilities(encoding),
        "serverInfo": ServerInfo {
            name: "gdl".into(),
            version: Some(env!("CARGO_PKG_VERSION").into()),
        },
    });
    connection
        .initialize_finish(id, result)
        .map_err(|e| e.to_string())?;
    let mut server = Server {
        connection,
        encoding,
        documents: HashMap::new(),
    };
    for message in &connection.receiver {
        match message {
            Message::Request(request) => {
                if connection
                    .handle_shutdown(&request)
                    .map_err(|e| e.to_string())?
                {
                    return Ok(());
                }
                server.request(request);
            }
            Message::Notification(note) => server.notification(note),
            Message::Response(_) => {}
        }
    }
    Ok(())
}

fn capabilities(encoding: Encoding) -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(match encoding {
            Encoding::Utf8 => PositionEncodingKind::UTF8,
            Encoding::Utf16 => PositionEncodingKind::UTF16,
        }),
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        hover_provider: Some(lsp_types::HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        rename_provider: Some(OneOf::Right(RenameOptions {
            prepare_provider: Some(true),
            work_done_progress_options: Default::default(),
        })),
        completion_provider: Some(lsp_types::CompletionOptions::default()),
        document_formatting_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        ..ServerCapabilities::default()
    }
}

/// An open document.
struct Document {
    uri: Uri,
    text: String,
    /// Its path (or, unsaved, its URI's text).
    file: String,
    analysis: Analysis,
    /// The last index of a text that parsed (the current text's, unless
    /// it does not parse), with that text.
    index: Option<Index>,
    indexed_text: String,
}

struct Server<'c> {
    connection: &'c Connection,
    encoding: Encoding,
    /// The open documents, by their URI's text (a `Uri` caches its
    /// parts inside, so it is no key).
    documents: HashMap<String, Document>,
}

impl Server<'_> {
    fn notification(&mut self, note: Notification) {
        match note.method.as_str() {
            DidOpenTextDocument::METHOD => {
                if let Ok(p) = note
                    .extract::<lsp_types::DidOpenTextDocumentParams>(DidOpenTextDocument::METHOD)
                {
                    self.update(p.text_document.uri, p.text_document.text);
                }
            }
            DidChangeTextDocument::METHOD => {
                if let Ok(p) = note.extract::<lsp_types::DidChangeTextDocumentParams>(
                    DidChangeTextDocument::METHOD,
                ) && let Some(change) = p.content_changes.into_iter().last()
                {
                    self.update(p.text_document.uri, change.text);
                }
            }
            DidCloseTextDocument::METHOD => {
                if let Ok(p) = note
                    .extract::<lsp_types::DidCloseTextDocumentParams>(DidCloseTextDocument::METHOD)
                {
                    self.documents.remove(p.text_document.uri.as_str());
                    self.publish(&p.text_document.uri, Vec::new());
                }
            }
            _ => {}
        }
    }

    /// A document's new text: read again, with the open documents based
    /// on it, and their problems published.
    fn update(&mut self, uri: Uri, text: String) {
        let file = uri_to_file(&uri);
        let old = self.documents.remove(uri.as_str());
        let (index, indexed_text) =
            old.map_or((None, String::new()), |d| (d.index, d.indexed_text));
        let analysis = self.analyse(&text, &file);
        let mut document = Document {
            uri: uri.clone(),
            text,
            file,
            analysis,
            index,
            indexed_text,
        };
        refresh_index(&mut document);
        self.documents.insert(uri.as_str().to_string(), document);
        self.publish_problems(uri.as_str());
        let dependents: Vec<String> = self
            .documents
            .iter()
            .filter(|(u, d)| *u != uri.as_str() && d.text.contains("based"))
            .map(|(u, _)| u.clone())
            .collect();
        for u in dependents {
            let d = self.documents.get(&u).expect("listed");
            let analysis = self.analyse(&d.text, &d.file);
            let d = self.documents.get_mut(&u).expect("listed");
            d.analysis = analysis;
            refresh_index(d);
            self.publish_problems(&u);
        }
    }

    /// Reads a text as `gdl check` would, its bases found among the open
    /// documents first, then on disk.
    fn analyse(&self, text: &str, file: &str) -> Analysis {
        let find = |reference: &str, from: &str| {
            let path = crate::load::base_path(reference, from);
            let name = path.display().to_string();
            let open = self.documents.values().find(|d| same_file(&d.file, &path));
            match open {
                Some(d) => Ok((name, d.text.clone())),
                None => crate::load::base_beside(reference, from),
            }
        };
        analyse(text, file, &find)
    }

    fn publish_problems(&self, key: &str) {
        let Some(d) = self.documents.get(key) else {
            return;
        };
        let lines = Lines::new(&d.text, self.encoding);
        let diagnostics = d
            .analysis
            .problems
            .iter()
            .map(|p| lsp_types::Diagnostic {
                range: lines.range(p.span),
                severity: Some(match p.severity {
                    Severity::Error => DiagnosticSeverity::ERROR,
                    Severity::Warning => DiagnosticSeverity::WARNING,
                }),
                source: Some("gdl".into()),
                message: p.message.clone(),
                ..lsp_types::Diagnostic::default()
            })
            .collect();
        self.publish(&d.uri, diagnostics);
    }

    fn publish(&self, uri: &Uri, diagnostics: Vec<lsp_types::Diagnostic>) {
        let params = PublishDiagnosticsParams {
            uri: uri.clone(),
            diagnostics,
            version: None,
        };
        let note = Notification::new(PublishDiagnostics::METHOD.to_string(), params);
        // A closed connection ends the loop reading it.
        let _ = self.connection.sender.send(Message::Notification(note));
    }

    fn request(&mut self, request: Request) {
        let id = request.id.clone();
        let response = match features::answer(self, &request) {
            Ok(value) => Response::new_ok(id, value),
            Err((code, message)) => Response::new_err(id, code as i32, message),
        };
        let _ = self.connection.sender.send(Message::Response(response));
    }
}

/// Keeps the document's index up to date: the new one when the text
/// parsed, else the last one.
fn refresh_index(d: &mut Document) {
    if let Some(index) = d.analysis.index.take() {
        d.index = Some(index);
        d.indexed_text = d.text.clone();
    }
}

/// Whether a document's file is `path`.
fn same_file(file: &str, path: &std::path::Path) -> bool {
    let file = std::path::Path::new(file);
    file == path
        || matches!(
            (std::fs::canonicalize(file), std::fs::canonicalize(path)),
            (Ok(a), Ok(b)) if a == b
        )
}

/// Why a request was refused.
type Refusal = (ErrorCode, String);
