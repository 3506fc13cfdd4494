//! One flag table per tool, and everything built from it: the parser, `-h` and `--help`.
//!
//! After ripgrep's `flags/defs.rs`: a flag is described once, with its names, value name,
//! one-line and long documentation and choices, and the parser, the help text, the manual
//! and the completions are derived from that description, so a flag cannot exist in one and
//! be missing from another.
//!
//! Each tool names its flags with an enum of its own (`I`), and its table pairs each name
//! with its description. The parser hands back the name, so the tool's `match` over it is
//! exhaustive: a flag in the table without a handler does not compile. `-h`, `--help`, `-V`,
//! `--version` (every tool) and `--generate DIR` (the front) are answered here, before the
//! tool sees its arguments.

use std::ffi::{OsStr, OsString};
use std::fmt::Write as _;
use std::ops::RangeInclusive;
use std::str::FromStr;

use super::Error;

/// One command-line flag, as documented.
#[derive(Clone, Copy, Debug)]
pub struct Flag {
    pub long: &'static str,
    pub short: Option<char>,
    /// The value's name in help (`N`, `FILE`), or `None` for a switch.
    pub value: Option<&'static str>,
    /// One line for `-h`.
    pub doc: &'static str,
    /// Paragraphs for `--help` and the manual.
    pub long_doc: &'static str,
    /// The values a flag accepts, when it is one of a few words.
    pub choices: &'static [&'static str],
}

impl Flag {
    pub const fn switch(
        long: &'static str,
        short: Option<char>,
        doc: &'static str,
        long_doc: &'static str,
    ) -> Flag {
        Flag {
            long,
            short,
            value: None,
            doc,
            long_doc,
            choices: &[],
        }
    }

    pub const fn valued(
        long: &'static str,
        short: Option<char>,
        value: &'static str,
        doc: &'static str,
        long_doc: &'static str,
    ) -> Flag {
        Flag {
            long,
            short,
            value: Some(value),
            doc,
            long_doc,
            choices: &[],
        }
    }

    /// The same flag, with the values it accepts listed for completion.
    pub const fn with_choices(self, choices: &'static [&'static str]) -> Flag {
        Flag { choices, ..self }
    }

    /// `-c, --create N` as shown in help.
    pub fn signature(&self) -> String {
        let mut s = match self.short {
            Some(c) => format!("-{c}, --{}", self.long),
            None => format!("    --{}", self.long),
        };
        if let Some(v) = self.value {
            let _ = write!(s, " {v}");
        }
        s
    }

    /// How the flag is named in messages: `-c` when it has a short name, else `--create`.
    pub fn name(&self) -> String {
        match self.short {
            Some(c) => format!("-{c}"),
            None => format!("--{}", self.long),
        }
    }
}

/// The flags every tool answers before its own.
pub const HELP: Flag = Flag::switch(
    "help",
    Some('h'),
    "print help (-h for a summary, --help for all)",
    "Print help and exit: -h a summary, --help all of it.",
);
pub const VERSION: Flag = Flag::switch(
    "version",
    Some('V'),
    "print the version",
    "Print the version and exit.",
);
/// The front's: writes the generated documents.
pub const GENERATE: Flag = Flag::valued(
    "generate",
    None,
    "DIR",
    "write the man pages and shell completions of all the tools under DIR",
    "Write the manual pages (DIR/man/) and the bash, zsh and fish completions (DIR/completions/) of \
     all the tools, generated from the same flag tables as their parsers and --help. It goes alone.",
);

/// A tool: its name, its synopsis, its flags and the prose of its manual.
#[derive(Debug)]
pub struct Tool<I: 'static> {
    pub name: &'static str,
    /// One line: what the tool does.
    pub about: &'static str,
    /// Synopsis lines, each after the tool's name.
    pub usage: &'static [&'static str],
    /// Paragraphs for `--help` and the manual's DESCRIPTION.
    pub description: &'static str,
    pub flags: &'static [(I, Flag)],
    /// Operands, as `(name, doc)`.
    pub operands: &'static [(&'static str, &'static str)],
    /// Example pipelines, as `(command, what it does)`.
    pub examples: &'static [(&'static str, &'static str)],
    /// The EXIT STATUS text.
    pub exit_status: &'static str,
    /// Answers `--generate DIR`.
    pub generates: bool,
}

/// A tool as its documents see it: every flag it answers, in the order of its help.
#[derive(Debug)]
pub struct Doc {
    pub name: &'static str,
    pub about: &'static str,
    pub usage: &'static [&'static str],
    pub description: &'static str,
    pub flags: Vec<&'static Flag>,
    pub operands: &'static [(&'static str, &'static str)],
    pub examples: &'static [(&'static str, &'static str)],
    pub exit_status: &'static str,
}

/// One parsed command-line item.
#[derive(Debug)]
pub enum Arg<I: 'static> {
    Flag {
        id: I,
        flag: &'static Flag,
        value: Option<OsString>,
    },
    Operand(OsString),
}

