use std::io::{BufRead, Read, StdinLock};

use clap::Parser;

fn main() {
    let cli = gdl::cli::Cli::parse();
    let code = gdl::cli::run(
        cli,
        &mut LazyStdin(None),
        &mut std::io::stdout(),
        &mut std::io::stderr(),
    );
    std::process::exit(code);
}

/// Standard input, locked at its first read: `gdl lsp` reads it on a
/// thread of its own, which a lock taken here would block for good.
struct LazyStdin(Option<StdinLock<'static>>);

impl LazyStdin {
    fn locked(&mut self) -> &mut StdinLock<'static> {
        self.0.get_or_insert_with(|| std::io::stdin().lock())
    }
}

impl Read for LazyStdin {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.locked().read(buf)
    }
}

impl BufRead for LazyStdin {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        self.locked().fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        self.locked().consume(amount)
    }
}
