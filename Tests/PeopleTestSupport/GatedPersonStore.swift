import Features
import Foundation

/// A store whose calls wait at a gate until the test lets them through:
/// how async behaviour is tested without a clock.
///
/// Every call parks before it reaches the wrapped store. The test waits
/// until a call has parked (``nextParkedCall()``), looks at the screen while
/// it is loading, and then lets the call go on (``release()``), or cancels
/// what is waiting and checks that the call saw it (``cancelledCalls``). A
/// parked call honours cancellation at once, as a real store does, so a
/// test can show that quitting never waits for a load: the gate is simply
/// never opened.
///
/// ```swift
///         let session = Task { await AppInjector.injectApplication(app).run() }
///         // `1` waits for the list: its page, in one call.
///         #expect(await gated.nextParkedCall() == "listPage")
///         gated.release()
/// ```
public final class GatedPersonStore: PersonStore {
    private struct Parked {
        let call: String
        let gate: Gate
    }

    private struct State {
        var isOpen = false
        var parked: [Parked] = []
        /// Calls that parked and that no one has asked about yet.
        var unseen: [String] = []
        var watchers: [(number: Int, resume: CheckedContinuation<String, Never>)] = []
        var nextWatcher = 0
        /// Waits whose task was cancelled before they began to wait.
        var cancelledWatchers: Set<Int> = []
        var cancelledCalls = 0
    }

    private let store: any PersonStore
    private let state = Locked(State())
    /// The calls that go on waiting when their task is cancelled.
    private let deafCalls: Set<String>

    /// A gate, shut, in front of `store`.
    ///
    /// - Parameters:
    ///   - store: the store a call let through the gate goes on to.
    ///   - deafCalls: the calls ("update", …) that, parked, do not hear
    ///     their task cancelled, as a call to a server that has stopped
    ///     answering never returns: for a test of what gives up waiting.
    public init(_ store: any PersonStore, deafTo deafCalls: Set<String> = []) {
        self.store = store
        self.deafCalls = deafCalls
    }

    /// What ``nextParkedCall()`` answers when its task is cancelled before
    /// a call parks: no call's name, so every expectation of one fails.
    public static let noCallBeforeCancellation = "no call (the wait was cancelled)"

    /// Waits until a call has parked at the gate, and names it ("listPage",
    /// "person", …): a confirmation that the screen asked, without a clock.
    ///
    /// The wait ends when its task is cancelled, answering
    /// ``noCallBeforeCancellation``: a test waiting for a call that never
    /// comes then fails when its time limit cancels it, instead of holding
    /// the whole run for ever. A later call is told to the next wait.
    public func nextParkedCall() async -> String {
        let number = state.withLock { state in
            defer { state.nextWatcher += 1 }
            return state.nextWatcher
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { watcher in
                let answer = state.withLock { state -> String? in
                    if !state.unseen.isEmpty { return state.unseen.removeFirst() }
                    if state.cancelledWatchers.contains(number) {
                        return Self.noCallBeforeCancellation
                    }
                    state.watchers.append((number, watcher))
                    return nil
                }
                if let answer { watcher.resume(returning: answer) }
            }
        } onCancel: {
            let watcher = state.withLock { state -> CheckedContinuation<String, Never>? in
                state.cancelledWatchers.insert(number)
                guard let index = state.watchers.firstIndex(where: { $0.number == number }) else {
                    return nil
                }
                return state.watchers.remove(at: index).resume
            }
            watcher?.resume(returning: Self.noCallBeforeCancellation)
        }
    }

    /// Lets the call that parked first go on to the store.
    public func release() {
        let parked = state.withLock { state in
            state.parked.isEmpty ? nil : state.parked.removeFirst()
        }
        parked?.gate.open()
    }

    /// Opens the gate: every parked call goes on, and no call parks again.
    public func open() {
        let parked = state.withLock { state in
            state.isOpen = true
            defer { state.parked.removeAll() }
            return state.parked
        }
        for call in parked { call.gate.open() }
    }

    /// How many calls are parked now.
    public var parkedCount: Int { state.withLock { $0.parked.count } }

    /// How many calls ended, parked or about to park, because their task was
    /// cancelled.
    public var cancelledCalls: Int { state.withLock { $0.cancelledCalls } }

    /// Parks the call named `call` at a gate of its own until the test lets
    /// it through, or throws `CancellationError` as soon as its task is
    /// cancelled.
    private func pass(_ call: String) async throws {
        let gate = Gate()
        let watcher = state.withLock { state -> CheckedContinuation<String, Never>? in
            if state.isOpen {
                gate.open()
                return nil
            }
            state.parked.append(Parked(call: call, gate: gate))
            if state.watchers.isEmpty {
                state.unseen.append(call)
                return nil
            }
            return state.watchers.removeFirst().resume
        }
        watcher?.resume(returning: call)
        do {
            if deafCalls.contains(call) {
                // A task of its own, which no cancel of the caller's reaches.
                try await Task.detached { try await gate.pass() }.value
            } else {
                try await gate.pass()
            }
        } catch {
            state.withLock { state in
                state.cancelledCalls += 1
                state.parked.removeAll { $0.gate === gate }
            }
            throw error
        }
    }

    /// Parks `query`, named, at the gate, then hands it on: one method
    /// for every query.
    public func perform<Query: PersonQuery>(_ query: Query) async throws -> Query.Answer {
        try await pass(query.name)
        return try await store.perform(query)
    }

    public func readingConsistently<T: Sendable>(_ body: @Sendable () async throws -> T)
        async throws -> T
    {
        try await pass("readingConsistently")
        return try await store.readingConsistently(body)
    }
}