/// What the command line asks for.
#[derive(Debug)]
pub enum Parsed<I: 'static> {
    Help { long: bool },
    Version,
    Generate(OsString),
    Args(Vec<Arg<I>>),
}

/// The exit statuses of the filters that judge boards.
pub const EXIT_STATUS: &str = "0 when everything asked was done and every board passed; 1 when the run went \
through but at least one board failed (each failure is reported on standard error as file:line: board N: \
reason); 2 on a usage error or an I/O error (missing file, unwritable output, input that is not a board \
stream).";

impl<I: Copy + 'static> Tool<I> {
    /// The tool as documented: its flags, then the ones every tool answers.
    pub fn doc(&'static self) -> Doc {
        let mut flags: Vec<&'static Flag> = self.flags.iter().map(|(_, f)| f).collect();
        if self.generates {
            flags.push(&GENERATE);
        }
        flags.extend([&HELP, &VERSION]);
        Doc {
            name: self.name,
            about: self.about,
            usage: self.usage,
            description: self.description,
            flags,
            operands: self.operands,
            examples: self.examples,
            exit_status: self.exit_status,
        }
    }

    /// Parses the arguments after the program name. `-h`, `--help`, `-V` and `--version`
    /// win over everything else on the line, so help never depends on the rest being right.
    pub fn parse(&'static self, args: Vec<OsString>) -> Result<Parsed<I>, Error> {
        let before_dashes = || args.iter().take_while(|a| *a != "--");
        for a in before_dashes() {
            match a.to_str() {
                Some("-h") => return Ok(Parsed::Help { long: false }),
                Some("--help") => return Ok(Parsed::Help { long: true }),
                Some("-V" | "--version") => return Ok(Parsed::Version),
                _ => {}
            }
        }
        if self.generates {
            let is_generate = |a: &OsString| {
                a.to_str()
                    .is_some_and(|s| s == "--generate" || s.starts_with("--generate="))
            };
            if before_dashes().any(is_generate) {
                let dir = match args.as_slice() {
                    [flag, dir] if flag == "--generate" => Some(dir.clone()),
                    [one] => one
                        .to_str()
                        .and_then(|s| s.strip_prefix("--generate="))
                        .map(OsString::from),
                    _ => None,
                };
                return match dir {
                    Some(d) if d.is_empty() => {
                        Err(self.usage("--generate: expected a directory, found ''".into()))
                    }
                    Some(d) => Ok(Parsed::Generate(d)),
                    None => Err(self.usage("--generate DIR goes alone".into())),
                };
            }
        }
        let mut p = lexopt::Parser::from_args(args);
        let mut out = Vec::new();
        while let Some(arg) = p.next().map_err(|e| self.usage(e.to_string()))? {
            use lexopt::Arg::*;
            let found = match arg {
                Short(c) => self.flags.iter().find(|(_, f)| f.short == Some(c)),
                Long(l) => self.flags.iter().find(|(_, f)| f.long == l),
                Value(v) => {
                    out.push(Arg::Operand(v));
                    continue;
                }
            };
            let Some((id, flag)) = found else {
                return Err(self.usage(arg.unexpected().to_string()));
            };
            let value = match flag.value {
                Some(_) => Some(p.value().map_err(|e| self.usage(e.to_string()))?),
                None => None,
            };
            out.push(Arg::Flag {
                id: *id,
                flag,
                value,
            });
        }
        Ok(Parsed::Args(out))
    }
}

impl<I> Tool<I> {
    /// A usage error: the message, then the synopsis and how to get help.
    pub fn usage(&self, msg: String) -> Error {
        Error::Usage {
            tool: self.name,
            msg,
            usage: synopsis(self.name, self.usage),
        }
    }

    /// An operand the tool does not take.
    pub fn unexpected(&self, v: &OsStr) -> Error {
        self.usage(format!("unexpected argument '{}'", v.to_string_lossy()))
    }

    /// Parses a whole number in `range`: ASCII digits only, no sign, no exponent.
    pub fn number<T>(&self, flag: &str, v: &OsStr, range: RangeInclusive<T>) -> Result<T, Error>
    where
        T: FromStr + PartialOrd + std::fmt::Display,
    {
        let s = v.to_string_lossy();
        match whole_number::<T>(&s) {
            Some(n) if range.contains(&n) => Ok(n),
            _ => Err(self.usage(format!(
                "{flag}: expected a whole number from {} to {}, found '{s}'",
                range.start(),
                range.end()
            ))),
        }
    }
}

