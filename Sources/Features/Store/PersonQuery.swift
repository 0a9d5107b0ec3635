import Foundation

/// One question or change a store answers, as a value: what a store call
/// is, once the call has been made into something layers can hand on.
///
/// A query is declared once, in a file of its own under `Queries/`, and
/// says everything the layers between a screen and a real store need to
/// know about it: its name and how the trace shows it, whether it writes
/// (what a read-only store refuses), and how a store of several sources
/// merges what each answers. Every decorator and fake then handles every
/// query with one generic ``PersonStore/perform(_:)`` — forwarding,
/// tracing, waiting, gating and recording are written once — the way a
/// Tower `Layer` wraps any `Service<Request>` and a swift-nio handler sees
/// every event through one entry point. Only the real stores answer each
/// query by name (``PersonStorage``), so the compiler names a real store
/// that misses one.
///
/// Adding a query is four files of `Sources`: its type under `Queries`,
/// with the ``PersonStore`` method that makes it and the plain answer of
/// ``MemoryPersonStore`` beside it; its `answer(_:)` in ``PersonStorage``;
/// and its answers in the SQLite and PostgreSQL stores (the article "Add a
/// store query, end to end" walks through it).
public protocol PersonQuery: Sendable {
    /// What the store answers.
    associatedtype Answer: Sendable

    /// The query's name, as a recording or gated fake writes it down:
    /// `"count"`, `"listPage"`.
    var name: String { get }

    /// Whether the query changes the store, and whom: what a read-only
    /// store refuses, naming the person it will not change.
    var effect: PersonQueryEffect { get }

    /// The call as the trace shows it: `count(matching: "ada")`.
    var description: String { get }

    /// The answer as the trace shows it: `3`, `#4`, `done`.
    func describe(_ answer: Answer) -> String

    /// Asks a real store, by the method that answers this query.
    func run(on store: some PersonStorage) async throws -> Answer

    /// Answers from several sources at once: what an
    /// ``AggregatePersonStore`` gives, by asking some or all of `sources`
    /// and combining their answers.
    func merge(from sources: PersonSources) async throws -> Answer
}

/// What a query does to the store: reads, adds, or changes a person
/// already there.
///
/// A read-only store reads what is asked and refuses the rest, naming in
/// its error the person it was asked to add or change.
public enum PersonQueryEffect: Sendable, Hashable {
    /// Reads, and changes nothing.
    case reads
    /// Adds persons; `name` is the one the refusal names.
    case adds(name: String)
    /// Changes or removes `person`, as the caller last read them.
    case changes(Person)
}
