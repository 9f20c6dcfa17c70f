//! The engine child process: piped stdio, a reader thread that turns its
//! output into [`SessionInput`]s on the session's channel (so reads can time out),
//! and a kill that always reaps it (in the background: reaping an engine
//! killed in a search can take tens of milliseconds, while it frees its
//! hash, and the session answers the GUI meanwhile).

use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::Sender;
use std::thread;
use std::time::{Duration, Instant};

use crate::words::Words;

/// Something that happened on one of the session's inputs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum SessionInput {
    /// A line from the GUI.
    Gui {
        /// The line, without its end.
        line: String,
        /// When it arrived: the GUI's clock for a `go` or `ponderhit` runs
        /// from then, however long the session was busy before handling it.
        at: Instant,
    },
    /// The GUI closed its end.
    GuiEof,
    /// A line from engine process number `generation`.
    Engine {
        /// Which start of the engine wrote it (lines of a dead engine are ignored).
        generation: u64,
        /// The line, without its end.
        line: String,
    },
    /// Engine process number `generation` closed its output (exited or crashed).
    EngineEof {
        /// Which start of the engine ended.
        generation: u64,
    },
}

/// A running engine process.
#[derive(Debug)]
pub(crate) struct Engine {
    /// The process; taken only when the engine is dropped.
    child: Option<Child>,
    stdin: ChildStdin,
    generation: u64,
}

/// Splits an engine command line into the program and its arguments;
/// single or double quotes group words. An empty command or an unpaired
/// quote is an error, in both languages.
pub fn split_command(text: &str) -> Result<Vec<String>, Words> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in text.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if let Some(q) = quote {
        return Err(Words::new(
            format!("engine command '{text}': unclosed {q} quote"),
            format!("引擎命令“{text}”中的引号 {q} 没有配对"),
        ));
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        return Err(Words::new("engine command is empty", "引擎命令为空"));
    }
    Ok(words)
}

/// Why `command` (program then arguments) could not be started, given the
/// error of [`Engine::spawn`]: what, where and why, in words a person can
/// act on rather than the system's (`No such file or directory (os error
/// 2)`).
pub(crate) fn start_failure(command: &[String], e: &io::Error) -> Words {
    use io::ErrorKind as Io;
    let program = command.first().map_or("", String::as_str);
    let path = std::path::Path::new(program);
    let has_folder = program.contains(std::path::MAIN_SEPARATOR) || program.contains('/');
    let why = match e.kind() {
        Io::NotFound if !has_folder && path.is_file() => Words::new(
            format!(
                "no program of that name on the PATH; to run the file in this folder, write ./{program}"
            ),
            format!("PATH 中没有这个名字的程序；要运行当前文件夹中的这个文件，应写 ./{program}"),
        ),
        Io::NotFound if !has_folder => Words::new(
            "no program of that name on the PATH",
            "PATH 中没有这个名字的程序",
        ),
        Io::NotFound if path.exists() => Words::new(
            "the file exists, but what it needs to run does not \
             (the interpreter its #! line names, or its loader)",
            "文件存在，但运行它所需的程序不存在（其 #! 行指定的解释器，或其加载器）",
        ),
        Io::NotFound => Words::new("the file does not exist", "文件不存在"),
        Io::PermissionDenied if path.is_dir() => {
            Words::new("it is a folder, not a program", "这是文件夹，不是程序")
        }
        Io::PermissionDenied => Words::new(
            format!("the file may not be run: it has no execute permission (chmod +x {program})"),
            format!("文件不能运行：没有执行权限（chmod +x {program}）"),
        ),
        _ => Words::new(
            format!("the system cannot run it: {e}"),
            format!("系统无法运行它（{e}）"),
        ),
    };
    why.prefixed(
        &format!("cannot start '{}'", command.join(" ")),
        &format!("无法启动“{}”", command.join(" ")),
    )
}

