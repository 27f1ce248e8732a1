import Foundation

/// What `Component.init(scope:)` takes: a scope created at the top of a subclass's
/// initializer.
public protocol ScopeProtocol {
    /// The scope's identity and state for this build.
    var handle: ScopeHandle { get }
}

/// A component scope (`CKComponentScope`): gives the component being built an identity —
/// its type, an optional identifier, and its order among siblings of the same type and
/// identifier, under the enclosing scopes — and the state kept under that identity.
///
///     init(quote: Quote) {
///         let scope = Scope(QuoteComponent.self, identifier: quote.id) { false }  // initial state
///         let overlay = scope.state ? OverlayComponent() : nil        // built inside the scope
///         super.init(scope: scope, …)                                 // closes the scope
///     }
///
/// Create it first thing in the initializer, build the children, then pass it to
/// `super.init(scope:)`: components created in between are nested in it. On a rebuild the
/// same identity finds the same state (with pending `updateState` calls applied in order);
/// a new identity starts from `initialState`.
public struct Scope<State>: ScopeProtocol {
    /// The identity and state this scope found or made for this build.
    public let handle: ScopeHandle

    /// Opens a scope for a component of `type` with an `identifier` (distinguishes siblings
    /// of one type; `nil` for none) and `initialState` for a new identity.
    public init(_ type: Component.Type, identifier: AnyHashable? = nil, initialState: () -> State) {
        handle = BuildContext.open(type, identifier: identifier, initialState: initialState)
    }

    /// The state for this build.
    public var state: State {
        guard let s = handle.state as? State else {
            preconditionFailure("scope \(handle.identity): its state is a \(type(of: handle.state)), not a \(State.self); "
                + "give each scope one state type")
        }
        return s
    }
}

extension Scope where State == Void {
    /// A scope without state (identity only: for the animation hooks).
    public init(_ type: Component.Type, identifier: AnyHashable? = nil) {
        self.init(type, identifier: identifier, initialState: {})
    }
}

/// A scope's identity: the path of (type, identifier, sibling index) from the root.
public struct ScopeIdentity: Hashable, Sendable, CustomStringConvertible {
    struct Step: Hashable, @unchecked Sendable {
        let type: ObjectIdentifier
        let typeName: String
        let identifier: AnyHashable?
        let index: Int
    }
    let path: [Step]

    /// The path of types, identifiers (in parentheses) and sibling indices (`#n`), for logs.
    public var description: String {
        path.map { s in
            var d = s.typeName
            if let id = s.identifier { d += "(\(id))" }
            if s.index > 0 { d += "#\(s.index)" }
            return d
        }.joined(separator: "/")
    }
}

/// The identity and state of one scope in one build. Immutable state snapshot; updates go
/// through the root that built it. Any thread.
public final class ScopeHandle {
    /// Where the scope is in the tree: what finds the same state and the same mounted view
    /// from one generation to the next.
    public let identity: ScopeIdentity
    /// The state for the build that made this handle.
    public let state: Any
    weak var root: ScopeRoot?
    let componentType: Component.Type
    /// Set when a component's initializer closes the scope.
    var closed = false

    init(identity: ScopeIdentity, state: Any, root: ScopeRoot?, componentType: Component.Type) {
        self.identity = identity; self.state = state; self.root = root; self.componentType = componentType
    }

    func enqueue<State>(_ update: @escaping (State) -> State, mode: StateUpdateMode) {
        guard let root else {
            preconditionFailure("updateState on \(componentType) (scope \(identity)): it was built outside a host (or its "
                + "host is gone); build components inside a HostingView or CollectionHost")
        }
        let id = identity, type = componentType
        root.enqueue(identity, { old in
            guard let s = old as? State else {
                preconditionFailure("updateState on \(type) (scope \(id)): the state is a \(Swift.type(of: old)), "
                    + "the update takes a \(State.self)")
            }
            return update(s)
        }, mode: mode)
    }
}

/// The scopes of one host across builds: the states of the last build, pending updates,
/// and who to tell when an update arrives. Thread-safe.
final class ScopeRoot {
    private let lock = NSLock()
    private var states: [ScopeIdentity: Any] = [:]
    private var pending: [ScopeIdentity: [(Any) -> Any]] = [:]
    /// Told (on the updating thread) that an update is pending.
    var onUpdate: ((StateUpdateMode) -> Void)?

    func enqueue(_ identity: ScopeIdentity, _ update: @escaping (Any) -> Any, mode: StateUpdateMode) {
        lock.lock()
        pending[identity, default: []].append(update)
        lock.unlock()
        onUpdate?(mode)
    }

    var hasPendingUpdates: Bool { lock.lock(); defer { lock.unlock() }; return !pending.isEmpty }

