//! The one policy for every file `gdl` reads, and for every file it writes.
//!
//! **Reading** ([`read_text`]): game files, records, test cases, snapshots
//! and analysis shards are all read here. Each kind of file has a size cap
//! ([`Input::cap`], from [`crate::limits`]) checked *while* reading (at most
//! one byte past it is read), so that a device, a pipe or `/dev/zero` ends
//! with an error instead of filling the memory. A UTF-8 byte-order mark at
//! the start is dropped. A folder, a link to nothing or text that is not
//! UTF-8 (with the line and column of the first bad byte) is an error; only
//! a path where nothing is at all is "not found" ([`io::ErrorKind::NotFound`]),
//! so that callers for whom a missing file is normal (a snapshot not written
//! yet) never take an unreadable one for a missing one.
//!
//! **Writing** ([`Output`], [`write_atomically`]): a file `gdl` makes is
//! checked before the work that fills it starts (its folder exists and
//! takes files); an existing file is never replaced unless asked
//! (`--force`), and an input of the same command (the game file) never;
//! every file is written to a temporary file in the same folder, then
//! renamed over the old one, so that a failure or an interruption leaves
//! the old file whole and never half a new one.

use std::io::{self, BufRead, Read};
use std::path::{Path, PathBuf};

use crate::limits;

/// What kind of file is read: it sets the size cap and names the file in
/// messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Input {
    /// A game file (`games/*.gdl`).
    Game,
    /// A game record (`gdl play --record`, `gdl match --record`).
    Record,
    /// A test-case file (`NAME.tests`).
    Tests,
    /// A snapshot document (`NAME.snapshot`).
    Snapshot,
    /// A shard of `gdl analyze --shard i/n`.
    Shard,
}

impl Input {
    /// The largest such file read, in bytes.
    pub fn cap(self) -> u64 {
        match self {
            Input::Game => limits::MAX_INPUT_BYTES,
            Input::Record => limits::MAX_RECORD_BYTES,
            Input::Tests => limits::MAX_TESTS_BYTES,
            Input::Snapshot => limits::MAX_SNAPSHOT_BYTES,
            Input::Shard => limits::MAX_SHARD_BYTES,
        }
    }

    /// The file's kind in words: `a game file`.
    pub fn noun(self) -> &'static str {
        match self {
            Input::Game => "a game file",
            Input::Record => "a record",
            Input::Tests => "a test-case file",
            Input::Snapshot => "a snapshot",
            Input::Shard => "a shard",
        }
    }
}

/// A size in bytes as people read it: `1 MiB`, `512 KiB`, `100 bytes`.
pub fn size_text(bytes: u64) -> String {
    if bytes >= 1 << 20 && bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else if bytes >= 1 << 10 && bytes.is_multiple_of(1 << 10) {
        format!("{} KiB", bytes >> 10)
    } else {
        format!("{bytes} bytes")
    }
}

/// The UTF-8 byte-order mark, which some editors put at the start of a file.
const BOM: &[u8] = b"\xef\xbb\xbf";

/// Opens the file at `path`, of kind `what`, for reading as a stream (see
/// the module's doc): a byte-order mark at the start is skipped, and the
/// reader fails with [`io::ErrorKind::InvalidData`] ("larger than ...")
/// when more than [`Input::cap`] bytes come, so that an endless device
/// stops there. [`read_text`] reads such a stream whole; a shard is parsed
/// from it as it comes.
///
/// Errors: [`io::ErrorKind::NotFound`] only when nothing is at `path` (a
/// link to nothing is another error); [`io::ErrorKind::IsADirectory`] for a
/// folder; else what the system said. The message says what is wrong, not
/// which file: see [`cannot_read`].
pub fn open(path: &Path, what: Input) -> io::Result<io::BufReader<Capped<std::fs::File>>> {
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound && path.symlink_metadata().is_ok() => {
            let target = std::fs::read_link(path)
                .map(|t| format!(" {}", t.display()))
                .unwrap_or_default();
            return Err(io::Error::other(format!(
                "it is a link to{target}, where there is no file"
            )));
        }
        Err(e) => return Err(e),
    };
    if file.metadata()?.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            format!("it is a folder, not {}", what.noun()),
        ));
    }
    let mut reader = io::BufReader::new(Capped {
        inner: file,
        read: 0,
        what,
    });
    if reader.fill_buf()?.starts_with(BOM) {
        reader.consume(BOM.len());
    }
    Ok(reader)
}

