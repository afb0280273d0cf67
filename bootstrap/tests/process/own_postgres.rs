//! A PostgreSQL server of the test's own (Debian's binaries, a temporary data directory, a
//! free port), so that a test may stop and start it under a serving shop without touching
//! the machine's server.

use crate::support::free_port;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

pub struct OwnPostgres {
    bin: PathBuf,
    data: PathBuf,
    pub port: u16,
    /// Holds the data directory; dropped last.
    _dir: tempfile::TempDir,
}

/// Debian's PostgreSQL binaries (`/usr/lib/postgresql/<version>/bin`), the newest there is.
fn binaries() -> Option<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|entry| Some(entry.ok()?.path().join("bin")))
        .filter(|bin| bin.join("postgres").is_file())
        .collect();
    found.sort();
    found.pop()
}

fn running_as_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).trim() == "0")
}

/// PostgreSQL refuses to run as root: as root, its commands run as the `postgres` user.
fn as_postgres(program: &Path) -> Command {
    if running_as_root() {
        let mut command = Command::new("runuser");
        command.args(["-u", "postgres", "--"]).arg(program);
        command
    } else {
        Command::new(program)
    }
}

impl OwnPostgres {
    /// A new server, started; `None` (with a note) where PostgreSQL is not installed, unless
    /// `CI` is set: CI has it, and a test skipped there would hide a failure.
    pub fn start() -> Option<OwnPostgres> {
        let Some(bin) = binaries() else {
            assert!(
                std::env::var_os("CI").is_none(),
                "PostgreSQL's binaries are missing"
            );
            eprintln!("skipped: no PostgreSQL under /usr/lib/postgresql");
            return None;
        };
        let dir = tempfile::tempdir().expect("a temporary folder");
        let data = dir.path().join("data");
        std::fs::create_dir(&data).unwrap();
        if running_as_root() {
            let owned = Command::new("chown")
                .args(["-R", "postgres:postgres"])
                .arg(dir.path())
                .status()
                .unwrap();
            assert!(owned.success());
        }
        let init = as_postgres(&bin.join("initdb"))
            .args(["-A", "trust", "-U", "postgres", "-D"])
            .arg(&data)
            .stdout(Stdio::null())
            .status()
            .expect("initdb runs");
        assert!(init.success(), "initdb failed");
        let server = OwnPostgres {
            bin,
            data,
            port: free_port(),
            _dir: dir,
        };
        server.start_again();
        Some(server)
    }

    pub fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }

    fn pg_ctl(&self) -> Command {
        let mut command = as_postgres(&self.bin.join("pg_ctl"));
        command.arg("-D").arg(&self.data).stdout(Stdio::null());
        command
    }

    /// Starts the server and waits until it takes connections.
    pub fn start_again(&self) {
        let options = format!(
            "-p {} -c listen_addresses=127.0.0.1 -c unix_socket_directories={} -c fsync=off",
            self.port,
            self.data.display()
        );
        let started = self
            .pg_ctl()
            .args(["-w", "-t", "60", "-o", &options, "-l"])
            .arg(self.data.join("server.log"))
            .arg("start")
            .status()
            .expect("pg_ctl runs");
        assert!(started.success(), "PostgreSQL did not start");
        let deadline = Instant::now() + Duration::from_secs(30);
        while std::net::TcpStream::connect(("127.0.0.1", self.port)).is_err() {
            assert!(Instant::now() < deadline, "PostgreSQL does not listen");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Stops the server the way an operator's restart does: open connections are ended
    /// (fast shutdown), transactions under way roll back.
    pub fn stop(&self) {
        let stopped = self
            .pg_ctl()
            .args(["-w", "-m", "fast", "stop"])
            .status()
            .expect("pg_ctl runs");
        assert!(stopped.success(), "PostgreSQL did not stop");
    }
}

impl Drop for OwnPostgres {
    fn drop(&mut self) {
        let _ = self
            .pg_ctl()
            .args(["-m", "immediate", "stop"])
            .stderr(Stdio::null())
            .status();
    }
}
