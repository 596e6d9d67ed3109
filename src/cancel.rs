//! A flag another thread raises to stop long work early: the playground's
//! Cancel button stops an analysis between games and inside searches.
//!
//! The command line never raises it: [`Cancel::never`] holds no flag, so
//! asking it is a test of an `Option`, and the work it watches runs as
//! before (the same games, the same reports).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A cancel flag shared by the thread that may raise it and the work that
/// watches it (cloning shares the flag).
#[derive(Clone, Debug, Default)]
pub struct Cancel(Option<Arc<AtomicBool>>);

impl Cancel {
    /// A flag that is never raised.
    pub fn never() -> Cancel {
        Cancel(None)
    }

    /// A flag, not raised yet.
    pub fn new() -> Cancel {
        Cancel(Some(Arc::default()))
    }

    /// Raises the flag: the work watching it stops soon.
    pub fn cancel(&self) {
        if let Some(flag) = &self.0 {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// Whether the flag was raised.
    #[inline]
    pub fn is_cancelled(&self) -> bool {
        self.0.as_ref().is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// Whether the flag can ever be raised (a search that cannot be
    /// cancelled skips the checks).
    pub fn can_cancel(&self) -> bool {
        self.0.is_some()
    }
}
