//! The `tessera` command.

fn main() {
    println!("tessera {}", env!("CARGO_PKG_VERSION"));
}