    /// Runs `body` as a build: scopes created on this thread meanwhile take their state from
    /// the last build, with pending updates applied. The states of this build replace the
    /// old ones (scopes not created again are forgotten). Traps when a scope was opened but
    /// never closed by a component.
    func build<T>(_ body: () -> T) -> T {
        lock.lock()
        let previous = states
        let updates = pending
        pending = [:]
        lock.unlock()
        let ctx = BuildContext(root: self, previous: previous, updates: updates)
        let result = BuildContext.with(ctx, body)
        lock.lock()
        states = ctx.states
        lock.unlock()
        return result
    }
}

/// The thread-local state of a build in progress: the stack of open scopes and the sibling
/// counters that make identities.
final class BuildContext {
    let root: ScopeRoot?
    let previous: [ScopeIdentity: Any]
    let updates: [ScopeIdentity: [(Any) -> Any]]
    var states: [ScopeIdentity: Any] = [:]
    /// Open scopes, innermost last.
    var stack: [ScopeHandle] = []
    /// Per enclosing scope (by depth), how many siblings of each (type, identifier) so far.
    var counters: [[ScopeCounterKey: Int]] = [[:]]

    struct ScopeCounterKey: Hashable {
        let type: ObjectIdentifier
        let identifier: AnyHashable?
    }

    init(root: ScopeRoot?, previous: [ScopeIdentity: Any], updates: [ScopeIdentity: [(Any) -> Any]]) {
        self.root = root; self.previous = previous; self.updates = updates
    }

    private static let key = "Components.BuildContext"

    static var current: BuildContext? { Thread.current.threadDictionary[key] as? BuildContext }

    static func with<T>(_ ctx: BuildContext, _ body: () -> T) -> T {
        let d = Thread.current.threadDictionary
        let saved = d[key]
        d[key] = ctx
        defer { d[key] = saved }
        let r = body()
        if let open = ctx.stack.last {
            preconditionFailure("Scope(\(open.componentType), …) at \(open.identity) was opened but never passed to "
                + "super.init(scope:) of a component; pass the scope to the initializer of the component it belongs to")
        }
        return r
    }

    static func open<State>(_ type: Component.Type, identifier: AnyHashable?, initialState: () -> State) -> ScopeHandle {
        // Outside a build (a component made by hand, e.g. in a test): an identity of its own,
        // its initial state, and no root to send updates to.
        let ctx = current ?? BuildContext(root: nil, previous: [:], updates: [:])
        let ck = ScopeCounterKey(type: ObjectIdentifier(type), identifier: identifier)
        let index = ctx.counters[ctx.counters.count - 1][ck, default: 0]
        ctx.counters[ctx.counters.count - 1][ck] = index + 1
        let step = ScopeIdentity.Step(type: ObjectIdentifier(type), typeName: "\(type)", identifier: identifier, index: index)
        let identity = ScopeIdentity(path: (ctx.stack.last?.identity.path ?? []) + [step])
        var state: Any = ctx.previous[identity] ?? initialState()
        for u in ctx.updates[identity] ?? [] { state = u(state) }
        ctx.states[identity] = state
        let h = ScopeHandle(identity: identity, state: state, root: ctx.root, componentType: type)
        if current != nil {
            ctx.stack.append(h)
            ctx.counters.append([:])
        } else {
            h.closed = true
        }
        return h
    }

    /// A component initializer closes its scope: it must be the innermost open one.
    static func close(_ h: ScopeHandle, for type: Component.Type) {
        if h.closed {
            if current == nil { return }
            preconditionFailure("\(type): scope \(h.identity) was already given to another component; each component "
                + "needs a Scope of its own")
        }
        guard let ctx = current, let top = ctx.stack.last else {
            preconditionFailure("\(type): scope \(h.identity) closed outside the build that opened it")
        }
        precondition(top === h, "\(type): scope \(h.identity) was passed to super.init(scope:) while scope \(top.identity) "
            + "(opened after it) is still open; each initializer must pass its own scope before returning")
        precondition(h.componentType == type || isSubclass(type, of: h.componentType),
                     "scope \(h.identity) was opened for \(h.componentType) but given to a \(type)")
        ctx.stack.removeLast()
        ctx.counters.removeLast()
        h.closed = true
    }

    private static func isSubclass(_ a: Component.Type, of b: Component.Type) -> Bool {
        var c: AnyClass? = a
        while let x = c { if x == b { return true }; c = class_getSuperclassCompat(x) }
        return false
    }
}

/// `class_getSuperclass` without the Objective-C runtime.
private func class_getSuperclassCompat(_ c: AnyClass) -> AnyClass? { _getSuperclass(c) }
