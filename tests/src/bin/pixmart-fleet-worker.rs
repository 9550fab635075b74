//! The `pixmart-worker` program (same `cli::main`), built as a binary of
//! the tests package so multi-process tests find it through
//! `CARGO_BIN_EXE_pixmart-fleet-worker` on a fresh clone.

fn main() -> std::process::ExitCode {
    pixmart_worker::cli::main()
}
