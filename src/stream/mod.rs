//! The board stream of FORMAT.md: a lenient, precise reader and an exact writer.

pub mod read;
pub mod write;

pub use read::{Form, Item, LayoutIssue, ReadError, Reader};
pub use write::{Part, Writer};
