import Dispatch
import RenderCore

extension Layer {
    /// Sets the model value of a whole property: the one path every property setter takes.
    ///
    ///     unchanged value        → nothing happens
    ///     otherwise              → join the transaction (open an implicit one if needed)
    ///     layer committed once and actions enabled → look the action up now, before the
    ///                              change (it may read the old presentation value)
    ///     set the model value, mark the property for the commit
    ///     run the action (an implicit animation adds itself under the property's key)
    func change(_ key: PropertyKey, to value: AnimatableValue) {
        dispatchPrecondition(condition: .onQueue(context.queue))
        guard storage.value(of: key) != value else { return }
        context.willChange()
        if baseModel == nil { baseModel = storage }
        var action: Action?
        if isCommitted && !context.transactions.stack.disableActions {
            action = self.action(forKey: key.name)
        }
        do { try storage.setValue(value, of: key) } catch {
            preconditionFailure("layer \(id): \(error)")
        }
        markDirty(key)
        action?.run(forKey: key.name, on: self)
    }

    func markDirty(_ key: PropertyKey) {
        if dirtyMask == 0 { context.delta.propertyLayers.append(Weak(self)) }
        dirtyMask |= 1 << UInt64(key.rawValue)
        setMask |= 1 << UInt64(key.rawValue)
    }

    /// Steps 1–5 of `action(forKey:)`.
    func searchAction(forKey key: String) -> Action? {
        if let d = delegate, let a = d.action(for: self, forKey: key) { return a is NullAction ? nil : a }
        if let a = actions[key] { return a is NullAction ? nil : a }
        var s: [String: Any]? = style
        while let dict = s {
            if let acts = dict["actions"] as? [String: Action], let a = acts[key] { return a is NullAction ? nil : a }
            s = dict["style"] as? [String: Any]
        }
        if let a = type(of: self).defaultAction(forKey: key) { return a is NullAction ? nil : a }
        return implicitAnimation(forKey: key)
    }

    /// Step 5 of the search: the implicit animation of an animatable property.
    func implicitAnimation(forKey key: String) -> Action? {
        guard let pk = PropertyKey(name: key), pk.isAnimatable, pk.layerKinds.contains(kind) else { return nil }
        let stack = context.transactions.stack
        return Animation.basic(LayerKeyPath(pk), from: previousPresentationValue(at: LayerKeyPath(pk)),
                               duration: stack.animationDuration ?? MediaTiming.defaultDuration,
                               timingFunction: stack.timingFunction)
    }

    // MARK: Key paths

    /// The model value at a key path (`position.x`, `transform.rotation.z`, …).
    public func value(forKeyPath keyPath: LayerKeyPath) -> AnimatableValue {
        storage.value(at: keyPath)
    }

    /// Sets the model value at a key path, as a typed property setter would (with the action
    /// search of its property). Throws when the value has the wrong kind or the property
    /// does not exist on this layer kind.
    public func setValue(_ value: AnimatableValue, forKeyPath keyPath: LayerKeyPath) throws(KeyPathError) {
        guard keyPath.property.layerKinds.contains(kind) else {
            throw .notOnLayerKind(keyPath: keyPath.description, kind: kind)
        }
        precondition(keyPath.property != .mask, "layer \(id): set mask through Layer.mask (it keeps the mask layer alive "
            + "and checks it as Core Animation does), not by its id through setValue(_:forKeyPath:)")
        var m = storage
        try m.setValue(value, at: keyPath)
        change(keyPath.property, to: m.value(of: keyPath.property))
    }

    /// String form: `try layer.setValue(.number(0.5), forKeyPath: "opacity")`.
    public func setValue(_ value: AnimatableValue, forKeyPath keyPath: String) throws(KeyPathError) {
        try setValue(value, forKeyPath: try LayerKeyPath(keyPath))
    }
}
