//! `pixmart-worker`: one per CPU/GPU node. Loads the models it finds,
//! registers itself with the task types it can serve, and runs their jobs.
//! The command line lives in [`pixmart_worker::cli`].

fn main() -> std::process::ExitCode {
    pixmart_worker::cli::main()
}
