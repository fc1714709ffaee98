//! Helpers shared by the tests that run `tessera serve` (`serve_ssh`, `serve_limits`,
//! `serve_load`): each includes this file as a module of its own and uses part of it.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

/// Whether `cmd arg` can be started.
pub fn have(cmd: &str, arg: &str) -> bool {
    Command::new(cmd)
        .arg(arg)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok()
}

/// Makes an ed25519 key without a passphrase at `path` (commented with the file's name).
pub fn keygen(path: &Path) -> PathBuf {
    let comment = path.file_name().unwrap_or_default().to_string_lossy();
    let st = Command::new("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", "", "-C", &comment, "-f"])
        .arg(path)
        .status()
        .expect("ssh-keygen");
    assert!(st.success());
    path.to_path_buf()
}

/// Reads a started `tessera serve`'s standard output (piped) up to the line that says where
/// it listens and returns the port; the rest is read on a thread of its own (so the server
/// never blocks on a full pipe) and each line handed to `line`.
pub fn listening_port(server: &mut Child, mut line: impl FnMut(&str) + Send + 'static) -> u16 {
    let mut out = BufReader::new(server.stdout.take().expect("stdout piped"));
    let mut text = String::new();
    let mut port = 0;
    while out.read_line(&mut text).unwrap_or(0) > 0 {
        if let Some(rest) = text.trim().strip_prefix("tessera serve: listening on ") {
            port = rest.rsplit(':').next().unwrap().parse().unwrap();
            break;
        }
        text.clear();
    }
    assert!(port > 0, "the server said where it listens");
    std::thread::spawn(move || {
        let mut text = String::new();
        while out.read_line(&mut text).unwrap_or(0) > 0 {
            line(&text);
            text.clear();
        }
    });
    port
}
