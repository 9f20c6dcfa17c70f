//! Shared by the UCCI tests: drive a UCCI program as a GUI would, and find
//! Fairy-Stockfish.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

/// The xqarbiter binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_xqarbiter");

/// A generous bound on any single wait; the programs never need this long.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// CXA-图17 from the public cases: after one cycle, Red's natural move b7b8 repeats.
pub const FIG17: &str =
    "position fen 1R3a3/3ka4/bRr4r1/p3p3P/4c4/6B2/9/3A5/9/4KA3 w - - 0 1 moves b7b8 d8d7 b8b7 d7d8";
/// CXA-图20 from the public cases: after one cycle, Red's natural move b6a8 repeats.
pub const FIG20: &str = "position fen C3kab2/4a4/4b4/RNr3p1p/9/3pp1P2/P7P/4B4/3cA4/3AK1B2 w - - 0 1 moves b6a8 c6c8 a8b6 c8c6";

/// A perpetual check (README's example): after one cycle Red's f0e0 repeats
/// it, which every profile forbids.
pub const PERPETUAL: &str =
    "position fen 2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1 moves f0e0 e8f8 e0f0 f8e8";
/// [`PERPETUAL`] with ranks 1–10, as Fairy-Stockfish's UCI writes them.
pub const PERPETUAL_FROM_ONE: &str =
    "position fen 2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w - - 0 1 moves f1e1 e9f9 e1f1 f9e9";

/// A program spoken to over its stdin and stdout.
pub struct Gui {
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<String>,
    /// Every line received so far.
    pub transcript: Vec<String>,
}

impl Gui {
    /// Starts `program args…`.
    pub fn start(program: &str, args: &[&str]) -> Gui {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start the program");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Gui {
            child,
            stdin,
            rx,
            transcript: Vec::new(),
        }
    }

    /// Starts `xqarbiter ucci args…`.
    pub fn xqarbiter(args: &[&str]) -> Gui {
        let mut all = vec!["ucci"];
        all.extend_from_slice(args);
        Gui::start(BIN, &all)
    }

    /// Sends `ucci` and waits for `ucciok`.
    pub fn handshake(&mut self) {
        self.send("ucci");
        self.until(|l| l == "ucciok");
    }

    /// Sends `uci` and waits for `uciok`; returns the lines before it.
    pub fn uci_handshake(&mut self) -> Vec<String> {
        self.send("uci");
        self.until(|l| l == "uciok")
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").expect("write to the program");
        stdin.flush().expect("flush");
    }

    /// Sends raw bytes (for input that is not UTF-8).
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write to the program");
        stdin.flush().expect("flush");
    }

    /// Closes the program's input.
    pub fn close(&mut self) {
        self.stdin = None;
    }

    /// Reads lines until one satisfies `done`; returns the lines read (that one last).
    pub fn until(&mut self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let until = Instant::now() + PATIENCE;
        let mut lines = Vec::new();
        loop {
            let left = until.saturating_duration_since(Instant::now());
            match self.rx.recv_timeout(left) {
                Ok(line) => {
                    self.transcript.push(line.clone());
                    lines.push(line.clone());
                    if done(&line) {
                        return lines;
                    }
                }
                Err(_) => panic!(
                    "no expected line; transcript:\n{}",
                    self.transcript.join("\n")
                ),
            }
        }
    }

    /// Sends `isready` while a search runs, whose answer must not come
    /// first: returns the lines before `readyok`.
    #[track_caller]
    pub fn ready_while_searching(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines =
            self.until(|l| l == "readyok" || l.starts_with("bestmove") || l == "nobestmove");
        assert_eq!(
            lines.pop().as_deref(),
            Some("readyok"),
            "the search ended before readyok: {lines:?}"
        );
        lines
    }

    /// Reads until a line starting with `prefix` and returns it with the lines before.
    pub fn until_prefix(&mut self, prefix: &str) -> Vec<String> {
        self.until(|l| l.starts_with(prefix))
    }

    /// Reads until `bestmove` or `nobestmove`; returns all lines and the move
    /// (if any: not for UCI's `bestmove (none)`).
    pub fn search(&mut self) -> (Vec<String>, Option<String>) {
        let lines = self.until(|l| l.starts_with("bestmove") || l == "nobestmove");
        let mv = lines
            .last()
            .and_then(|l| l.strip_prefix("bestmove "))
            .and_then(|r| r.split_whitespace().next())
            .filter(|m| *m != "(none)")
            .map(str::to_string);
        (lines, mv)
    }

    /// Waits for the program to exit and returns whether it succeeded.
    pub fn wait(&mut self) -> bool {
        self.close();
        let until = Instant::now() + PATIENCE;
        while Instant::now() < until {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.success();
            }
            thread::sleep(Duration::from_millis(10));
        }
        panic!("the program did not exit");
    }
}

