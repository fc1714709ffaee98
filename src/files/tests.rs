use super::*;

/// A fresh, empty directory for a test (named after it and this process).
pub(crate) fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tessera-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The names in a directory, sorted.
pub(crate) fn dir_entries(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn locations_count_lines_and_characters() {
    let text = "ab\ncé d\nx";
    let at = |o| {
        let l = Location::of(text, o);
        (l.line, l.column)
    };
    assert_eq!(at(0), (1, 1));
    assert_eq!(at(3), (2, 1));
    assert_eq!(at(6), (2, 3)); // after 'é' (two bytes)
    assert_eq!(at(5), (2, 2)); // inside 'é': that character
    assert_eq!(at(9), (3, 1));
    assert_eq!(at(99), (3, 2));
    assert_eq!(Location::of(text, 3).to_string(), "line 2, column 1");
}

#[test]
fn a_file_that_is_not_utf8_says_where() {
    let dir = temp_dir("utf8");
    let path = dir.join("bad.toml");
    std::fs::write(&path, b"a = 1\nname = \"caf\xc3\xa9 \xff\"\n").unwrap();
    let e = read_text(&path).unwrap_err();
    assert!(
        matches!(
            e,
            ReadError::NotUtf8 {
                at: Location {
                    line: 2,
                    column: 14
                },
                byte: 0xff
            }
        ),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "line 2, column 14: byte 0xff is not UTF-8 text (save the file as UTF-8)"
    );
    std::fs::write(&path, "ok ✓").unwrap();
    assert_eq!(read_text(&path).unwrap(), "ok ✓");
    assert!(matches!(
        read_text(&dir.join("missing")),
        Err(ReadError::Io(_))
    ));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn saves_replace_the_file_and_leave_no_temporary_file() {
    let dir = temp_dir("atomic");
    let path = dir.join("autosave.toml");
    write_atomically(&path, b"first").unwrap();
    write_atomically(&path, b"second").unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "second");
    assert_eq!(dir_entries(&dir), vec!["autosave.toml"]);
    // A target that cannot be replaced (a directory): the error is reported, the directory
    // is untouched and no temporary file remains.
    let blocker = dir.join("blocker");
    std::fs::create_dir(&blocker).unwrap();
    std::fs::write(blocker.join("inside"), b"keep").unwrap();
    assert!(write_atomically(&blocker, b"x").is_err());
    assert_eq!(dir_entries(&dir), vec!["autosave.toml", "blocker"]);
    assert_eq!(std::fs::read(blocker.join("inside")).unwrap(), b"keep");
    assert!(write_atomically(&dir.join("no/such/dir/x.toml"), b"x").is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn stale_temporary_files_are_removed_by_the_next_save() {
    let dir = temp_dir("stale");
    // What killed saves leave: this version's names and the earlier ones.
    let stale = [
        ".game.toml.a1B2c3.tessera.tmp",
        ".game.toml.4242-0.tmp",
        ".other.toml.XyZ123.tessera.tmp",
    ];
    for s in stale {
        std::fs::write(dir.join(s), b"half a rec").unwrap();
    }
    // Not ours: kept.
    let foreign = [
        ".hidden.tmp",
        "notes.tmp",
        ".x.12-ab.tmp",
        "game.toml.1-2.tmp",
    ];
    for f in foreign {
        std::fs::write(dir.join(f), b"keep").unwrap();
    }
    // A save in progress holds a lock on its temporary file: kept too.
    let live = dir.join(".live.toml.QQQQQQ.tessera.tmp");
    let held = File::create(&live).unwrap();
    fs4::FileExt::lock(&held).unwrap();
    write_atomically(&dir.join("game.toml"), b"whole").unwrap();
    let mut expected: Vec<String> = foreign.iter().map(|s| s.to_string()).collect();
    expected.push(".live.toml.QQQQQQ.tessera.tmp".into());
    expected.push("game.toml".into());
    expected.sort();
    assert_eq!(dir_entries(&dir), expected);
    drop(held);
    write_atomically(&dir.join("game.toml"), b"again").unwrap();
    assert!(!live.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn saves_write_through_symlinks_and_keep_permissions() {
    use std::os::unix::fs::{symlink, PermissionsExt};
    let dir = temp_dir("links");
    let real_dir = dir.join("real");
    std::fs::create_dir(&real_dir).unwrap();
    let target = real_dir.join("game.toml");
    std::fs::write(&target, b"old").unwrap();
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o600)).unwrap();
    // A relative link, and a link to that link.
    let link = dir.join("link.toml");
    symlink("real/game.toml", &link).unwrap();
    let link2 = dir.join("link2.toml");
    symlink(&link, &link2).unwrap();
    write_atomically(&link2, b"new").unwrap();
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    assert!(std::fs::symlink_metadata(&link2).unwrap().is_symlink());
    assert_eq!(std::fs::read(&target).unwrap(), b"new");
    let mode = std::fs::metadata(&target).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    assert_eq!(dir_entries(&real_dir), vec!["game.toml"]);
    // A dangling link: the file is created where it points.
    let dangling = dir.join("new.toml");
    symlink("real/fresh.toml", &dangling).unwrap();
    write_atomically(&dangling, b"fresh").unwrap();
    assert_eq!(
        std::fs::read(real_dir.join("fresh.toml")).unwrap(),
        b"fresh"
    );
    // A new file gets what a plain create gives (0666 less the umask), not the temporary
    // file's owner-only mode.
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    std::fs::write(dir.join("plain"), b"").unwrap();
    assert_eq!(mode(&real_dir.join("fresh.toml")), mode(&dir.join("plain")));
    // A loop of links is an error, not a hang.
    symlink(dir.join("loop-b"), dir.join("loop-a")).unwrap();
    symlink(dir.join("loop-a"), dir.join("loop-b")).unwrap();
    assert!(write_atomically(&dir.join("loop-a"), b"x").is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_lock_beside_a_file_is_held_until_dropped() {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("komi.toml");
    let held = lock_beside(&table).unwrap();
    let lock_file = dir.path().join(".komi.toml.lock");
    let other = File::open(&lock_file).unwrap();
    assert!(matches!(
        fs4::FileExt::try_lock(&other),
        Err(fs4::TryLockError::WouldBlock)
    ));
    drop(held);
    fs4::FileExt::try_lock(&other).unwrap();
    // The lock does not create or touch the file it stands for.
    assert!(!table.exists());
}

#[test]
fn a_new_file_is_written_once_and_never_replaced() {
    let dir = temp_dir("noclobber");
    let path = dir.join("game.toml");
    write_new_atomically(&path, b"first").unwrap();
    let e = write_new_atomically(&path, b"second").unwrap_err();
    assert_eq!(e.kind(), io::ErrorKind::AlreadyExists, "{e}");
    assert_eq!(std::fs::read(&path).unwrap(), b"first");
    // No temporary file is left behind.
    assert_eq!(dir_entries(&dir), vec!["game.toml".to_string()]);
    std::fs::remove_dir_all(&dir).ok();
}
