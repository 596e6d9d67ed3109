//! `save`: the page's text written as a served game file, so that nothing
//! is lost or changed by surprise. Saves are made one at a time (two saves
//! of a file never interleave); each names the version of the file its
//! edit started from (`base`, the `hash` that `source` and `save` answer)
//! and is refused (409, with the text on disk now) when the file has
//! changed since; a read-only file is refused, not replaced; the file keeps
//! its mode, its owner and its other names (hard links).

use serde_json::{Value, json};

use super::Server;
use super::games::{read_game, text_field, text_hash, text_too_large};
use super::http::ApiError;
use crate::{files, limits};

/// `save`: writes `source` as the served file `game` if it is still the
/// version `base` names (`null`: whatever is there).
pub fn save(server: &Server, request: &Value) -> Result<Value, ApiError> {
    let name = text_field(request, "game")?;
    let listed = server
        .served
        .resolve(name)
        .map_err(|m| ApiError::new(403, m))?;
    let text = text_field(request, "source")?;
    if text.len() as u64 > limits::MAX_INPUT_BYTES {
        return Err(text_too_large());
    }
    let base = match request.get("base") {
        Some(Value::String(hash)) => Some(hash.as_str()),
        Some(Value::Null) => None,
        _ => {
            return Err(ApiError::bad(
                "give `base`: the `hash` of the text the edit started from (as /api/source \
                 answers it), or null to replace whatever is on disk",
            ));
        }
    };
    let _one_at_a_time = server.saving.lock().unwrap_or_else(|p| p.into_inner());
    let metadata = std::fs::metadata(&listed.path)
        .map_err(|e| ApiError::new(422, format!("error: cannot save {}: {e}", listed.name)))?;
    if metadata.permissions().readonly() {
        return Err(ApiError::new(
            403,
            format!(
                "{} is read-only: make it writable to save it from here",
                listed.name
            ),
        ));
    }
    let on_disk = read_game(&listed.name, &listed.path)?;
    let disk_hash = text_hash(&on_disk);
    if base.is_some_and(|b| b != disk_hash) {
        return Err(ApiError::new(
            409,
            format!(
                "{} changed on disk since this edit started: saving would lose those \
                 changes (its text now is in `source`; save again with `base` set to \
                 `hash` to replace it)",
                listed.name
            ),
        )
        .with(json!({ "source": on_disk, "hash": disk_hash })));
    }
    if on_disk != text {
        let write = if has_other_names(&metadata) {
            files::write_in_place
        } else {
            files::write_atomically
        };
        write(&listed.path, text).map_err(|e| ApiError::new(500, format!("error: {e}")))?;
    }
    Ok(json!({ "saved": listed.name, "hash": text_hash(text) }))
}

/// Whether the file has hard links, which a new file renamed over it
/// would cut.
fn has_other_names(metadata: &std::fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        std::os::unix::fs::MetadataExt::nlink(metadata) > 1
    }
    #[cfg(not(unix))]
    {
        let _ = metadata;
        false
    }
}
