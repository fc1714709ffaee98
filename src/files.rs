//! Reading and writing the text files a person may edit (records, the configuration, themes):
//! reads that say where a file stops being UTF-8, and saves that never leave a half-written
//! file, follow symlinks and keep the file's permissions.
//!
//! A save writes a temporary file next to the target and renames it over the target (the
//! `tempfile` crate's `persist`). The temporary file is named `.NAME.XXXXXX.tessera.tmp` and is
//! locked while it is written (`fs4`'s advisory locks: `flock` on Unix, `LockFileEx` on Windows);
//! a process killed in the middle leaves it behind unlocked, and the
//! next save into that directory removes every such file nobody holds a lock on (and the
//! `.NAME.PID-N.tmp` files of earlier versions).

use fs4::{FileExt, TryLockError};
use std::fmt;
use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// A place in a text: 1-based line and 1-based column, in characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Location {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters (not bytes).
    pub column: usize,
}

impl Location {
    /// The location of byte `offset` in `text` (an offset past the end means the end; one
    /// inside a character means that character).
    ///
    /// Written here rather than taken from a crate: the `toml` crate gives byte spans only (its
    /// own line numbers live inside its error text), and a line-index crate for three calls on
    /// small files would be a dependency larger than these lines.
    pub fn of(text: &str, offset: usize) -> Location {
        let mut end = offset.min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let before = &text[..end];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        Location {
            line: before.matches('\n').count() + 1,
            column: before[line_start..].chars().count() + 1,
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// Why a text file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file could not be opened or read.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// The file is not UTF-8 text.
    #[error("{at}: byte 0x{byte:02x} is not UTF-8 text (save the file as UTF-8)")]
    NotUtf8 {
        /// Where the first byte that is not UTF-8 stands.
        at: Location,
        /// That byte.
        byte: u8,
    },
}

/// Reads a whole file as UTF-8 text; a file that is not says where its first bad byte is.
pub fn read_text(path: &Path) -> Result<String, ReadError> {
    let bytes = std::fs::read(path)?;
    String::from_utf8(bytes).map_err(|e| {
        let valid = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        let prefix = std::str::from_utf8(&bytes[..valid]).expect("valid up to here");
        ReadError::NotUtf8 {
            at: Location::of(prefix, valid),
            byte: bytes[valid],
        }
    })
}

/// The suffix of our temporary files.
const TEMP_SUFFIX: &str = ".tessera.tmp";

/// Writes `bytes` to `path` atomically: a temporary file in the target's directory, flushed to
/// disk, then renamed over the target. A symlink is written through (the file replaced is the
/// link's final target, the link stays); an existing target keeps its permissions (a new one
/// gets the default ones). Stale temporary files of earlier, killed saves in that directory are
/// removed first. On failure the temporary file is removed and the target is left as it was.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_retrying(path, bytes, Replace::Yes)
}

/// Writes `bytes` to a new file at `path` as [`write_atomically`] does, but never replaces a
/// file: when `path` exists (or appears meanwhile) the error is
/// [`io::ErrorKind::AlreadyExists`] and nothing changes (the rename itself refuses to replace).
pub fn write_new_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_retrying(path, bytes, Replace::No)
}

/// Whether a save may replace an existing file.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Replace {
    Yes,
    No,
}

fn write_retrying(path: &Path, bytes: &[u8], replace: Replace) -> io::Result<()> {
    // A concurrent save may take our temporary file for a stale one in the instant between its
    // creation and its lock; the rename then finds it gone, and trying again is safe.
    let mut tries = 0;
    loop {
        match write_once(path, bytes, replace) {
            Err(e) if e.kind() == io::ErrorKind::NotFound && tries < 2 => tries += 1,
            result => return result,
        }
    }
}

/// Waits for and takes an exclusive lock that stands for `path` (on `.NAME.lock` beside it: the
/// file itself is replaced by each atomic save, so it cannot carry the lock), for a read, change
/// and save of the file that must not interleave with another process's. The lock lasts as long
/// as the returned file is open; the lock file stays behind, empty.
pub fn lock_beside(path: &Path) -> io::Result<File> {
    let (target, name) = target_and_name(path)?;
    let lock = target.with_file_name(format!(".{name}.lock"));
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(lock)?;
    FileExt::lock(&file)?;
    Ok(file)
}

