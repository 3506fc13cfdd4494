//! Manual pages and shell completions, generated from the flag tables.
//!
//! `sudoku --generate DIR` writes what [`generated_files`] returns; the files are committed
//! under `man/` and `completions/`, and a test fails when they differ from what the code
//! generates now, so the manuals cannot drift from the parsers.

use std::fmt::Write as _;
use std::path::Path;

use super::flags::{Doc, Flag};
use super::{io_error, Error, OK};

/// The tools as documented, front first.
pub fn tools() -> [Doc; 5] {
    [
        super::front::TOOL.doc(),
        super::gen::TOOL.doc(),
        super::solve::TOOL.doc(),
        super::check::TOOL.doc(),
        super::grade::TOOL.doc(),
    ]
}

/// Every generated file, as (path relative to the project, contents).
pub fn generated_files() -> Vec<(String, String)> {
    let mut out = vec![("man/sudoku-board.5".to_string(), board_page())];
    for t in tools() {
        out.push((format!("man/{}.1", t.name), man(&t)));
        out.push((format!("completions/{}.bash", t.name), bash(&t)));
        out.push((format!("completions/_{}", t.name), zsh(&t)));
        out.push((format!("completions/{}.fish", t.name), fish(&t)));
    }
    out
}

/// Writes the generated manuals and completions under `dir` (`sudoku --generate DIR`).
pub fn write_generated(dir: &Path) -> Result<i32, Error> {
    for (rel, text) in generated_files() {
        let path = dir.join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| io_error(parent.display(), e))?;
        }
        std::fs::write(&path, text).map_err(|e| io_error(path.display(), e))?;
    }
    Ok(OK)
}

/// The board stream in brief, for the tools' pages; sudoku-board(5) has all of it.
const FORMATS: &str = "Grid form (the assignment's layout, the default output): nine rows of nine cells \
separated by single spaces, each row ended by a newline, one empty line between boards and none after \
the last; N boards are exactly 163*N-1 bytes. A blank is 0.\n\nLine form (the form of the public puzzle \
collections): one board a line, 81 cells with no separator; a blank is . on output, 0 or . on input.\n\n\
Readers take both forms, mixed, and forgive what sudoku-board(5) lists; anything else is an error that \
names its file, line and column.";

/// The sections of sudoku-board(5), the board-stream contract: (heading, paragraphs).
const BOARD_PAGE: &[(&str, &str)] = &[
    ("DESCRIPTION", "The sudoku filters (sudoku-gen, sudoku-solve, sudoku-check, sudoku-grade and sudoku) read and \
write one stream of boards. A board is 81 cells, read row by row from the top left; a cell holds a digit \
1 to 9, or is blank. A stream holds boards in two forms, which may be mixed; each board keeps the form it \
was read in unless a tool is told otherwise."),
    ("GRID FORM", "The form the BUAA software-engineering assignment (the personal project, Sudoku) \
prescribes, and the filters' default output: nine rows of nine cells, each row the nine cells separated by single spaces \
and ended by a newline (17 characters and the newline); one empty line between two boards and none after \
the last. A blank is 0. N boards written are exactly 163*N-1 bytes. For example, the first lines of a \
board:\n\n  1 2 3 4 5 6 7 8 9\n  4 5 6 7 8 9 1 2 3\n  7 8 9 1 2 3 4 5 6"),
    ("LINE FORM", "The form of the public puzzle collections: one board a line, its 81 cells with \
no separator. A blank is written as . and read as . or 0. Text after the 81st cell, past a space or a \
tab, is a comment (a name, a rating), unless it is itself another 81-cell board: one board a line."),
    ("WHAT READERS FORGIVE", "CRLF line endings; a byte-order mark at the start; a missing final \
newline; cells of a grid row separated by any run of spaces, tabs or | or by nothing; rule lines made of \
- + | = * and spaces (------+-------+------) in pretty-printed grids; empty lines, any number, between \
boards; lines whose first non-blank character is #, anywhere. A line may be at most 65536 bytes long, \
wherever the reads that deliver it fall. sudoku-check --strict reports each of these as a departure from \
the assignment's layout."),
    ("ERRORS", "Anything else stops the reading of that input with one line on standard error naming \
the file, the line and, where it helps, the column: file:line:col: what was expected. For example: \
a letter among the cells (unexpected character 'x'), a row of 8 cells (expected 9 cells in a row, found \
8), an empty line inside a grid (board 2 ends after 6 of 9 rows), the end of the input inside a grid. \
The boards before the error are still used; the exit status is then 2."),
    ("FAILURES", "A board that is read but fails a check (a digit that repeats in a row, column or \
box; a blank where none may be; no solution) is reported as file:line: board N: reason, where N counts \
the boards of that input from 1 and line is the board's first line, or the line of the row at fault. \
sudoku-solve writes a failing puzzle unchanged in its place, so its output keeps one board for each \
board read."),
];

