fn main() {
    sudoku_filters::cli::main(
        &sudoku_filters::cli::solve::TOOL,
        sudoku_filters::cli::solve::run,
    )
}
