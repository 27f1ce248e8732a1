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
    /// Copies the properties in `set` from `*m` (the rest stay as they are), each at the
    /// slots the map gives it. `m` is read in place: no copy of the whole value. It must not
    /// point at `self`.
    @inline(__always)
    mutating func assign(_ set: PropertySet, from m: UnsafePointer<LayerProperties>) {
        var bits = set.rawValue
        while bits != 0 {
            let raw = UInt8(truncatingIfNeeded: bits.trailingZeroBitCount)
            bits &= bits - 1
            guard let key = PropertyKey(rawValue: raw) else { continue }
            let f = key.field
            if f.place == .inline {
                let s = Int(f.slot)
                if f.column == .bools {
                    flags[s] = m.pointee.flags[s]
                } else if f.kind == .transform && (transformIsSparse || m.pointee.transformIsSparse) {
                    // Whole in a sparse box on one side: set where it belongs, only when it
                    // differs (a presentation sharing its model's box keeps sharing it).
                    let v = LayerProperties.transform(in: m)
                    if transform != v { setTransform(v) }
                } else {
                    for i in s ..< s + f.width { words[i] = m.pointee.words[i] }
                }
            } else if f.place == .extras ? extras !== m.pointee.extras : sparse !== m.pointee.sparse {
                // Out of line: write only when it differs, so that a presentation sharing its
                // model's box keeps sharing it.
                // Both read in place (`value(of:in:)`): no copy of either value.
                let v = LayerProperties.value(of: key, in: m)
                let mine = withUnsafePointer(to: &self) { LayerProperties.value(of: key, in: $0) }
                if mine != v { try? setValue(v, of: key) }
            }
        }
    }
}

extension Animation {
    /// Whether evaluating this animation writes values that do not depend on what its
    /// property held before (a whole property, not additive; for basic and spring animations
    /// both `from` and `to` set): an evaluator need not reset that property first. False
    /// where that is not known (groups, paths, transitions, general evaluation).
    public var overwritesItsProperty: Bool { plan.overwrites }
}
