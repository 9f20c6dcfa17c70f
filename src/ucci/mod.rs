//! UCCI front end: a referee engine that speaks UCCI 3.0 on its own, and a
//! bridge that puts a real engine (UCCI or UCI) behind it and keeps it inside
//! the rules by banning the moves the referee forbids.
//!
//! - [`protocol`]: the GUI's command lines.
//! - [`dialect`]: what differs between UCCI and UCI engines.
//! - [`engine`]: the child process.
//! - [`bridge`]: the engine's settings, handshake and options.
//! - [`game`]: the position the GUI gave, replayed.
//! - [`judge`]: the calls into the referee.
//! - [`session`]: the loop that ties them together.
//! - [`log`]: the conversation log.

pub mod bridge;
pub mod dialect;
pub mod engine;
mod game;
pub mod judge;
pub mod log;
pub mod protocol;
pub mod session;
