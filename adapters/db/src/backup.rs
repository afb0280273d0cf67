//! `shop backup`: a consistent copy of a SQLite database, taken while the shop serves it.
//!
//! `VACUUM INTO` reads the whole database in one read transaction, so the copy is the
//! database as of one commit (the WAL's recent writes included), while the shop's writer goes
//! on committing beside it. The copy is written to a private file beside the target, checked,
//! synced and only then renamed into place: a failed backup leaves no half-written file.
//! PostgreSQL has its own tools (`pg_dump`) and is refused.

use crate::connection::Target;
use diesel::prelude::*;
use diesel::sql_types::Text;
use std::path::{Path, PathBuf};

#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("shop backup copies a SQLite database; back up PostgreSQL with pg_dump (see the README's Backups)")]
    Postgres,
    #[error("{0} already exists; name a new file")]
    Exists(PathBuf),
    #[error("cannot write the backup: {0}")]
    Io(#[from] std::io::Error),
    #[error("cannot open the database: {0}")]
    Open(#[from] ConnectionError),
    #[error("the backup failed: {0}")]
    Copy(#[from] diesel::result::Error),
    #[error("the copy did not pass SQLite's check: {0}")]
    Damaged(String),
}

/// Copies the SQLite database `url` names to `to` (a new file, readable by the owner only)
/// and returns its size in bytes.
pub fn backup(url: &str, to: &Path) -> Result<u64, BackupError> {
    let Target::Sqlite(path) = Target::parse(url) else {
        return Err(BackupError::Postgres);
    };
    if to.exists() {
        return Err(BackupError::Exists(to.to_owned()));
    }
    let partial = partial_path(to);
    let copied = copy_into(&path, &partial);
    if copied.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    copied?;
    std::fs::rename(&partial, to)?;
    Ok(std::fs::metadata(to)?.len())
}

fn partial_path(to: &Path) -> PathBuf {
    let mut name = to.file_name().unwrap_or_default().to_owned();
    name.push(".partial");
    to.with_file_name(name)
}

fn copy_into(database: &str, partial: &Path) -> Result<(), BackupError> {
    // Never create a database where there is none: open the existing file only.
    if !Path::new(database).is_file() {
        return Err(BackupError::Io(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            format!("no database at {database}"),
        )));
    }
    create_private(partial)?;
    let mut source = SqliteConnection::establish(database)?;
    diesel::sql_query("PRAGMA busy_timeout = 5000").execute(&mut source)?;
    diesel::sql_query("VACUUM INTO ?")
        .bind::<Text, _>(partial.to_string_lossy())
        .execute(&mut source)?;
    let mut copy = SqliteConnection::establish(&partial.to_string_lossy())?;
    let check: Vec<QuickCheck> = diesel::sql_query("PRAGMA quick_check").load(&mut copy)?;
    drop(copy);
    match check.as_slice() {
        [only] if only.quick_check == "ok" => {}
        problems => {
            let found: Vec<&str> = problems.iter().map(|p| p.quick_check.as_str()).collect();
            return Err(BackupError::Damaged(found.join("; ")));
        }
    }
    std::fs::File::open(partial)?.sync_all()?;
    Ok(())
}

#[derive(QueryableByName)]
struct QuickCheck {
    #[diesel(sql_type = Text)]
    quick_check: String,
}

/// An empty file `VACUUM INTO` may fill, readable by the owner only (it holds every
/// shopper's name, phone and address).
fn create_private(path: &Path) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path).map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;
    use diesel::connection::SimpleConnection;

    fn count(path: &Path) -> i64 {
        #[derive(QueryableByName)]
        struct Count {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        let mut conn = SqliteConnection::establish(&path.to_string_lossy()).unwrap();
        diesel::sql_query("SELECT count(*) AS n FROM t")
            .get_result::<Count>(&mut conn)
            .unwrap()
            .n
    }

    #[test]
    fn copies_what_was_committed_even_from_the_log_and_refuses_to_overwrite() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("shop.db");
        let mut conn = SqliteConnection::establish(&db.to_string_lossy()).unwrap();
        conn.batch_execute(
            "PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0;
             CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2), (3);",
        )
        .unwrap();
        // An open transaction's rows are not in the copy.
        conn.batch_execute("BEGIN; INSERT INTO t VALUES (4);")
            .unwrap();
        let to = dir.path().join("copy.db");
        let size = backup(&db.to_string_lossy(), &to).unwrap();
        assert_eq!(size, std::fs::metadata(&to).unwrap().len());
        assert_eq!(count(&to), 3);
        assert!(!partial_path(&to).exists());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&to).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        conn.batch_execute("COMMIT;").unwrap();
        assert!(matches!(
            backup(&db.to_string_lossy(), &to),
            Err(BackupError::Exists(_))
        ));
        assert_eq!(count(&to), 3, "the earlier copy is untouched");
    }

    #[test]
    fn refuses_postgresql_and_a_missing_database_leaving_nothing_behind() {
        let dir = tempfile::tempdir().unwrap();
        let to = dir.path().join("copy.db");
        assert!(matches!(
            backup("postgres://postgres@127.0.0.1/shop", &to),
            Err(BackupError::Postgres)
        ));
        let missing = dir.path().join("missing.db");
        assert!(backup(&missing.to_string_lossy(), &to).is_err());
        assert!(!missing.exists() && !to.exists() && !partial_path(&to).exists());
    }
}
