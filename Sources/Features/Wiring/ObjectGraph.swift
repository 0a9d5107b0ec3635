/// The object graph the injectors built, drawn as a Mermaid flowchart.
///
/// Made from the steps of a real run (`people graph` records one), never
/// from a list kept by hand, so it cannot drift from the code. One subgraph
/// per scope; an arrow from each object to what it was built with; providers
/// drawn round, with a dotted arrow to what each one makes when called; every
/// object labelled with its lifetime: kept by its scope ("kept, one per session"),
/// or made for the one object that holds it ("made for its owner").
public struct ObjectGraph: Sendable {
    /// One object (or provider) of the graph, in the scope it lives in.
    struct Node: Hashable {
        let name: String
        let scopeKind: String
    }

    private var nodes: [Node] = []
    private var lifetimes: [Node: String] = [:]
    private var edges: [(from: Node, to: Node, makes: Bool)] = []

    /// The scopes, outermost first, with what begins and ends each.
    static let scopes = [
        ("app", "app scope: one per run of people"),
        ("session", "session scope: one per interactive session"),
        ("person", "person scope: one per opened person"),
    ]

    /// The graph the `steps` of a run describe.
    public init(steps: [WiringStep]) {
        // What each depth is being built inside of: an object, or a provider
        // being called (whose products get a dotted arrow).
        var parents: [(node: Node, isCall: Bool)] = []
        for step in steps {
            parents.removeLast(max(0, parents.count - step.depth))
            let node = Node(name: step.name, scopeKind: step.scopeKind)
            switch step.event {
            case .begins:
                continue
            case .called:
                parents.append((node, true))
                continue
            case .kept, .reused, .made, .provider:
                add(node, lifetime: Self.lifetime(of: step))
            }
            if let parent = parents.last { connect(parent.node, node, makes: parent.isCall) }
            parents.append((node, false))
        }
    }

    private static func lifetime(of step: WiringStep) -> String {
        switch step.event {
        case .kept, .reused: "kept, one per \(step.scopeKind)"
        case .provider: "provider"
        default: "made for its owner"
        }
    }

    private mutating func add(_ node: Node, lifetime: String) {
        if lifetimes[node] == nil { nodes.append(node) }
        // A kept object may first be seen made; kept is what it is.
        if lifetimes[node] == nil || lifetime.hasPrefix("kept") { lifetimes[node] = lifetime }
    }

    private mutating func connect(_ from: Node, _ to: Node, makes: Bool) {
        guard from != to, !edges.contains(where: { $0.from == from && $0.to == to }) else { return }
        edges.append((from, to, makes))
    }

    /// The graph as Mermaid flowchart text, which GitHub draws.
    public var mermaid: String {
        var lines = ["flowchart LR"]
        for (kind, title) in Self.scopes {
            let members = nodes.filter { $0.scopeKind == kind }
            guard !members.isEmpty else { continue }
            lines.append("    subgraph \(kind)[\"\(title)\"]")
            for node in members {
                let label = "\(node.name)<br/><i>\(lifetimes[node] ?? "")</i>"
                lines.append(
                    lifetimes[node] == "provider"
                        ? "        \(id(node))([\"\(label)\"])"
                        : "        \(id(node))[\"\(label)\"]")
            }
            lines.append("    end")
        }
        for edge in edges {
            lines.append(
                "    \(id(edge.from)) \(edge.makes ? "-. makes .->" : "-->") \(id(edge.to))")
        }
        return lines.joined(separator: "\n")
    }

    private func id(_ node: Node) -> String {
        node.scopeKind + "_" + String(node.name.filter { $0.isLetter || $0.isNumber })
    }
}
