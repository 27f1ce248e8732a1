import RenderCore

/// Where properties lie within a `LayerProperties` value, in bytes: what the frame's walk
/// fetches ahead of an evaluation (`AnimationEngine`) and nothing else. The server's concern,
/// not the model's: RenderCore answers only where one field lies (`PropertyField.bytes`, from
/// the property map and `MemoryLayout`), and this folds those answers into the span a layer's
/// animations touch.
extension LayerProperties {
    /// Where the properties in `set` lie, in bytes: from the first one's start to the last
    /// one's end (a property kept out of line counts as the reference to its box). Empty for
    /// an empty set.
    static func storageSpan(of set: PropertySet) -> Range<Int> {
        var lower = Int.max, upper = 0
        var bits = set.rawValue
        while bits != 0 {
            let raw = UInt8(truncatingIfNeeded: bits.trailingZeroBitCount)
            bits &= bits - 1
            let span = storageSpans[Int(raw)]
            lower = min(lower, span.lowerBound); upper = max(upper, span.upperBound)
        }
        return lower < upper ? lower..<upper : 0..<0
    }

    /// `storageSpan` of each property, by raw value (its field's `bytes`).
    private static let storageSpans: [Range<Int>] = (0..<64).map { raw -> Range<Int> in
        PropertyKey(rawValue: UInt8(raw))?.field.bytes ?? 0..<0
    }
}
