import Foundation
import RenderClient

/// Decides what a view's layer runs for a property change while it is the current provider
/// (`View.performWithActionProvider(_:_:)`): the role UIKit's animation state plays in
/// `actionForLayer:forKey:`, opened up so that block APIs of one's own (the seed's "pop"
/// block) are built on the same mechanism as `View.animate`.
///
/// Called on the view's callback queue, before the model value changes (read the old value
/// from `view.layer`). Return the action to run (an `Animation` is one), or `nil` for none:
/// the view then answers the null action, so the layer's search stops and the change takes
/// effect without animation.
public protocol ViewActionProvider: AnyObject {
    /// The action for a change of `key` (a layer key path: `"position"`, `"bounds"`,
    /// `"opacity"`, …) on `view`'s layer, asked before the value changes: an action to run,
    /// `.null` for no animation, or `nil` to let the view answer as it would outside any block
    /// (the null action). Called on the view's queue, once per changed key.
    func action(for view: View, forKey key: String) -> Action?
}

/// The per-thread stack of action providers (an animation block's body runs synchronously
/// on the thread that called it, so the innermost block is the top of this thread's stack).
/// A `nil` entry is `performWithoutAnimation`.
enum ViewActions {
    final class Stack {
        var providers: [ViewActionProvider?] = []
        var animationsEnabled = true
    }

    private static let key = "RenderViews.ViewActions.stack"

    static var stack: Stack {
        let d = Thread.current.threadDictionary
        if let s = d[key] as? Stack { return s }
        let s = Stack()
        d[key] = s
        return s
    }

    /// The view's answer to its layer's action search.
    static func action(for view: View, forKey key: String) -> Action? {
        let s = stack
        guard s.animationsEnabled, let top = s.providers.last, let provider = top else { return NullAction() }
        return provider.action(for: view, forKey: key) ?? NullAction()
    }

    static func push(_ p: ViewActionProvider?) { stack.providers.append(p) }
    static func pop() { _ = stack.providers.popLast() }
}

extension View {
    /// Runs `body` with `provider` answering every view's action search (nested calls stack:
    /// the innermost provider answers). What an animation block does, for block APIs of
    /// one's own.
    public static func performWithActionProvider(_ provider: ViewActionProvider, _ body: () throws -> Void) rethrows {
        ViewActions.push(provider)
        defer { ViewActions.pop() }
        try body()
    }

    /// The provider answering view action searches on this thread now (the innermost
    /// animation block's or custom provider), `nil` outside any block or inside
    /// `performWithoutAnimation`.
    public static var currentActionProvider: ViewActionProvider? {
        ViewActions.stack.providers.last ?? nil
    }

    /// Runs `body` with every view change taking effect without animation, even inside an
    /// animation block.
    public static func performWithoutAnimation(_ body: () throws -> Void) rethrows {
        ViewActions.push(nil)
        defer { ViewActions.pop() }
        try body()
    }

    /// Whether animation blocks animate on this thread (`setAnimationsEnabled`); when false,
    /// changes inside blocks take effect at once (completions still run).
    public static var areAnimationsEnabled: Bool {
        get { ViewActions.stack.animationsEnabled }
        set { ViewActions.stack.animationsEnabled = newValue }
    }
}
