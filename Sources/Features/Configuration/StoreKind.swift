/// Which kind of store the app keeps persons in.
///
/// Only a name: the types behind each kind are known to the composition root
/// alone, which is the one place that turns a kind into a store.
public enum StoreKind: String, Sendable, CaseIterable {
    /// An SQLite file that keeps persons between runs: the default.
    case sqlite
    /// In memory, starting with the samples; nothing is saved.
    case memory
    /// A PostgreSQL server a team shares (``ServerAddress``); built only
    /// with the package's `PostgreSQL` trait.
    case postgresql
}
