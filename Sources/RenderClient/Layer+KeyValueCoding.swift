import RenderCore

/// Key-value coding with untyped values, as Core Animation code writes it:
///
///     layer.setValue(0.5, forKeyPath: "opacity")
///     layer.setValue(CGPoint(x: 10, y: 20), forKeyPath: "position")
///     layer.setValue(Double.pi, forKeyPath: "transform.rotation.z")
///     let x = layer.value(forKeyPath: "position.x") as? Double
///
/// A key path that names a layer property (see `LayerKeyPath`) reads and writes the model
/// value, exactly as the typed property does: a set runs the action search (so a committed
/// standalone layer animates it implicitly). `"frame"` is `frame`, `"mask"` is `mask` (a
/// `Layer`). Any other key stores an app value on the layer, as `CALayer` does for keys it
/// does not know (client side only, never sent). The typed forms stay:
/// `value(forKeyPath: LayerKeyPath) -> AnimatableValue`, `setValue(_: AnimatableValue, forKeyPath:) throws`.
extension Layer {
    /// The value at `keyPath`, untyped (`AnimatableValue.anyValue`: `Double`, `Point`, `Size`,
    /// `Rect`, `Color`, `Transform3D`, `Bool`, `String`, …); `frame` as a `Rect`, `mask` as
    /// the mask `Layer`; for another key, the app value stored under it, or `nil`.
    public func value(forKeyPath keyPath: String) -> Any? {
        switch keyPath {
        case "frame": return frame as Rect
        case "mask": return mask
        default: break
        }
        guard let kp = try? LayerKeyPath(keyPath), kp.property.exists(on: kind) else { return userValues[keyPath] }
        return storage.value(at: kp).anyValue
    }

    /// `value(forKeyPath:)` (a key is a key path of one component).
    public func value(forKey key: String) -> Any? { value(forKeyPath: key) }

    /// Sets the value at `keyPath` from an untyped value (see `AnimatableValue(any:)` for
    /// the types taken; `CGPoint`, `CGRect`, `CGFloat`, `Int`, … included). `nil` sets a
    /// layer property back to its default. Traps, naming the layer, the key path and the
    /// types it takes, on a value of another kind: Core Animation would raise too.
    public func setValue(_ value: Any?, forKeyPath keyPath: String) {
        if keyPath == "mask" {
            guard let value else { mask = nil; return }
            guard let m = value as? Layer else {
                preconditionFailure("layer \(id): \"mask\" takes a Layer or nil, got \(type(of: value))")
            }
            mask = m
            return
        }
        if keyPath == "frame" {
            guard let v = value, let r = AnimatableValue(any: v)?.rect else {
                preconditionFailure("layer \(id): \"frame\" takes a CGRect or Rect, got \(value.map { "\(type(of: $0))" } ?? "nil")")
            }
            frame = r
            return
        }
        guard let kp = try? LayerKeyPath(keyPath), kp.property.exists(on: kind) else {
            userValues[keyPath] = value
            return
        }
        let v: AnimatableValue
        if let value {
            guard let converted = AnimatableValue(any: value, for: kp) else {
                preconditionFailure("layer \(id): \(value) (\(type(of: value))) is not a value for \"\(keyPath)\"; it takes a "
                    + "\(kp.valueKind) (\(AnimatableValue.acceptedTypes(for: kp.valueKind)))")
            }
            v = converted
        } else {
            v = LayerProperties().value(at: kp)
        }
        do { try setValue(v, forKeyPath: kp) } catch { preconditionFailure("layer \(id): \(error)") }
    }

    /// `setValue(_:forKeyPath:)` (a key is a key path of one component).
    public func setValue(_ value: Any?, forKey key: String) { setValue(value, forKeyPath: key) }
}