/// `s` as a whole number: ASCII digits only, no sign, no exponent (`parse` alone would take
/// a sign).
pub fn whole_number<T: FromStr>(s: &str) -> Option<T> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// The synopsis lines, each wrapped at 80 columns between its bracketed groups, the
/// continuation lines indented under the first group.
fn synopsis(name: &str, usage: &[&str]) -> String {
    let mut s = String::new();
    for (i, u) in usage.iter().enumerate() {
        let lead = if i == 0 { "Usage:" } else { "      " };
        let head = format!("{lead} {name}");
        let mut line = head.clone();
        for group in groups(u) {
            if line.len() > head.len() && line.len() + 1 + group.len() > 80 {
                let _ = writeln!(s, "{line}");
                line = " ".repeat(head.len());
            }
            line.push(' ');
            line.push_str(group);
        }
        let _ = writeln!(s, "{line}");
    }
    s
}

/// The words of a synopsis, a bracketed group (`[--count [--limit N]]`) counting as one.
fn groups(u: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, None);
    for (i, c) in u.char_indices() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            ' ' if depth == 0 => {
                if let Some(st) = start.take() {
                    out.push(&u[st..i]);
                }
                continue;
            }
            _ => {}
        }
        start.get_or_insert(i);
    }
    if let Some(st) = start {
        out.push(&u[st..]);
    }
    out
}

impl Doc {
    /// `-h` (a summary) or `--help` (everything).
    pub fn help(&self, long: bool) -> String {
        let mut s = format!(
            "{} {}\n{}\n\n{}",
            self.name,
            env!("CARGO_PKG_VERSION"),
            self.about,
            synopsis(self.name, self.usage)
        );
        if long {
            for para in self.description.split("\n\n") {
                let _ = write!(s, "\n{}\n", wrap(para, 0));
            }
        }
        if !self.operands.is_empty() {
            s.push_str("\nArguments:\n");
            for (name, doc) in self.operands {
                let _ = writeln!(s, "  {name:<22} {doc}");
            }
        }
        s.push_str("\nOptions:\n");
        for f in &self.flags {
            if long {
                let _ = writeln!(s, "  {}\n{}\n", f.signature(), wrap(f.long_doc, 10));
            } else {
                let head = format!("  {:<22} ", f.signature());
                let _ = writeln!(s, "{head}{}", wrap(f.doc, head.len()).trim_start());
            }
        }
        if long {
            let _ = write!(s, "Exit status:\n{}\n", wrap(self.exit_status, 2));
            if !self.examples.is_empty() {
                s.push_str("\nExamples:\n");
                for (cmd, what) in self.examples {
                    let _ = writeln!(s, "  {cmd}\n{}", wrap(what, 6));
                }
            }
            s.push_str("\nSee sudoku-board(5) for the board stream.\n");
        }
        s
    }
}

/// Wraps a paragraph to 80 columns with an indent.
pub fn wrap(text: &str, indent: usize) -> String {
    let mut out = String::new();
    let mut col = 0;
    for word in text.split_whitespace() {
        if col > indent && col + 1 + word.len() > 80 {
            out.push('\n');
            col = 0;
        }
        if col == 0 {
            out.push_str(&" ".repeat(indent));
            col = indent;
        } else {
            out.push(' ');
            col += 1;
        }
        out.push_str(word);
        col += word.len();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_synopsis_breaks_between_groups_past_80_columns() {
        assert_eq!(
            groups("-n N [-m 1|2|3 | [-r L~U] [-u]]  [FILE]..."),
            ["-n", "N", "[-m 1|2|3 | [-r L~U] [-u]]", "[FILE]..."]
        );
        // "Usage: t " and a group of 71 columns make 80: the line stays whole, and the
        // next group starts a line of its own, under the first group.
        let wide = |n: usize| format!("[{}]", "a".repeat(n - 2));
        assert_eq!(
            synopsis("t", &[&format!("{} [b]", wide(71))]),
            format!("Usage: t {}\n         [b]\n", wide(71))
        );
        // A later group that ends at column 80 stays on the line too; the next synopsis
        // line starts under "Usage:" with the tool's name.
        assert_eq!(
            synopsis("t", &[&format!("[b] {}", wide(67)), "-x"]),
            format!("Usage: t [b] {}\n       t -x\n", wide(67))
        );
        // A first group too wide for the line is not moved off it.
        assert_eq!(
            synopsis("t", &[&wide(72)]),
            format!("Usage: t {}\n", wide(72))
        );
    }

    #[test]
    fn a_paragraph_wraps_at_80_columns_under_its_indent() {
        let (a, b) = ("a".repeat(70), "b".repeat(5));
        // 4 + 70 + 1 + 5 = 80 columns: one line; a column more: two, both indented.
        assert_eq!(wrap(&format!("{a}  {b}"), 4), format!("    {a} {b}"));
        assert_eq!(wrap(&format!("{a} {b}b"), 4), format!("    {a}\n    {b}b"));
        assert_eq!(wrap("one\n two", 0), "one two");
        // A word too wide for any line is not moved off the first.
        let wide = "x".repeat(90);
        assert_eq!(wrap(&format!("{wide} y"), 0), format!("{wide}\ny"));
    }
}
