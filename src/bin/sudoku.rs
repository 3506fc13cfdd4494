fn main() {
    sudoku_filters::cli::main(
        &sudoku_filters::cli::front::TOOL,
        sudoku_filters::cli::front::run,
    )
}
