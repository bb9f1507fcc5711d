// Placeholder until tools/mkwinnable runs.
use super::Entry;
/// Every option set.
pub const TABLE: &[Entry] = &[];
