//! Shared by the tests that run the `xqarbiter` binary and read its JSON.

use std::process::Output;

/// The JSON a run printed, which must have succeeded.
pub fn json_of(out: &Output) -> serde_json::Value {
    assert_eq!(
        out.status.code(),
        Some(0),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}
