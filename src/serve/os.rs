//! What `tessera serve` asks of the operating system at start: as many open files as it may
//! have (the soft limit raised to the hard one), and privacy for what it writes (files 0600,
//! folders 0700: a file-creation mask of 077, and the modes of what an earlier run left
//! tightened).

use std::path::Path;

/// Open files the server keeps for itself (listener, runtime, log, host key, data files
/// being written) besides its connections.
pub const RESERVED_FILES: u64 = 64;
/// Open files one game session holds: its socket and its autosave lock.
pub const FILES_PER_SESSION: u64 = 2;

/// Raises the open-file soft limit to the hard limit; returns the limit now in force
/// (`None` where there is none to know).
pub fn raise_open_files() -> Option<u64> {
    #[cfg(unix)]
    {
        use rustix::process::{getrlimit, setrlimit, Resource, Rlimit};
        let now = getrlimit(Resource::Nofile);
        if now.current.is_some() && now.current != now.maximum {
            let want = Rlimit {
                current: now.maximum,
                maximum: now.maximum,
            };
            if let Err(e) = setrlimit(Resource::Nofile, want) {
                tracing::warn!(error = %e, "cannot raise the open-file limit");
            }
        }
        // `None`: unlimited.
        Some(getrlimit(Resource::Nofile).current.unwrap_or(u64::MAX))
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// How many connections may wait to log in, given the open-file limit, the sessions allowed
/// and the number asked for (`--max-pending`): what the limit leaves, never more than asked.
pub fn pending_limit(open_files: Option<u64>, max_sessions: usize, asked: usize) -> usize {
    let Some(limit) = open_files else {
        return asked;
    };
    let spare = limit
        .saturating_sub(RESERVED_FILES)
        .saturating_sub(FILES_PER_SESSION.saturating_mul(max_sessions as u64));
    (spare.min(asked as u64) as usize).max(1)
}

/// Files made from now on are the owner's only (mode 0600, folders 0700).
pub fn private_files() {
    #[cfg(unix)]
    {
        rustix::process::umask(rustix::fs::Mode::from_raw_mode(0o077));
    }
}

/// Takes group and other permissions off everything under `dir` (and `dir`), as
/// [`private_files`] makes new files; symbolic links are not followed. Returns how many modes
/// were changed.
pub fn tighten(dir: &Path) -> usize {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mut changed = 0;
        let mut stack = vec![dir.to_path_buf()];
        while let Some(p) = stack.pop() {
            let Ok(meta) = std::fs::symlink_metadata(&p) else {
                continue;
            };
            if meta.file_type().is_symlink() {
                continue;
            }
            let mode = meta.permissions().mode();
            if mode & 0o077 != 0 {
                let tight = std::fs::Permissions::from_mode(mode & 0o7700);
                if std::fs::set_permissions(&p, tight).is_ok() {
                    changed += 1;
                }
            }
            if meta.is_dir() {
                if let Ok(rd) = std::fs::read_dir(&p) {
                    stack.extend(rd.filter_map(|e| e.ok().map(|e| e.path())));
                }
            }
        }
        changed
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_waiting_room_fits_in_the_open_files_left() {
        // 1024 files, 200 sessions of 2: 1024 - 64 - 400 = 560 spare.
        assert_eq!(pending_limit(Some(1024), 200, 256), 256);
        assert_eq!(pending_limit(Some(1024), 400, 256), 160);
        assert_eq!(pending_limit(Some(256), 200, 256), 1);
        assert_eq!(pending_limit(None, 200, 256), 256);
    }

    #[cfg(unix)]
    #[test]
    fn an_earlier_runs_files_are_made_private() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let sub = dir.path().join("players/k");
        std::fs::create_dir_all(&sub).unwrap();
        std::fs::write(sub.join("profile.toml"), "x").unwrap();
        for p in [dir.path().join("players"), sub.clone()] {
            std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        std::fs::set_permissions(
            sub.join("profile.toml"),
            std::fs::Permissions::from_mode(0o644),
        )
        .unwrap();
        assert!(tighten(dir.path()) >= 3);
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&sub), 0o700);
        assert_eq!(mode(&sub.join("profile.toml")), 0o600);
        assert_eq!(tighten(dir.path()), 0);
    }
}