/// A reader that fails once more than its kind's cap has come (see
/// [`open`]).
#[derive(Debug)]
pub struct Capped<R> {
    inner: R,
    read: u64,
    what: Input,
}

impl<R: Read> Read for Capped<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let cap = self.what.cap();
        // One byte past the cap is asked for, to tell a file of exactly
        // the cap from a larger one.
        let room = (cap + 1 - self.read.min(cap + 1)).min(buf.len() as u64) as usize;
        let n = self.inner.read(&mut buf[..room])?;
        self.read += n as u64;
        if self.read > cap {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "the file is larger than {}, the most {} may be",
                    size_text(cap),
                    self.what.noun()
                ),
            ));
        }
        Ok(n)
    }
}

/// Reads the text of the file at `path`, of kind `what`, through [`open`]
/// (at most [`Input::cap`] bytes, without a leading byte-order mark), which
/// must be UTF-8: else [`io::ErrorKind::InvalidData`], with the line and
/// column of the first byte that is not.
pub fn read_text(path: &Path, what: Input) -> io::Result<String> {
    let mut bytes = Vec::new();
    open(path, what)?.read_to_end(&mut bytes)?;
    String::from_utf8(bytes).map_err(|e| {
        let bytes = e.as_bytes();
        let bad = e.utf8_error().valid_up_to();
        let before = &bytes[..bad];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        // Valid up to `bad`, so this part of the line is text.
        let column = String::from_utf8_lossy(&before[start..]).chars().count() + 1;
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "the file is not text (UTF-8): line {line}, column {column} has the byte 0x{:02x}",
                bytes[bad]
            ),
        )
    })
}

/// The message for a file that could not be read: `cannot read PATH: WHY`.
pub fn cannot_read(path: &Path, e: &io::Error) -> String {
    format!("cannot read {}: {e}", path.display())
}

/// Whether `a` and `b` are the same file (both exist and are one file, by
/// their canonical paths).
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}

/// Why an output cannot be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutputError {
    /// A file is there already and `--force` was not given, or the output
    /// is one of the command's inputs: the command was asked for something
    /// it refuses (bad input, exit code 2).
    Refused(String),
    /// The folder does not exist, cannot be made or does not take files,
    /// or writing failed (exit code 3).
    Io(String),
}

impl OutputError {
    /// The message, naming the file.
    pub fn message(&self) -> &str {
        match self {
            OutputError::Refused(m) | OutputError::Io(m) => m,
        }
    }
}

impl std::fmt::Display for OutputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for OutputError {}

/// A file a command is about to write, checked before the work starts
/// ([`Output::check`]) and then written whole each time
/// ([`Output::write`]).
#[derive(Clone, Debug)]
pub struct Output {
    path: PathBuf,
}

impl Output {
    /// Checks that `path` may be written: it is none of `inputs` (each with
    /// what it is: `the game file`); nothing is
    /// there unless `force` (and never a folder); its folder exists and
    /// takes files (a temporary file is made and removed there). `flag`
    /// names the option that asked for it, for messages (`--record`).
    pub fn check(
        path: &Path,
        force: bool,
        inputs: &[(&Path, &str)],
        flag: &str,
    ) -> Result<Output, OutputError> {
        let shown = path.display();
        if let Some((_, what)) = inputs.iter().find(|(i, _)| same_file(path, i)) {
            return Err(OutputError::Refused(format!(
                "{flag} {shown} is {what}, which this command reads: give another file"
            )));
        }
        match path.symlink_metadata() {
            Ok(m) if m.is_dir() => {
                return Err(OutputError::Refused(format!(
                    "{flag} {shown} is a folder: give a file"
                )));
            }
            Ok(_) if !force => {
                return Err(OutputError::Refused(format!(
                    "{flag} {shown} already exists: give --force to replace it, or another file"
                )));
            }
            _ => {}
        }
        probe_folder(&folder_of(path))?;
        Ok(Output {
            path: path.to_path_buf(),
        })
    }

