//! Computes the rotation game's distance table at compile time (see
//! `src/puzzle/rotation/subsets.rs`), so that no process pays for it at run time.

#[path = "src/puzzle/rotation/subsets.rs"]
#[allow(dead_code)]
mod subsets;

fn main() {
    println!("cargo::rerun-if-changed=src/puzzle/rotation/subsets.rs");
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let packed = subsets::packed_distances();
    std::fs::write(out.join("rotation_distances.bin"), packed).expect("write the table");
}