/// The file `path` stands for (symlinks followed) and its file name.
fn target_and_name(path: &Path) -> io::Result<(PathBuf, String)> {
    let target = follow_links(path)?;
    let name = target
        .file_name()
        .ok_or_else(|| io::Error::other("the path names no file"))?
        .to_string_lossy()
        .into_owned();
    Ok((target, name))
}

/// The error without the temporary file's name that `tempfile` appends when it cannot create
/// the file ("… at path \"/dir/.game.toml.x1Y2z3.tessera.tmp\""): the user saved `game.toml`,
/// and that is the name the caller's message gives. (`tempfile` keeps the original error only
/// inside its message, so the message is cut.)
fn without_temp_path(e: io::Error) -> io::Error {
    let text = e.to_string();
    match text.split_once(" at path \"") {
        Some((plain, _)) => io::Error::new(e.kind(), plain.to_string()),
        None => e,
    }
}

fn write_once(path: &Path, bytes: &[u8], replace: Replace) -> io::Result<()> {
    let (target, name) = target_and_name(path)?;
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    remove_stale_temp_files(&dir);
    let existing = std::fs::metadata(&target).ok();
    if existing.as_ref().is_some_and(|m| m.is_dir()) {
        return Err(io::Error::other("it is a directory"));
    }
    if replace == Replace::No && existing.is_some() {
        return Err(io::Error::from(io::ErrorKind::AlreadyExists));
    }
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(TEMP_SUFFIX);
    #[cfg(unix)]
    {
        // A new file gets what a plain create would give (0666 less the umask), not the
        // owner-only mode tempfile uses by default.
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let tmp = builder.tempfile_in(&dir).map_err(without_temp_path)?;
    // Held until the file is renamed: tells a concurrent save that this one is alive.
    FileExt::try_lock(tmp.as_file()).map_err(|e| match e {
        TryLockError::Error(e) => e,
        TryLockError::WouldBlock => io::Error::other("the temporary file is locked"),
    })?;
    if let Some(meta) = &existing {
        tmp.as_file().set_permissions(meta.permissions())?;
    }
    // Through the plain file: `NamedTempFile`'s own writes add its name to errors.
    tmp.as_file().write_all(bytes)?;
    tmp.as_file().sync_all()?;
    match replace {
        Replace::Yes => tmp.persist(&target).map_err(|e| e.error)?,
        Replace::No => tmp.persist_noclobber(&target).map_err(|e| e.error)?,
    };
    // Make the rename itself durable where directories can be opened and synced.
    if let Ok(d) = File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// The file a save to `path` replaces: `path` itself, or the final target of a symlink chain
/// (which need not exist yet).
fn follow_links(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&current) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = std::fs::read_link(&current)?;
                current = match current.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
            }
            _ => return Ok(current),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// Whether `name` is one of our temporary files: `.X.XXXXXX.tessera.tmp`, or `.X.PID-N.tmp`
/// as earlier versions named them.
fn is_our_temp_name(name: &str) -> bool {
    if !name.starts_with('.') {
        return false;
    }
    if name.ends_with(TEMP_SUFFIX) {
        return true;
    }
    let Some(stem) = name.strip_suffix(".tmp") else {
        return false;
    };
    let Some((_, tail)) = stem.rsplit_once('.') else {
        return false;
    };
    tail.split_once('-').is_some_and(|(pid, n)| {
        [pid, n]
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
    })
}

/// Removes the temporary files of saves that were killed: ours by name, and not locked (a save
/// in progress holds its lock).
fn remove_stale_temp_files(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        if !is_our_temp_name(name) || !entry.file_type().is_ok_and(|t| t.is_file()) {
            continue;
        }
        let path = entry.path();
        let Ok(file) = File::open(&path) else {
            continue;
        };
        if FileExt::try_lock(&file).is_ok() {
            let _ = std::fs::remove_file(&path);
        }
    }
}

#[cfg(test)]
pub(crate) mod tests;