    /// An output already there that the command keeps up to date (the
    /// record `play --resume` goes on writing): its folder is checked as by
    /// [`Output::check`], the file itself may be replaced.
    pub fn existing(path: &Path) -> Result<Output, OutputError> {
        probe_folder(&folder_of(path))?;
        Ok(Output {
            path: path.to_path_buf(),
        })
    }

    /// Writes `text` as the whole file, atomically ([`write_atomically`]).
    pub fn write(&self, text: &str) -> Result<(), OutputError> {
        write_atomically(&self.path, text)
    }
}

/// The folder a file is in (`.` for a bare name).
fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Makes a temporary file in `dir` and removes it: whether files can be
/// made there, asked before the work starts.
pub fn probe_folder(dir: &Path) -> Result<(), OutputError> {
    if !dir.is_dir() {
        return Err(OutputError::Io(format!(
            "cannot write in {}: there is no such folder",
            dir.display()
        )));
    }
    temporary(&dir.join("write-test"))
        .map(drop)
        .map_err(|e| OutputError::Io(format!("cannot write in {}: {e}", dir.display())))
}

/// A new temporary file beside `path`, that [`write_atomically`] writes
/// first: hidden, named after the file with a random part, and created
/// exclusively, so two writers never share one and a link already at its
/// name is never followed. It is removed when dropped unless persisted.
pub fn temporary(path: &Path) -> io::Result<tempfile::NamedTempFile> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    // The mode a new file gets (less the umask), as `std::fs::write` gives.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    builder.tempfile_in(folder_of(path))
}

/// Writes `text` to `path` through a temporary file in the same folder,
/// renamed over `path`: readers see the old file or the new one, never part
/// of one, and a failure leaves the old one whole (and no temporary file).
/// A file replaced keeps its mode (and its owner, where the process may
/// give it).
pub fn write_atomically(path: &Path, text: &str) -> Result<(), OutputError> {
    replace(path, text)
        .map_err(|e| OutputError::Io(format!("cannot write {}: {e}", path.display())))
}

