fn main() {
    sudoku_filters::cli::main(
        &sudoku_filters::cli::check::TOOL,
        sudoku_filters::cli::check::run,
    )
}
