//! A deterministic, ordered, parallel pipeline with bounded memory.
//!
//! Work comes in sources (files), each of which yields a stream of results
//! (one row per game). Worker threads take the sources in order, one at a
//! time, and stream their results through a small bounded channel per source;
//! the calling thread drains the sources' channels in source order. So the
//! output order is the input order whatever the parallelism, reading and
//! judging both run in parallel across files, and at most `LOOKAHEAD` sources
//! of `PER_SOURCE` batches each wait in memory: a library of any size streams.

use std::sync::Mutex;
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::thread;

/// Results sent to the consumer together (fewer wake-ups than one by one).
const BATCH: usize = 64;
/// Batches buffered per source before its worker waits for the consumer.
const PER_SOURCE: usize = 4;
/// Sources started ahead of the one being consumed (beyond the workers').
const LOOKAHEAD: usize = 32;

/// Runs `work` over every item of `sources` on `threads` worker threads. `work`
/// gets a source and a sink; it pushes that source's results into the sink in
/// order, and stops early if the sink returns `false` (the consumer has quit).
/// `emit` receives all results, source after source, each source's in its own
/// order. The first error of `emit` stops the pipeline and is returned.
pub(crate) fn run_ordered<S, R, E, I, W, M>(
    sources: I,
    threads: usize,
    work: W,
    mut emit: M,
) -> Result<(), E>
where
    I: Iterator<Item = S> + Send,
    R: Send,
    W: Fn(S, &mut dyn FnMut(R) -> bool) + Sync,
    M: FnMut(R) -> Result<(), E>,
{
    let (order_tx, order_rx) = mpsc::sync_channel::<Receiver<Vec<R>>>(LOOKAHEAD);
    let queue = Mutex::new((sources, Some(order_tx)));
    // Takes the next source and registers its channel, both under the lock so
    // that channels reach the consumer in source order.
    let next = || -> Option<(S, SyncSender<Vec<R>>)> {
        let mut guard = queue.lock().ok()?;
        let (sources, order) = &mut *guard;
        let source = sources.next();
        let Some(source) = source else {
            *order = None; // no more sources: let the consumer's loop end
            return None;
        };
        let (tx, rx) = mpsc::sync_channel(PER_SOURCE);
        order.as_ref()?.send(rx).ok()?;
        Some((source, tx))
    };
    thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                while let Some((source, tx)) = next() {
                    let mut open = true;
                    let mut batch = Vec::with_capacity(BATCH);
                    work(source, &mut |r| {
                        batch.push(r);
                        if batch.len() == BATCH {
                            let full = std::mem::replace(&mut batch, Vec::with_capacity(BATCH));
                            open = open && tx.send(full).is_ok();
                        }
                        open
                    });
                    if !open || (!batch.is_empty() && tx.send(batch).is_err()) {
                        return;
                    }
                }
            });
        }
        for rx in order_rx {
            for batch in rx {
                for r in batch {
                    emit(r)?;
                }
            }
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Uneven work so that later items often finish first.
    fn busy(i: u64) -> u64 {
        (0..(i % 97) * 50).fold(i, |a, b| a.wrapping_mul(31).wrapping_add(b))
    }

    #[test]
    fn results_come_out_in_source_order() {
        let mut out = Vec::new();
        // Source k yields k % 7 results (some sources yield none).
        let work = |k: u64, sink: &mut dyn FnMut((u64, u64, u64)) -> bool| {
            for j in 0..k % 7 {
                if !sink((k, j, busy(k * 7 + j))) {
                    return;
                }
            }
        };
        run_ordered(0..3000u64, 4, work, |(k, j, _)| {
            out.push((k, j));
            Ok::<(), ()>(())
        })
        .unwrap();
        let expected: Vec<(u64, u64)> = (0..3000u64)
            .flat_map(|k| (0..k % 7).map(move |j| (k, j)))
            .collect();
        assert_eq!(out, expected);
    }

    #[test]
    fn an_emit_error_stops_the_workers() {
        let mut seen = 0;
        let result = run_ordered(
            0..u64::MAX,
            2,
            |k, sink: &mut dyn FnMut(u64) -> bool| {
                sink(k);
            },
            |k| {
                seen += 1;
                if k == 25 { Err(k) } else { Ok(()) }
            },
        );
        assert_eq!(result, Err(25));
        assert_eq!(seen, 26);
    }

    #[test]
    fn no_sources_emit_nothing() {
        let mut count = 0;
        run_ordered(
            std::iter::empty::<u8>(),
            2,
            |_, _: &mut dyn FnMut(u8) -> bool| {},
            |_| {
                count += 1;
                Ok::<(), ()>(())
            },
        )
        .unwrap();
        assert_eq!(count, 0);
    }
}
