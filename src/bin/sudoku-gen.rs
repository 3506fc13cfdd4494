fn main() {
    sudoku_filters::cli::main(
        &sudoku_filters::cli::gen::TOOL,
        sudoku_filters::cli::gen::run,
    )
}
