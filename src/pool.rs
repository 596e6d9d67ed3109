//! One job pool for everything that plays many games: `gdl match`
//! ([`crate::agent::run_match`]) and `gdl analyze` ([`crate::analysis`]).
//!
//! Scoped worker threads take job indices from a shared counter, so a slow
//! job never holds up the others, and the results come back in index order,
//! whatever the number of threads. Each worker has a stack of
//! [`WORKER_STACK_BYTES`], as large as the main thread's usually is: a game
//! that `check` and `playout` accept on the main thread (deeply nested
//! effects, say) must not overflow a worker's stack. Even one thread is a
//! worker thread, so the limits are the same whatever `--threads` says.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread;

use crate::cancel::Cancel;
use crate::engine::{TurnTooLong, note_turn_too_long, take_turn_too_long};

/// The stack of each worker thread: 8 MiB, the main thread's on Linux and
/// macOS by default (Rust's spawned threads get 2 MiB otherwise).
pub const WORKER_STACK_BYTES: usize = 8 << 20;

/// Runs `job(worker, i)` for every `i` in `0..jobs` on up to `threads`
/// threads. Each thread starts with its own `init()` state (scratch space,
/// running totals), passed to every job it runs. Returns the results in
/// index order and the workers' final states. A panic in a job is passed
/// on to the caller.
///
/// The pool stops taking jobs when `cancel` is raised, or when a job's
/// `keep turns with` search gave up ([`TurnTooLong`], noted on the
/// worker's thread and passed on to the caller's): the results then stop
/// short of `jobs` (the ones finished, still in index order).
pub fn run<W, T>(
    jobs: usize,
    threads: usize,
    cancel: &Cancel,
    init: impl Fn() -> W + Sync,
    job: impl Fn(&mut W, usize) -> T + Sync,
) -> (Vec<T>, Vec<W>)
where
    W: Send,
    T: Send,
{
    let next = AtomicUsize::new(0);
    let gave_up: Mutex<Option<TurnTooLong>> = Mutex::new(None);
    let stopped = AtomicBool::new(false);
    let work = || {
        let mut state = init();
        let mut done = Vec::new();
        while !stopped.load(Ordering::Relaxed) && !cancel.is_cancelled() {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= jobs {
                break;
            }
            done.push((i, job(&mut state, i)));
            if let Some(cut) = take_turn_too_long() {
                gave_up
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .get_or_insert(cut);
                stopped.store(true, Ordering::Relaxed);
            }
        }
        (state, done)
    };
    let threads = threads.clamp(1, jobs.max(1));
    let finished: Vec<(W, Vec<(usize, T)>)> = thread::scope(|s| {
        let mut handles = Vec::with_capacity(threads);
        for _ in 0..threads {
            match thread::Builder::new()
                .stack_size(WORKER_STACK_BYTES)
                .spawn_scoped(s, work)
            {
                Ok(h) => handles.push(h),
                // Out of threads: the ones running share the jobs.
                Err(_) => break,
            }
        }
        if handles.is_empty() {
            // Not even one: play here rather than fail.
            return vec![work()];
        }
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    let mut slots: Vec<Option<T>> = Vec::new();
    slots.resize_with(jobs, || None);
    let mut states = Vec::with_capacity(finished.len());
    for (state, done) in finished {
        for (i, t) in done {
            slots[i] = Some(t);
        }
        states.push(state);
    }
    if let Some(cut) = *gave_up.lock().unwrap_or_else(|p| p.into_inner()) {
        note_turn_too_long(cut);
    }
    // Every index was taken by at most one worker; the ones not taken (the
    // pool stopped) leave no result.
    let results = slots.into_iter().flatten().collect();
    (results, states)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_back_in_index_order() {
        for threads in [1, 2, 5] {
            let (out, states) = run(
                100,
                threads,
                &Cancel::never(),
                || 0u64,
                |n, i| {
                    *n += 1;
                    i * i
                },
            );
            assert_eq!(out, (0..100).map(|i| i * i).collect::<Vec<_>>());
            assert_eq!(states.iter().sum::<u64>(), 100);
            assert!(states.len() <= threads);
        }
        let (out, _) = run(0, 4, &Cancel::never(), || (), |_, i| i);
        assert!(out.is_empty());
    }

    #[test]
    fn workers_have_a_large_stack() {
        // About 4 MiB of stack: more than a default spawned thread has.
        fn deep(n: u32) -> u32 {
            let pad = std::hint::black_box([n as u8; 1024]);
            if n == 0 {
                pad[0] as u32
            } else {
                deep(n - 1) + pad[1] as u32
            }
        }
        let (out, _) = run(1, 1, &Cancel::never(), || (), |_, _| deep(4000));
        assert_eq!(out.len(), 1);
    }
}
