//! `isready` answered while the session is busy with work of its own (the
//! bridge's own search, which may take a quarter of a second, or an
//! engine's start-up and handshake after a crash or a restart): a GUI that
//! pings a searching engine with `isready` expects `readyok` at once, and
//! may take a late one for a dead engine.

use std::collections::VecDeque;
use std::io::{self, Write};
use std::sync::mpsc::Receiver;

use super::engine::SessionInput;
use super::log::{Direction, Log};

/// Where the session's inputs wait while it is busy, and where `readyok`
/// goes.
pub(crate) struct Busy<'a, W: Write> {
    /// The session's inputs.
    pub(crate) rx: &'a Receiver<SessionInput>,
    /// Inputs kept for the session to handle when it is free again.
    pub(crate) pending: &'a mut VecDeque<SessionInput>,
    /// No GUI line is held back for later (after a stopped search): an
    /// `isready` may be answered before the lines after it, not before
    /// those that came before it.
    pub(crate) in_order: bool,
    /// The GUI.
    pub(crate) out: &'a mut W,
    /// The conversation log.
    pub(crate) log: &'a mut Log,
}

impl<W: Write> Busy<'_, W> {
    /// Takes what arrived: see [`Busy::take`].
    pub(crate) fn answer_isready(&mut self) -> io::Result<()> {
        while let Ok(event) = self.rx.try_recv() {
            self.take(event)?;
        }
        Ok(())
    }

    /// Answers `event` if it is an `isready` from the GUI that no other
    /// GUI line waits before; keeps it in `pending` otherwise.
    pub(crate) fn take(&mut self, event: SessionInput) -> io::Result<()> {
        let waits = !self.in_order
            || self
                .pending
                .iter()
                .any(|e| matches!(e, SessionInput::Gui { .. } | SessionInput::GuiEof));
        match event {
            SessionInput::Gui { line, .. } if !waits && line.trim() == "isready" => {
                self.log.line(Direction::FromGui, &line);
                self.log.line(Direction::ToGui, "readyok");
                self.out.write_all(b"readyok\n")?;
                self.out.flush()
            }
            other => {
                self.pending.push_back(other);
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    /// When every test line arrived: one instant, so that lines compare
    /// by their text.
    static ARRIVED: std::sync::LazyLock<std::time::Instant> =
        std::sync::LazyLock::new(std::time::Instant::now);

    fn gui(line: &str) -> SessionInput {
        SessionInput::Gui {
            line: line.to_string(),
            at: *ARRIVED,
        }
    }

    /// Runs [`Busy::answer_isready`] on `arrived`, with `pending` already
    /// kept: what the GUI was told, and what is kept.
    fn busy(
        arrived: &[SessionInput],
        pending: &[SessionInput],
        in_order: bool,
    ) -> (String, Vec<SessionInput>) {
        let (tx, rx) = mpsc::channel();
        for e in arrived {
            tx.send(e.clone()).unwrap();
        }
        let mut pending: VecDeque<SessionInput> = pending.iter().cloned().collect();
        let mut out = Vec::new();
        let mut log = Log::off();
        Busy {
            rx: &rx,
            pending: &mut pending,
            in_order,
            out: &mut out,
            log: &mut log,
        }
        .answer_isready()
        .unwrap();
        (String::from_utf8(out).unwrap(), pending.into())
    }

    #[test]
    fn answers_isready_at_once_and_keeps_the_rest_in_order() {
        let engine = SessionInput::Engine {
            generation: 1,
            line: "info depth 3".into(),
        };
        let (said, kept) = busy(
            &[gui("isready"), engine.clone(), gui("isready ")],
            &[],
            true,
        );
        assert_eq!(said, "readyok\nreadyok\n");
        assert_eq!(kept, std::slice::from_ref(&engine));
        // A GUI line before it is answered first: the `isready` waits.
        let (said, kept) = busy(&[gui("stop"), gui("isready")], &[], true);
        assert_eq!(said, "");
        assert_eq!(kept, [gui("stop"), gui("isready")]);
        let (said, kept) = busy(&[gui("isready")], &[gui("position startpos")], true);
        assert_eq!(said, "");
        assert_eq!(kept.len(), 2);
        // Engine lines kept do not hold it back; GUI lines held elsewhere do.
        let (said, _) = busy(&[gui("isready")], &[engine], true);
        assert_eq!(said, "readyok\n");
        let (said, kept) = busy(&[gui("isready")], &[], false);
        assert_eq!(
            (said.as_str(), kept.as_slice()),
            ("", &[gui("isready")][..])
        );
    }
}
