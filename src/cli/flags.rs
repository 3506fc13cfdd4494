//! One flag table per tool, and everything built from it: the parser, `-h` and `--help`.
//!
//! After ripgrep's `flags/defs.rs`: a flag is described once, with its names, value name,
//! one-line and long documentation and choices, and the parser and the help text are derived
//! from that description, so a flag cannot exist in one and be missing from the other.

use std::ffi::OsString;
use std::fmt::Write as _;

use super::Error;

/// One command-line flag.
#[derive(Debug)]
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

    /// How the flag is named in messages: `--create` (or `-c` when that is what was typed).
    pub fn name(&self) -> String {
        format!("--{}", self.long)
    }
}

/// The flags every tool has.
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

/// A tool: its name, its synopsis, its flags and the prose of its manual.
#[derive(Debug)]
pub struct Tool {
    pub name: &'static str,
    /// One line: what the tool does.
    pub about: &'static str,
    /// Synopsis lines, each after the tool's name.
    pub usage: &'static [&'static str],
    /// Paragraphs for `--help` and the manual's DESCRIPTION.
    pub description: &'static str,
    pub flags: &'static [Flag],
    /// Operands, as `(name, doc)`.
    pub operands: &'static [(&'static str, &'static str)],
    /// Example pipelines, as `(command, what it does)`.
    pub examples: &'static [(&'static str, &'static str)],
}

/// One parsed command-line item.
#[derive(Debug)]
pub enum Arg {
    Flag(&'static Flag, Option<OsString>),
    Operand(OsString),
}

/// What the command line asks for.
#[derive(Debug)]
pub enum Parsed {
    Help { long: bool },
    Version,
    Args(Vec<Arg>),
}

pub const EXIT_STATUS: &str = "0 when everything asked was done and every board passed; 1 when the run went through \
but at least one board failed (each failure is reported on standard error as file:line: board N: reason); \
2 on a usage error or an I/O error (missing file, unwritable output, input that is not a board stream).";

impl Tool {
    pub fn flag(&self, long: &str) -> &'static Flag {
        self.flags
            .iter()
            .find(|f| f.long == long)
            .unwrap_or_else(|| panic!("no flag --{long}"))
    }

    /// Parses the arguments after the program name. `-h`, `--help`, `-V` and `--version`
    /// win over everything else on the line, so help never depends on the rest being right.
    pub fn parse(&'static self, args: Vec<OsString>) -> Result<Parsed, Error> {
        for a in args.iter().take_while(|a| *a != "--") {
            match a.to_str() {
                Some("-h") => return Ok(Parsed::Help { long: false }),
                Some("--help") => return Ok(Parsed::Help { long: true }),
                Some("-V" | "--version") => return Ok(Parsed::Version),
                _ => {}
            }
        }
        let mut p = lexopt::Parser::from_args(args);
        let mut out = Vec::new();
        while let Some(arg) = p.next().map_err(|e| self.usage(e.to_string()))? {
            use lexopt::Arg::*;
            let flag = match arg {
                Short(c) => self.flags.iter().find(|f| f.short == Some(c)),
                Long(l) => self.flags.iter().find(|f| f.long == l),
                Value(v) => {
                    out.push(Arg::Operand(v));
                    continue;
                }
            };
            let Some(flag) = flag else {
                return Err(self.usage(arg.unexpected().to_string()));
            };
            let value = match flag.value {
                Some(_) => Some(p.value().map_err(|e| self.usage(e.to_string()))?),
                None => None,
            };
            out.push(Arg::Flag(flag, value));
        }
        Ok(Parsed::Args(out))
    }

    /// A usage error: the message, then how to get help.
    pub fn usage(&self, msg: String) -> Error {
        Error::Usage {
            tool: self.name,
            msg,
            usage: self.synopsis(),
        }
    }

    fn synopsis(&self) -> String {
        let mut s = String::new();
        for (i, u) in self.usage.iter().enumerate() {
            let lead = if i == 0 { "Usage:" } else { "      " };
            let _ = writeln!(s, "{lead} {} {u}", self.name);
        }
        s
    }

    /// `-h` (a summary) or `--help` (everything).
    pub fn help(&self, long: bool) -> String {
        let mut s = format!(
            "{} {}\n{}\n\n{}",
            self.name,
            env!("CARGO_PKG_VERSION"),
            self.about,
            self.synopsis()
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
        for f in self.flags {
            if long {
                let _ = writeln!(s, "  {}\n{}\n", f.signature(), wrap(f.long_doc, 10));
            } else {
                let _ = writeln!(s, "  {:<22} {}", f.signature(), f.doc);
            }
        }
        if long {
            let _ = write!(s, "Exit status:\n{}\n", wrap(EXIT_STATUS, 2));
            if !self.examples.is_empty() {
                s.push_str("\nExamples:\n");
                for (cmd, what) in self.examples {
                    let _ = writeln!(s, "  {cmd}\n{}", wrap(what, 6));
                }
            }
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
