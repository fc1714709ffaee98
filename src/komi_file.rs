//! Loading the fair-komi table ([`crate::games::fair_komi`]): the built-in table and the
//! user's `komi.toml` in tessera's configuration directory (where `config.toml` lives), read
//! once per process the first time a default komi is wanted. The rules layer holds only the
//! pure table ([`KomiTable`]); the interface, `tessera match` and `tessera komi` ask
//! [`table`] for it, and hand it to every engine they make ([`shared`]), whose bid reads it.

use crate::games::fair_komi::{parse, KomiTable};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// The user's table file (in tessera's configuration directory).
pub fn user_path() -> Option<PathBuf> {
    crate::config::project_dirs().map(|d| d.config_dir().join("komi.toml"))
}

/// The built-in table with the user's file at `path` when it exists and parses; a file that
/// does not parse is ignored, with a line on standard error.
pub fn load(path: Option<&Path>) -> KomiTable {
    let table = KomiTable::builtin();
    let Some(p) = path else { return table };
    let Ok(text) = std::fs::read_to_string(p) else {
        return table;
    };
    match parse(&text) {
        Ok(t) => table.with_user(p.to_path_buf(), t),
        Err(e) => {
            eprintln!("tessera: {} ignored: {e}", p.display());
            table
        }
    }
}

/// The program's fair-komi table: the built-in one and the user's file ([`user_path`]),
/// loaded on first use.
pub fn table() -> &'static KomiTable {
    loaded()
}

/// The program's fair-komi table ([`table`]) to hand to an engine
/// ([`crate::search::Engine::with_komi_table`]).
pub fn shared() -> Arc<KomiTable> {
    loaded().clone()
}

fn loaded() -> &'static Arc<KomiTable> {
    static CELL: OnceLock<Arc<KomiTable>> = OnceLock::new();
    CELL.get_or_init(|| Arc::new(load(user_path().as_deref())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;

    #[test]
    fn the_users_file_is_read_and_a_broken_one_ignored() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("komi.toml");
        assert_eq!(load(None), KomiTable::builtin());
        assert_eq!(load(Some(&path)), KomiTable::builtin(), "no file");
        std::fs::write(&path, "[linage.9]\nfair = 7.5\nmethod = \"mine\"\n").unwrap();
        let t = load(Some(&path));
        assert_eq!(t.builtin, KomiTable::builtin().builtin);
        assert_eq!(t.user.as_ref().map(|u| &u.0), Some(&path));
        assert_eq!(t.agreed_komi_half(GameKind::Linage, 9), 15);
        std::fs::write(&path, "[linage.9]\nfair = 7.3\nmethod = \"mine\"\n").unwrap();
        assert_eq!(load(Some(&path)), KomiTable::builtin(), "broken file");
    }

    #[test]
    fn the_program_table_is_loaded_once() {
        assert!(std::ptr::eq(table(), table()));
        assert_eq!(table().builtin, KomiTable::builtin().builtin);
        assert_eq!(
            table().user.as_ref().map(|u| u.0.clone()),
            user_path().filter(|_| table().user.is_some())
        );
    }
}
