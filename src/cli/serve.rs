//! `gdl serve`: starts the playground ([`crate::serve`]) and maps why it
//! could not start to an exit code.

use std::io::Write;

use super::{Failure, ServeArgs};
use crate::serve::{self, Settings, StartError};

pub(super) fn serve_cmd(a: &ServeArgs, out: &mut dyn Write) -> Result<(), Failure> {
    let settings = Settings {
        paths: a.paths.clone(),
        host: a.host,
        port: a.port,
    };
    serve::run(&settings, out).map_err(|e| match e {
        StartError::Input(m) => Failure::Input(format!("error: {m}\n")),
        StartError::Listen(m) => Failure::Io(format!("error: {m}\n")),
    })
}
