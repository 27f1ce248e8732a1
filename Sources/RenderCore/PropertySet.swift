/// A set of layer properties, one bit per `PropertyKey` (by its raw value, all below 64).
public struct PropertySet: OptionSet, Hashable, Sendable {
    public var rawValue: UInt64
    @inlinable public init(rawValue: UInt64) { self.rawValue = rawValue }
    @inlinable public init(_ key: PropertyKey) { rawValue = 1 << UInt64(key.rawValue) }

    /// Every property.
    public static let all = PropertySet(PropertyKey.allCases.map(PropertySet.init))

    @inlinable public func contains(_ key: PropertyKey) -> Bool { rawValue & (1 << UInt64(key.rawValue)) != 0 }
}

extension Animation {
    /// The properties evaluating this animation may write (a superset): its key path's
    /// property; for a keyframe animation along a path also `transform` (rotation mode);
    /// a group's children's; none for a transition.
    public var writtenProperties: PropertySet {
        switch kind {
        case let .basic(b): return PropertySet(b.keyPath.property)
        case let .spring(s): return PropertySet(s.keyPath.property)
        case let .keyframe(k):
            var set = PropertySet(k.keyPath.property)
            if k.path != nil { set.insert(PropertySet(.transform)) }
            return set
        case let .group(g):
            return g.animations.reduce(into: PropertySet()) { $0.formUnion($1.writtenProperties) }
        case .transition:
            return []
        }
    }
}

extension LayerProperties {
    /// Copies the properties in `set` from `m` (the rest stay as they are).
    @inline(__always)
    mutating func assign(_ set: PropertySet, from m: LayerProperties) {
        var bits = set.rawValue
        while bits != 0 {
            let raw = UInt8(truncatingIfNeeded: bits.trailingZeroBitCount)
            bits &= bits - 1
            guard let key = PropertyKey(rawValue: raw) else { continue }
            copy(key, from: m)
        }
    }

    /// Copies one property from `m`.
    @inline(__always)
    mutating func copy(_ key: PropertyKey, from m: LayerProperties) {
        switch key {
        case .position: position = m.position
        case .bounds: bounds = m.bounds
        case .anchorPoint: anchorPoint = m.anchorPoint
        case .zPosition: zPosition = m.zPosition
        case .transform: transform = m.transform
        case .sublayerTransform: if sublayerTransform != m.sublayerTransform { sublayerTransform = m.sublayerTransform }
        case .opacity: opacity = m.opacity
        case .backgroundColor: backgroundColor = m.backgroundColor
        case .borderColor: borderColor = m.borderColor
        case .borderWidth: borderWidth = m.borderWidth
        case .cornerRadius: cornerRadius = m.cornerRadius
        case .isHidden: isHidden = m.isHidden
        case .masksToBounds: masksToBounds = m.masksToBounds
        default:
            // Out of line: write only when it differs, so that a presentation sharing its
            // model's box keeps sharing it.
            if extras !== m.extras && value(of: key) != m.value(of: key) { try? setValue(m.value(of: key), of: key) }
        }
    }
}
