import Foundation

/// Finds out whether a component class overrides an animation hook, so that a component
/// implementing one without a scope fails with a message saying so (ComponentKit asserts the
/// same). Swift cannot ask whether a method is overridden; the base implementations record
/// that they ran, so calling the hook once tells. Results are cached per class.
///
/// Any thread (the build's): the markers are per thread, the cache behind a lock.
enum HookProbe {
    enum Hook: Int, CaseIterable, CustomStringConvertible {
        case initialMount, fromPrevious, finalUnmount, bounds
        var description: String {
            switch self {
            case .initialMount: return "animationsOnInitialMount"
            case .fromPrevious: return "animationsFromPreviousComponent(_:)"
            case .finalUnmount: return "animationsOnFinalUnmount"
            case .bounds: return "boundsAnimationFromPreviousComponent(_:)"
            }
        }
    }

    private static let lock = NSLock()
    /// Guarded by `lock`.
    nonisolated(unsafe) private static var cache: [ObjectIdentifier: [Hook]] = [:]
    private static let markerKey = "Components.HookProbe.marker"

    /// Called by the base implementations.
    static func baseCalled(_ hook: Hook) {
        Thread.current.threadDictionary[markerKey] = hook.rawValue
    }

    /// The hooks `component`'s class overrides.
    static func overriddenHooks(of component: Component) -> [Hook] {
        let id = ObjectIdentifier(type(of: component))
        lock.lock()
        if let c = cache[id] { lock.unlock(); return c }
        lock.unlock()
        var result: [Hook] = []
        let d = Thread.current.threadDictionary
        for hook in Hook.allCases {
            d[markerKey] = nil
            switch hook {
            case .initialMount: _ = component.animationsOnInitialMount()
            case .fromPrevious: _ = component.animationsFromPreviousComponent(component)
            case .finalUnmount: _ = component.animationsOnFinalUnmount()
            case .bounds: _ = component.boundsAnimationFromPreviousComponent(component)
            }
            // An override that calls super also marks; it is an override all the same only
            // when it did something else — which cannot be told. Treat it as the base.
            if (d[markerKey] as? Int) != hook.rawValue { result.append(hook) }
        }
        d[markerKey] = nil
        lock.lock(); cache[id] = result; lock.unlock()
        return result
    }
}

/// A component that implements an animation hook has no scope.
public struct MissingScopeError: Error, CustomStringConvertible {
    /// The name of the component's class.
    public let componentType: String
    /// The hooks it implements (`"animationsOnInitialMount"`, …).
    public let hooks: [String]
    /// What is wrong and how to fix it: open a `Scope` in the initializer and pass it to
    /// `super.init(scope:)`.
    public var description: String {
        "\(componentType) implements \(hooks.joined(separator: ", ")) but has no scope: a component that implements an "
            + "animation hook must have a scope so the same logical component can be found in both generations; create "
            + "`let scope = Scope(\(componentType).self)` at the top of its initializer and pass it to super.init(scope:)"
    }
}

extension Component {
    /// Checks the rule of the animation hooks: a component implementing one of
    /// `animationsOnInitialMount`, `animationsFromPreviousComponent(_:)` and
    /// `animationsOnFinalUnmount` must have a scope. Throws `MissingScopeError` naming the
    /// class and the hooks. `boundsAnimationFromPreviousComponent(_:)` without a scope is
    /// not an error: such a component gets no bounds animation (ComponentKit skips it the
    /// same way, having nothing to match it with). Any thread.
    public func validateAnimationHooks() throws {
        guard scopeHandle == nil else { return }
        let hooks = HookProbe.overriddenHooks(of: self).filter { $0 != .bounds }
        guard hooks.isEmpty else {
            throw MissingScopeError(componentType: "\(type(of: self))", hooks: hooks.map(\.description))
        }
    }
}