impl Drop for Gui {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A fake UCCI engine: handshake and readyok, then `on_go` when asked to search.
pub fn fake(on_go: &str) -> String {
    format!(
        "sh -c 'while read l; do case \"$l\" in ucci) echo ucciok;; isready) echo readyok;; go*) {on_go};; quit) exit 0;; esac; done'"
    )
}

/// Fairy-Stockfish's path, or `None` with a printed note (a failure when
/// `XQARBITER_REQUIRE_ENGINE=1`).
pub fn engine() -> Option<String> {
    installed("fairy-stockfish")
}

/// Sjaak II's path (Debian's `sjaakii`), or `None` with a printed note (a
/// failure when `XQARBITER_REQUIRE_ENGINE=1`).
pub fn sjaak() -> Option<String> {
    installed("sjaakii")
}

/// The path of the engine `name`, in `/usr/games` (where Debian puts it) or
/// on PATH; `None` with a printed note, or a failure when
/// `XQARBITER_REQUIRE_ENGINE=1`.
fn installed(name: &str) -> Option<String> {
    let fixed = Path::new("/usr/games").join(name);
    if fixed.exists() {
        return Some(fixed.display().to_string());
    }
    let on_path = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|p| p.join(name))
            .find(|p| p.exists())
    });
    if let Some(p) = on_path {
        return Some(p.display().to_string());
    }
    if std::env::var("XQARBITER_REQUIRE_ENGINE").as_deref() == Ok("1") {
        panic!("{name} is required (XQARBITER_REQUIRE_ENGINE=1) but was not found");
    }
    eprintln!("note: {name} not found; skipping this engine test");
    None
}

/// The text of the messages among `lines`: `info message` (UCCI) or
/// `info string` (UCI) lines; which form each protocol gets is checked by
/// `messages_are_info_message_in_ucci_and_info_string_in_uci`.
pub fn info_strings(lines: &[String]) -> Vec<&str> {
    lines
        .iter()
        .filter_map(|l| {
            l.strip_prefix("info message ")
                .or_else(|| l.strip_prefix("info string "))
        })
        .collect()
}

/// The first move of each `info … pv` line the GUI was shown, in order.
pub fn pv_firsts(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter(|l| {
            l.starts_with("info ")
                && !l.starts_with("info string")
                && !l.starts_with("info message")
        })
        .filter_map(|l| l.split(" pv ").nth(1))
        .filter_map(|pv| pv.split_whitespace().next())
        .map(str::to_string)
        .collect()
}

/// The `ponder` move of a search's `bestmove` line, if it has one.
pub fn ponder_of(lines: &[String]) -> Option<String> {
    let last = lines.last()?.strip_prefix("bestmove ")?;
    let mut words = last.split_whitespace();
    words.find(|&w| w == "ponder")?;
    words.next().map(str::to_string)
}

/// Whether one of the `info string` lines among `lines` satisfies `pred`.
pub fn has_info(lines: &[String], pred: impl Fn(&str) -> bool) -> bool {
    info_strings(lines).into_iter().any(pred)
}

/// Each ponder or endless search a GUI may start, with the line that ends it.
const ENDED_WHEN_TOLD: [(&str, &str); 4] = [
    ("go ponder time 1000 increment 0", "ponderhit"),
    ("go ponder time 1000 increment 0", "stop"),
    ("go infinite", "stop"),
    ("go ponder", "stop"),
];

/// Starts each ponder or endless search on the finished game `gui` stands
/// at: the game over is said at once, `readyok` comes before any answer,
/// `meanwhile` runs, and the line that ends the search gets a bare
/// `nobestmove`.
#[track_caller]
pub fn finished_game_searches_end_when_told(gui: &mut Gui, meanwhile: impl Fn(&mut Gui)) {
    for (go, end) in ENDED_WHEN_TOLD {
        gui.send(go);
        let lines = gui.ready_while_searching();
        assert!(
            has_info(&lines, |l| l.starts_with("game over")),
            "{go}: {lines:?}"
        );
        meanwhile(gui);
        gui.send(end);
        let (lines, mv) = gui.search();
        assert_eq!(
            (lines.as_slice(), mv),
            (&["nobestmove".to_string()][..], None),
            "{go}"
        );
    }
}
