//! Which table format a column family writes (RocksDB's `table_factory`): block-based, the default, or PlainTable
//! with its options. Reading does not depend on it: a table is opened by its footer's magic number
//! (`reader::Table::open_external`), so a family's files may be of both formats.

use crate::table::plain::PlainTableOptions;

#[derive(Clone, Debug, Default, PartialEq)]
/// The format new tables are written in (RocksDB's `table_factory`).
pub enum TableFactory {
    /// BlockBasedTableFactory; its options are `Options::table`.
    #[default]
    BlockBased,
    /// PlainTableFactory (`table::plain`).
    Plain(PlainTableOptions),
}

impl TableFactory {
    /// The factory's name, as the OPTIONS file's `table_factory` and section title spell it.
    pub fn name(&self) -> &'static str {
        match self {
            TableFactory::BlockBased => "BlockBasedTable",
            TableFactory::Plain(_) => crate::table::plain::FACTORY_NAME,
        }
    }
}