/// The manual page of the board stream, sudoku-board(5).
pub fn board_page() -> String {
    let mut m = String::new();
    let _ = writeln!(
        m,
        ".TH SUDOKU\\-BOARD 5 \"\" \"sudoku-filters {}\" \"File Formats\"",
        env!("CARGO_PKG_VERSION")
    );
    m.push_str(".SH NAME\nsudoku\\-board \\- the board stream of the sudoku filters\n");
    for (head, text) in BOARD_PAGE {
        let _ = writeln!(m, ".SH {head}");
        for (i, para) in text.split("\n\n").enumerate() {
            if i > 0 {
                m.push_str(".PP\n");
            }
            if para.starts_with("  ") {
                m.push_str(".RS\n.nf\n");
                for line in para.lines() {
                    let _ = writeln!(m, "{}", roff(line.trim()));
                }
                m.push_str(".fi\n.RE\n");
            } else {
                let _ = writeln!(m, "{}", roff(para.trim()));
            }
        }
    }
    m.push_str(".SH SEE ALSO\n");
    let pages: Vec<String> = tools()
        .iter()
        .map(|t| format!(".BR {} (1)", roff(t.name)))
        .collect();
    let _ = writeln!(m, "{}", pages.join(",\n"));
    m
}

/// Escapes text for roff: backslashes, hyphens, and a leading dot or quote.
fn roff(text: &str) -> String {
    let s = text.replace('\\', "\\e").replace('-', "\\-");
    if s.starts_with('.') || s.starts_with('\'') {
        format!("\\&{s}")
    } else {
        s
    }
}

fn man_paragraphs(out: &mut String, text: &str) {
    for (i, para) in text.split("\n\n").enumerate() {
        if i > 0 {
            out.push_str(".PP\n");
        }
        let _ = writeln!(out, "{}", roff(para.trim()));
    }
}

/// The manual page of `t`, in man(7) roff.
pub fn man(t: &Doc) -> String {
    let mut m = String::new();
    let upper = t.name.to_uppercase();
    let _ = writeln!(
        m,
        ".TH {upper} 1 \"\" \"sudoku-filters {}\" \"User Commands\"",
        env!("CARGO_PKG_VERSION")
    );
    let _ = writeln!(m, ".SH NAME\n{} \\- {}", roff(t.name), roff(t.about));
    m.push_str(".SH SYNOPSIS\n");
    for (i, u) in t.usage.iter().enumerate() {
        if i > 0 {
            m.push_str(".br\n");
        }
        let _ = writeln!(m, ".B {}\n{}", roff(t.name), roff(u));
    }
    m.push_str(".SH DESCRIPTION\n");
    man_paragraphs(&mut m, t.description);
    if !t.operands.is_empty() {
        m.push_str(".SH ARGUMENTS\n");
        for (name, doc) in t.operands {
            let _ = writeln!(m, ".TP\n.I {}\n{}", roff(name), roff(doc));
        }
    }
    m.push_str(".SH OPTIONS\n");
    for f in &t.flags {
        let mut head = String::new();
        if let Some(c) = f.short {
            let _ = write!(head, "\\fB\\-{c}\\fR, ");
        }
        let _ = write!(head, "\\fB\\-\\-{}\\fR", roff(f.long));
        if let Some(v) = f.value {
            let _ = write!(head, " \\fI{}\\fR", roff(v));
        }
        let _ = writeln!(m, ".TP\n{head}\n{}", roff(f.long_doc));
    }
    m.push_str(".SH BOARD FORMATS\n");
    man_paragraphs(&mut m, FORMATS);
    m.push_str(".SH EXIT STATUS\n");
    man_paragraphs(&mut m, t.exit_status);
    if !t.examples.is_empty() {
        m.push_str(".SH EXAMPLES\n");
        for (cmd, what) in t.examples {
            let _ = writeln!(m, ".TP\n.B {}\n{}", roff(cmd), roff(what));
        }
    }
    m.push_str(".SH SEE ALSO\n");
    let others: Vec<String> = tools()
        .iter()
        .filter(|o| o.name != t.name)
        .map(|o| format!(".BR {} (1)", roff(o.name)))
        .collect();
    let _ = writeln!(m, "{},\n.BR sudoku\\-board (5)", others.join(",\n"));
    m
}

fn bash_ident(name: &str) -> String {
    format!("_{}", name.replace('-', "_"))
}

/// Words a value can take in completion: its choices, or `None` for file names.
fn value_words(f: &Flag) -> Option<String> {
    (!f.choices.is_empty()).then(|| f.choices.join(" "))
}

/// What bash runs to complete file names (or, with `-d`, directories): one name a line, so
/// that a name with spaces stays one word, and `compopt -o filenames` so that readline
/// quotes it, puts `/` after a directory and no space (as it completes for `ls`).
fn bash_files(kind: &str) -> String {
    format!("compopt -o filenames 2>/dev/null; local IFS=$'\\n'; COMPREPLY=($(compgen {kind} -- \"$cur\"))")
}

