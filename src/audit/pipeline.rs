//! A deterministic, ordered, parallel pipeline with bounded memory.
//!
//! One thread produces work items (reading files), the rayon pool judges them
//! a chunk at a time, and the calling thread receives the results in exactly
//! the order the items were produced, whatever the parallelism. At most a few
//! chunks are in flight, so a library of any size streams through.

use std::sync::mpsc;
use std::thread;

use rayon::prelude::*;

/// Chunks queued between the producer and the judges (beyond the one being judged).
const QUEUED_CHUNKS: usize = 2;

/// Runs `produce` on its own thread; it calls its argument once per item and
/// stops early when that returns `false` (the consumer has quit). Items are
/// judged in parallel in chunks of `chunk` items with `judge`, and each result
/// goes to `emit` in production order. The first error of `emit` stops the
/// pipeline and is returned.
pub fn run_ordered<T, R, E, P, J, M>(
    produce: P,
    chunk: usize,
    judge: J,
    mut emit: M,
) -> Result<(), E>
where
    T: Send,
    R: Send,
    P: FnOnce(&mut dyn FnMut(T) -> bool) + Send,
    J: Fn(T) -> R + Sync,
    M: FnMut(R) -> Result<(), E>,
{
    let chunk = chunk.max(1);
    let (tx, rx) = mpsc::sync_channel::<Vec<T>>(QUEUED_CHUNKS);
    thread::scope(|scope| {
        scope.spawn(move || {
            let mut batch = Vec::with_capacity(chunk);
            let mut open = true;
            produce(&mut |item| {
                if !open {
                    return false;
                }
                batch.push(item);
                if batch.len() == chunk {
                    let full = std::mem::replace(&mut batch, Vec::with_capacity(chunk));
                    open = tx.send(full).is_ok();
                }
                open
            });
            if open && !batch.is_empty() {
                let _ = tx.send(batch);
            }
        });
        for items in rx {
            let results: Vec<R> = items.into_par_iter().map(&judge).collect();
            for result in results {
                emit(result)?;
            }
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_out_in_input_order() {
        let mut out = Vec::new();
        let produce = |push: &mut dyn FnMut(u64) -> bool| {
            for i in 0..10_000u64 {
                if !push(i) {
                    return;
                }
            }
        };
        // Uneven work so that later items often finish first.
        let judge =
            |i: u64| (0..(i % 97) * 50).fold(i, |a, b| a.wrapping_mul(31).wrapping_add(b)) ^ i ^ i;
        run_ordered(
            produce,
            64,
            |i| (i, judge(i)),
            |(i, _)| {
                out.push(i);
                Ok::<(), ()>(())
            },
        )
        .unwrap();
        assert_eq!(out, (0..10_000).collect::<Vec<_>>());
    }

    #[test]
    fn an_emit_error_stops_the_producer() {
        let mut produced = 0u64;
        let mut seen = 0;
        let result = run_ordered(
            |push: &mut dyn FnMut(u64) -> bool| {
                for i in 0..1_000_000 {
                    produced = i;
                    if !push(i) {
                        return;
                    }
                }
            },
            10,
            |i| i,
            |i| {
                seen += 1;
                if i == 25 { Err(i) } else { Ok(()) }
            },
        );
        assert_eq!(result, Err(25));
        assert_eq!(seen, 26);
        assert!(produced < 1_000, "producer went on to {produced}");
    }

    #[test]
    fn an_empty_source_emits_nothing() {
        let mut count = 0;
        run_ordered(
            |_: &mut dyn FnMut(u8) -> bool| {},
            8,
            |i| i,
            |_| {
                count += 1;
                Ok::<(), ()>(())
            },
        )
        .unwrap();
        assert_eq!(count, 0);
    }
}
