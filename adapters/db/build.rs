// The migrations are embedded at compile time; a new or edited one must rebuild this crate.
fn main() {
    println!("cargo:rerun-if-changed=../../migrations");
}
