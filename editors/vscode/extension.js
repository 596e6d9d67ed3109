// Starts `gdl lsp` for .gdl files: the server gives the errors, hover,
// definitions, references, rename, completion and formatting; the
// colours come from syntaxes/gdl.tmLanguage.json.
"use strict";

const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("gdl").get("server.path") || "gdl";
  const server = { command, args: ["lsp"], transport: TransportKind.stdio };
  client = new LanguageClient(
    "gdl",
    "gdl language server",
    { run: server, debug: server },
    { documentSelector: [{ language: "gdl" }] }
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
