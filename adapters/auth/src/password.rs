//! Argon2id password hashing, run on threads of its own.

use argon2::password_hash::{PasswordHash, PasswordHasher as _, PasswordVerifier as _, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use async_trait::async_trait;
use domain::ports::{HashError, PasswordHasher};
use rand::rngs::OsRng;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use tokio::sync::{oneshot, OwnedSemaphorePermit, Semaphore};

/// Hashes passwords with Argon2id into PHC strings (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`).
///
/// Hashing and verifying are CPU-heavy, so both run on the hasher's own threads and never
/// hold up an async worker; at most one per core runs at a time (more would finish no sooner,
/// and each holds its 19 MiB while it runs). Verification reads the parameters from the
/// stored hash, so hashes made with other parameters (for instance before a parameter
/// change) still verify.
#[derive(Debug, Clone)]
pub struct Argon2Hasher {
    params: Params,
    turns: Arc<Semaphore>,
    threads: HashingThreads,
}

/// Work for the hashing threads.
type Job = Box<dyn FnOnce() + Send>;

/// One thread per core that runs the hashes. The allocator keeps a thread's freed memory for
/// that thread's next use, so Argon2's 19 MiB stays with these few threads: on tokio's
/// blocking pool every thread that ever hashed kept a block of its own (measured: the shop's
/// peak memory rose by 19 MiB with each sign-in that landed on a new thread, up to 8 of them).
#[derive(Clone)]
struct HashingThreads {
    jobs: Sender<Job>,
}

impl std::fmt::Debug for HashingThreads {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("HashingThreads")
    }
}

impl HashingThreads {
    /// `count` threads, which end once every hasher sharing them is dropped.
    fn start(count: usize) -> Self {
        let (jobs, queue) = channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        for n in 0..count {
            let queue: Arc<Mutex<Receiver<Job>>> = queue.clone();
            std::thread::Builder::new()
                .name(format!("argon2-{n}"))
                .spawn(move || loop {
                    // The lock is held only while waiting for a job, not while running it.
                    let job = queue.lock().map(|queue| queue.recv());
                    match job {
                        Ok(Ok(job)) => job(),
                        _ => return,
                    }
                })
                .expect("the OS starts a hashing thread");
        }
        Self { jobs }
    }

    /// Runs `work` on a hashing thread; `None` if the threads are gone.
    async fn run<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Option<T> {
        let (answer, answered) = oneshot::channel();
        let job: Job = Box::new(move || {
            // The caller may have stopped waiting: nobody to answer then.
            let _ = answer.send(work());
        });
        self.jobs.send(job).ok()?;
        answered.await.ok()
    }
}

impl Argon2Hasher {
    /// OWASP's recommended Argon2id settings: 19 MiB of memory, 2 passes, 1 lane.
    pub const MEMORY_KIB: u32 = 19_456;
    pub const PASSES: u32 = 2;
    pub const LANES: u32 = 1;

    /// The production hasher (OWASP parameters).
    pub fn new() -> Self {
        Self::with_params(Self::MEMORY_KIB, Self::PASSES, Self::LANES)
            .expect("the OWASP Argon2 parameters are valid")
    }

    /// A hasher with the cheapest parameters Argon2 allows, for tests only: hashes still are
    /// real Argon2id hashes, but take microseconds instead of tens of milliseconds.
    pub fn fast_for_tests() -> Self {
        Self::with_params(8, 1, 1).expect("the minimal Argon2 parameters are valid")
    }

    /// A hasher with explicit parameters (memory in KiB, passes, lanes).
    pub fn with_params(memory_kib: u32, passes: u32, lanes: u32) -> Result<Self, HashError> {
        let params = Params::new(memory_kib, passes, lanes, None)
            .map_err(|e| HashError(format!("invalid Argon2 parameters: {e}")))?;
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Ok(Self {
            params,
            turns: Arc::new(Semaphore::new(cores)),
            threads: HashingThreads::start(cores),
        })
    }

    /// A turn to hash; it ends when the blocking work ends, even if the caller stops waiting.
    async fn turn(&self) -> OwnedSemaphorePermit {
        self.turns
            .clone()
            .acquire_owned()
            .await
            .expect("the semaphore is never closed")
    }

