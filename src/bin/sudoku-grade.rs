#![no_main]
sudoku_filters::entry!(sudoku_filters::cli::grade);