fn replace(path: &Path, text: &str) -> io::Result<()> {
    use std::io::Write;
    let old = std::fs::metadata(path).ok().filter(|m| m.is_file());
    let mut tmp = temporary(path)?;
    tmp.write_all(text.as_bytes())?;
    if let Some(old) = &old {
        tmp.as_file().set_permissions(old.permissions())?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            // Only root may give a file away: elsewhere this fails, and
            // the file is the writer's, as any new file is.
            let _ = std::os::unix::fs::fchown(tmp.as_file(), Some(old.uid()), Some(old.gid()));
        }
    }
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// Writes `text` over the file at `path` itself, keeping the file (its
/// other names when it has hard links, its mode, its owner): for a file
/// that renaming a new one over would cut from its other names. Not
/// atomic: a reader at the same time may see part of it.
pub fn write_in_place(path: &Path, text: &str) -> Result<(), OutputError> {
    use std::io::Write;
    std::fs::OpenOptions::new()
        .write(true)
        .truncate(true)
        .open(path)
        .and_then(|mut f| f.write_all(text.as_bytes()).and_then(|()| f.sync_all()))
        .map_err(|e| OutputError::Io(format!("cannot write {}: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("gdl-files-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).expect("a temporary folder");
        d
    }

    #[test]
    fn reading_is_bounded_and_names_what_is_wrong() {
        let d = dir("read");
        let bom = d.join("bom.gdl");
        std::fs::write(&bom, b"\xef\xbb\xbfgame x\n").unwrap();
        assert_eq!(read_text(&bom, Input::Game).unwrap(), "game x\n");
        let bad = d.join("bad.record");
        std::fs::write(&bad, b"# gdl record\ngame: \xc3x\n").unwrap();
        let e = read_text(&bad, Input::Record).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidData);
        assert!(e.to_string().contains("line 2, column 7"), "{e}");
        let big = d.join("big.tests");
        let cap = Input::Tests.cap() as usize;
        std::fs::write(&big, vec![b'#'; cap + 1]).unwrap();
        let e = read_text(&big, Input::Tests).unwrap_err();
        assert!(e.to_string().contains("the most a test-case file"), "{e}");
        std::fs::write(&big, vec![b'#'; cap]).unwrap();
        assert_eq!(read_text(&big, Input::Tests).unwrap().len(), cap);
        // A folder, a link to nothing, nothing at all.
        let e = read_text(&d, Input::Snapshot).unwrap_err();
        assert!(e.to_string().contains("a folder"), "{e}");
        assert_ne!(e.kind(), io::ErrorKind::NotFound);
        #[cfg(unix)]
        {
            let link = d.join("dangling.snapshot");
            std::os::unix::fs::symlink(d.join("nowhere"), &link).unwrap();
            let e = read_text(&link, Input::Snapshot).unwrap_err();
            assert_ne!(e.kind(), io::ErrorKind::NotFound, "{e}");
            assert!(e.to_string().contains("no file"), "{e}");
        }
        let e = read_text(&d.join("absent"), Input::Snapshot).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::NotFound);
        // An endless device stops at the cap of its kind.
        let zero = Path::new("/dev/zero");
        if zero.exists() {
            for what in [Input::Game, Input::Record, Input::Shard] {
                let e = read_text(zero, what).unwrap_err();
                assert!(e.to_string().contains("larger than"), "{e}");
            }
        }
        let _ = std::fs::remove_dir_all(&d);
    }

    /// The README's table of files states each cap.
    #[test]
    fn the_readme_states_each_cap() {
        let readme = include_str!("../README.md");
        let start = readme
            .find("### Files read and written")
            .expect("the section");
        let table = &readme[start..];
        for (row, what) in [
            ("| game file (`.gdl`) | every command |", Input::Game),
            ("| record | `replay`, `play --resume` |", Input::Record),
            ("| test cases (`.tests`) | `test` |", Input::Tests),
            ("| snapshot (`.snapshot`) | `test` |", Input::Snapshot),
            ("| shard (`.json`) | `merge` |", Input::Shard),
        ] {
            let row = format!("{row} {} |", size_text(what.cap()));
            assert!(table.contains(&row), "the README lacks `{row}`");
        }
        let unique = crate::limits::MAX_UNIQUE_POSITIONS.to_string();
        let games = crate::analysis::MAX_GAMES.to_string();
        let commas = |n: &str| {
            let mut out = String::new();
            for (i, c) in n.chars().enumerate() {
                if i > 0 && (n.len() - i).is_multiple_of(3) {
                    out.push(',');
                }
                out.push(c);
            }
            out
        };
        assert!(table.contains(&commas(&unique)), "{unique}");
        assert!(table.contains(&commas(&games)), "{games}");
    }

    #[test]
    fn outputs_are_checked_first_and_written_whole() {
        let d = dir("write");
        let game = d.join("game.gdl");
        std::fs::write(&game, "game x\n").unwrap();
        let e = Output::check(&game, true, &[(&game, "the game file")], "--record").unwrap_err();
        assert!(matches!(e, OutputError::Refused(_)), "{e:?}");
        assert!(e.message().contains("is the game file"), "{e:?}");
        let e = Output::check(&game, false, &[], "--record").unwrap_err();
        assert!(e.message().contains("already exists"), "{e:?}");
        let out = Output::check(&game, true, &[], "--record").expect("forced");
        out.write("replaced\n").unwrap();
        assert_eq!(std::fs::read_to_string(&game).unwrap(), "replaced\n");
        let e = Output::check(&d.join("no/such/file"), false, &[], "--record").unwrap_err();
        assert!(matches!(e, OutputError::Io(_)), "{e:?}");
        // Nothing is left beside the file.
        assert_eq!(std::fs::read_dir(&d).unwrap().count(), 1);
        let _ = std::fs::remove_dir_all(&d);
    }
}
