//! `gdl fmt` and `gdl lsp` through the binary: files laid out, checked
//! and left alone; a language server session over standard input and
//! output, and input that is not the protocol. python/tests/test_lsp.py
//! drives the server with a real client.

use crate::common::{gdl, gdl_with_bytes};

#[test]
fn fmt_lays_out_and_check_changes_nothing() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("g.gdl");
    let file = path.to_str().expect("a UTF-8 path");
    let text = "board square(3)\r\nplayers x,o  \n\n\n\npieces stone # a,b\n";
    std::fs::write(&path, text).expect("written");

    let check = gdl(&["fmt", "--check", file]);
    assert_eq!(check.code, 1, "{check:?}");
    assert_eq!(check.stdout, format!("{file}\n"));
    assert!(check.stderr.contains("1 file is not laid out"), "{check:?}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);

    let fmt = gdl(&["fmt", file]);
    assert_eq!(fmt.code, 0, "{fmt:?}");
    assert_eq!(fmt.stdout, format!("formatted {file}\n"));
    let laid_out = "board square(3)\nplayers x, o\n\npieces stone # a,b\n";
    assert_eq!(std::fs::read_to_string(&path).unwrap(), laid_out);
    let again = gdl(&["fmt", "--check", file]);
    assert_eq!((again.code, again.stdout.as_str()), (0, ""), "{again:?}");

    let missing = gdl(&["fmt", "no/such.gdl"]);
    assert_eq!(missing.code, 3, "{missing:?}");
    assert!(missing.stderr.contains("no/such.gdl"), "{missing:?}");
}

#[test]
fn shipped_games_are_laid_out() {
    let mut args = vec!["fmt".to_string(), "--check".to_string()];
    args.extend(crate::common::shipped_games());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let run = gdl(&args);
    assert_eq!(run.code, 0, "run `gdl fmt games/*.gdl`: {run:?}");
}

fn message(json: &str) -> Vec<u8> {
    format!("Content-Length: {}\r\n\r\n{json}", json.len()).into_bytes()
}

#[test]
fn lsp_session_over_stdio() {
    let open = r#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///tmp/x.gdl","languageId":"gdl","version":1,"text":"board square(3)\nplayers x, o\npieces stone\nturn: place stone at emty\n"}}}"#;
    let input = [
        message(
            r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#,
        ),
        message(r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#),
        message(open),
        message(
            r#"{"jsonrpc":"2.0","id":2,"method":"textDocument/definition","params":{"textDocument":{"uri":"file:///tmp/x.gdl"},"position":{"line":3,"character":13}}}"#,
        ),
        message(r#"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#),
        message(r#"{"jsonrpc":"2.0","method":"exit"}"#),
    ]
    .concat();
    let run = gdl_with_bytes(&["lsp"], &input);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stdout.contains(r#""definitionProvider":true"#),
        "{run:?}"
    );
    assert!(
        run.stdout
            .contains(r#""message":"unknown name `emty`\nhelp: did you mean `empty`?""#),
        "{run:?}"
    );
    // `stone` in `place stone` is the piece declared on line 3.
    assert!(
        run.stdout.contains(
            r#""range":{"end":{"character":12,"line":2},"start":{"character":7,"line":2}}"#
        ),
        "{run:?}"
    );
}

#[test]
fn lsp_refuses_what_is_not_the_protocol() {
    for input in [
        &b""[..],
        b"hello\r\n\r\n",
        b"Content-Length: 5\r\n\r\n{\"a\":",
    ] {
        let run = gdl_with_bytes(&["lsp"], input);
        assert_eq!(run.code, 3, "{run:?}");
        assert!(run.stderr.starts_with("error: gdl lsp: "), "{run:?}");
        assert!(!run.stderr.contains("panicked"), "{run:?}");
    }
}