impl Engine {
    /// Starts `command` (program then arguments); its output lines arrive on
    /// `events` tagged with `generation`.
    pub(crate) fn spawn(
        command: &[String],
        generation: u64,
        events: Sender<SessionInput>,
    ) -> io::Result<Engine> {
        let (program, args) = command
            .split_first()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "empty engine command"))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(io::Error::other("engine pipes were not created"));
        };
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf).trim_end().to_string();
                        if events
                            .send(SessionInput::Engine { generation, line })
                            .is_err()
                        {
                            return;
                        }
                    }
                }
            }
            let _ = events.send(SessionInput::EngineEof { generation });
        });
        Ok(Engine {
            child: Some(child),
            stdin,
            generation,
        })
    }

    /// The process.
    fn child(&mut self) -> &mut Child {
        self.child
            .as_mut()
            .expect("the process until the engine is dropped")
    }

    /// Which start of the engine this is.
    pub(crate) fn generation(&self) -> u64 {
        self.generation
    }

    /// The process id.
    pub(crate) fn id(&self) -> u32 {
        self.child
            .as_ref()
            .expect("the process until the engine is dropped")
            .id()
    }

    /// Whether the process is still running.
    pub(crate) fn is_alive(&mut self) -> bool {
        matches!(self.child().try_wait(), Ok(None))
    }

    /// Writes one line and flushes.
    pub(crate) fn send(&mut self, line: &str) -> io::Result<()> {
        self.send_lines(&[line])
    }

    /// Writes lines in a single write (one wake-up for the engine) and flushes.
    pub(crate) fn send_lines(&mut self, lines: &[&str]) -> io::Result<()> {
        let mut buf = String::with_capacity(lines.iter().map(|l| l.len() + 1).sum());
        for l in lines {
            buf.push_str(l);
            buf.push('\n');
        }
        self.stdin.write_all(buf.as_bytes())?;
        self.stdin.flush()
    }

    /// Sends `quit` and gives the engine `grace` to exit before killing it.
    pub(crate) fn quit(mut self, grace: Duration) {
        let _ = self.send("quit");
        let start = Instant::now();
        while start.elapsed() < grace {
            if let Ok(Some(_)) = self.child().try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let Some(mut child) = self.child.take() else {
            return;
        };
        if let Ok(None) = child.try_wait() {
            let _ = child.kill();
            thread::spawn(move || {
                let _ = child.wait();
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_commands_with_quotes() {
        assert_eq!(
            split_command("sh -c 'echo hi; exit 1'").unwrap(),
            vec!["sh", "-c", "echo hi; exit 1"]
        );
        assert_eq!(split_command(" a  \"b c\" ").unwrap(), vec!["a", "b c"]);
        assert!(split_command("  ").is_err());
        assert!(split_command("a 'b").is_err());
    }

    /// The start failures a user meets, each in words, from real spawns.
    #[test]
    fn start_failures_say_what_where_and_why_in_words() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        let plain = dir.join("engine.txt");
        std::fs::write(&plain, "not a program\n").unwrap();
        let why = |command: &[&str]| {
            let command: Vec<String> = command.iter().map(|w| w.to_string()).collect();
            let (tx, _rx) = std::sync::mpsc::channel();
            let e = Engine::spawn(&command, 1, tx).expect_err("cannot start");
            start_failure(&command, &e).en
        };
        let missing = dir.join("nosuch");
        let missing = missing.to_str().unwrap();
        let (tx, _rx) = std::sync::mpsc::channel();
        let command = vec![missing.to_string()];
        let e = Engine::spawn(&command, 1, tx).expect_err("cannot start");
        assert_eq!(
            start_failure(&command, &e).zh,
            format!("无法启动“{missing}”：文件不存在")
        );
        assert_eq!(
            why(&[missing, "--flag"]),
            format!("cannot start '{missing} --flag': the file does not exist")
        );
        assert_eq!(
            why(&["xq-no-such-engine"]),
            "cannot start 'xq-no-such-engine': no program of that name on the PATH"
        );
        let folder = dir.to_str().unwrap();
        assert_eq!(
            why(&[folder]),
            format!("cannot start '{folder}': it is a folder, not a program")
        );
        let plain = plain.to_str().unwrap();
        assert_eq!(
            why(&[plain]),
            format!(
                "cannot start '{plain}': the file may not be run: it has no execute \
                 permission (chmod +x {plain})"
            )
        );
    }

    #[test]
    fn reports_lines_and_exit() {
        let (tx, rx) = std::sync::mpsc::channel();
        let cmd = split_command("sh -c 'read x; echo got $x'").unwrap();
        let mut e = Engine::spawn(&cmd, 7, tx).unwrap();
        e.send("ping").unwrap();
        let t = Duration::from_secs(10);
        assert_eq!(
            rx.recv_timeout(t).unwrap(),
            SessionInput::Engine {
                generation: 7,
                line: "got ping".into()
            }
        );
        assert_eq!(
            rx.recv_timeout(t).unwrap(),
            SessionInput::EngineEof { generation: 7 }
        );
    }
}