/// The bash completion of `t`.
pub fn bash(t: &Doc) -> String {
    let mut s = format!(
        "# bash completion for {} (generated by sudoku --generate)\n",
        t.name
    );
    let _ = writeln!(s, "{}() {{", bash_ident(t.name));
    s.push_str("    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n");
    s.push_str("    case $prev in\n");
    for f in t.flags.iter().filter(|f| f.value.is_some()) {
        let mut names = format!("--{}", f.long);
        if let Some(c) = f.short {
            names = format!("-{c}|{names}");
        }
        let action = match value_words(f) {
            Some(words) => format!("COMPREPLY=($(compgen -W \"{words}\" -- \"$cur\"))"),
            None if f.value == Some("FILE") => bash_files("-f"),
            None if f.value == Some("DIR") => bash_files("-d"),
            None => "COMPREPLY=()".to_string(),
        };
        let _ = writeln!(s, "        {names}) {action}; return ;;");
    }
    s.push_str("    esac\n");
    let words: Vec<String> = t
        .flags
        .iter()
        .flat_map(|f| {
            f.short
                .map(|c| format!("-{c}"))
                .into_iter()
                .chain([format!("--{}", f.long)])
        })
        .collect();
    let operand = match t.operands.first() {
        Some(("FILE", _)) => bash_files("-f"),
        _ => "COMPREPLY=()".to_string(),
    };
    let _ = writeln!(
        s,
        "    if [[ $cur == -* ]]; then\n        COMPREPLY=($(compgen -W \"{}\" -- \"$cur\"))\n    else\n        {operand}\n    fi\n}}",
        words.join(" ")
    );
    let _ = writeln!(s, "complete -F {} {}", bash_ident(t.name), t.name);
    s
}

/// Escapes a description for a zsh `_arguments` spec.
fn zsh_text(s: &str) -> String {
    s.replace('\\', "\\\\")
        .replace('\'', "'\\''")
        .replace('[', "\\[")
        .replace(']', "\\]")
        .replace(':', "\\:")
}

/// The zsh completion of `t`.
pub fn zsh(t: &Doc) -> String {
    let f_name = bash_ident(t.name);
    let mut s = format!(
        "#compdef {}\n# zsh completion for {} (generated by sudoku --generate)\n\n{f_name}() {{\n",
        t.name, t.name
    );
    s.push_str("_arguments -s -S \\\n");
    for f in &t.flags {
        let doc = zsh_text(f.doc);
        let action = match (f.value, value_words(f)) {
            (None, _) => String::new(),
            (Some(v), Some(words)) => format!(":{v}:({words})"),
            (Some(v @ ("FILE" | "DIR")), None) => format!(":{v}:_files"),
            (Some(v), None) => format!(":{v}: "),
        };
        let eq = if f.value.is_some() { "=" } else { "" };
        match f.short {
            Some(c) => {
                let _ = writeln!(
                    s,
                    "  '(-{c} --{l})'{{-{c},--{l}{eq}}}'[{doc}]{action}' \\",
                    l = f.long
                );
            }
            None => {
                let _ = writeln!(s, "  '--{}{eq}[{doc}]{action}' \\", f.long);
            }
        }
    }
    match t.operands.first() {
        None => s.push_str("  && return 0\n"),
        Some(("FILE", _)) => s.push_str("  '*:file:_files'\n"),
        Some((name, doc)) => {
            let _ = writeln!(s, "  ':{name} ({}): '", zsh_text(doc));
        }
    }
    s.push_str("}\n\n");
    // Loaded from $fpath, the file is the completion function's body; sourced, it registers.
    let _ = writeln!(
        s,
        "if [ \"$funcstack[1]\" = \"_{0}\" ]; then\n  {f_name} \"$@\"\nelse\n  compdef {f_name} {0}\nfi",
        t.name
    );
    s
}

/// The fish completion of `t`.
pub fn fish(t: &Doc) -> String {
    let mut s = format!(
        "# fish completion for {} (generated by sudoku --generate)\n",
        t.name
    );
    for f in &t.flags {
        let _ = write!(s, "complete -c {}", t.name);
        if let Some(c) = f.short {
            let _ = write!(s, " -s {c}");
        }
        let _ = write!(s, " -l {}", f.long);
        match (f.value, value_words(f)) {
            (None, _) => {}
            (Some(_), Some(words)) => {
                let _ = write!(s, " -x -a '{words}'");
            }
            (Some("FILE" | "DIR"), None) => s.push_str(" -r -F"),
            (Some(_), None) => s.push_str(" -x"),
        }
        let _ = writeln!(
            s,
            " -d '{}'",
            f.doc.replace('\\', "\\\\").replace('\'', "\\'")
        );
    }
    s
}