    fn argon2(&self) -> Argon2<'static> {
        Argon2::new(Algorithm::Argon2id, Version::V0x13, self.params.clone())
    }

    /// The blocking work of [`PasswordHasher::hash`].
    fn hash_blocking(argon2: &Argon2<'_>, password: &str) -> Result<String, HashError> {
        let salt = SaltString::generate(&mut OsRng);
        argon2
            .hash_password(password.as_bytes(), &salt)
            .map(|hash| hash.to_string())
            .map_err(|e| HashError(e.to_string()))
    }

    /// The blocking work of [`PasswordHasher::verify`].
    fn verify_blocking(password: &str, hash: &str) -> bool {
        let Ok(parsed) = PasswordHash::new(hash) else {
            return false;
        };
        // Only Argon2id hashes are ours; anything else is unreadable.
        if parsed.algorithm != Algorithm::Argon2id.ident() {
            return false;
        }
        // The default instance takes algorithm, version and parameters from the hash itself.
        Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    }
}

impl Default for Argon2Hasher {
    fn default() -> Self {
        Self::new()
    }
}

#[async_trait]
impl PasswordHasher for Argon2Hasher {
    async fn hash(&self, password: &str) -> Result<String, HashError> {
        let argon2 = self.argon2();
        let password = password.to_owned();
        let turn = self.turn().await;
        self.threads
            .run(move || {
                let _turn = turn;
                Self::hash_blocking(&argon2, &password)
            })
            .await
            .ok_or_else(|| HashError("the hashing threads stopped".into()))?
    }

    async fn verify(&self, password: &str, hash: &str) -> bool {
        let password = password.to_owned();
        let hash = hash.to_owned();
        let turn = self.turn().await;
        let verifying = self.threads.run(move || {
            let _turn = turn;
            Self::verify_blocking(&password, &hash)
        });
        match verifying.await {
            Some(valid) => valid,
            None => {
                tracing::error!("password verification stopped: the hashing threads are gone");
                false
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hash_verifies_its_password_only() {
        let hasher = Argon2Hasher::fast_for_tests();
        let hash = hasher.hash("correct horse").await.unwrap();
        assert!(hash.starts_with("$argon2id$v=19$"), "{hash}");
        assert!(!hash.contains("correct horse"));
        assert!(hasher.verify("correct horse", &hash).await);
        assert!(!hasher.verify("correct hors", &hash).await);
        assert!(!hasher.verify("Correct horse", &hash).await);
        assert!(!hasher.verify("", &hash).await);
    }

    #[tokio::test]
    async fn the_same_password_gets_a_new_salt_each_time() {
        let hasher = Argon2Hasher::fast_for_tests();
        let first = hasher.hash("secret1").await.unwrap();
        let second = hasher.hash("secret1").await.unwrap();
        assert_ne!(first, second);
        assert!(hasher.verify("secret1", &first).await);
        assert!(hasher.verify("secret1", &second).await);
    }

    #[tokio::test]
    async fn unreadable_or_foreign_hashes_never_verify() {
        let hasher = Argon2Hasher::fast_for_tests();
        for garbage in [
            "",
            "not a hash",
            "$argon2id$v=19$m=8,t=1,p=1$broken",
            "$2b$12$R9h/cIPz0gi.URNNX3kh2OPST9/PgBkqquzi.Ss7KIUgO2t0jWMUW",
            "$argon2id$v=19$m=8,t=1,p=1$c29tZXNhbHQ$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        ] {
            assert!(!hasher.verify("secret1", garbage).await, "{garbage:?}");
        }
    }

    #[tokio::test]
    async fn production_parameters_are_owasp_argon2id_and_verify_across_instances() {
        let hash = Argon2Hasher::new().hash("pa55word").await.unwrap();
        assert!(
            hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{hash}"
        );
        // Parameters come from the stored hash, so any instance verifies it.
        assert!(
            Argon2Hasher::fast_for_tests()
                .verify("pa55word", &hash)
                .await
        );
        assert!(
            !Argon2Hasher::fast_for_tests()
                .verify("pa55wort", &hash)
                .await
        );
    }

    #[test]
    fn invalid_parameters_are_refused() {
        assert!(Argon2Hasher::with_params(1, 1, 1).is_err());
        assert!(Argon2Hasher::with_params(19_456, 0, 1).is_err());
    }
}
