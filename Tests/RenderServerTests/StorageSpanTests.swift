// The spans the frame's walk prefetches (`LayerProperties.storageSpan(of:)`, the server's),
// folded from the property map's answer for each field (`PropertyField.bytes`, RenderCore's).
import RenderCore
import Testing
@testable import RenderServer

@Suite struct StorageSpanTests {
    /// A storage span covers its fields' bytes: inline doubles 8 bytes a slot, in the map's
    /// order; an out-of-line property the box's reference.
    @Test func storageSpansFollowTheMap() {
        let opacity = LayerProperties.storageSpan(of: [PropertySet(.opacity)])
        #expect(opacity.count == 8)
        let position = LayerProperties.storageSpan(of: [PropertySet(.position)])
        #expect(position.count == 16)
        #expect(opacity.lowerBound - position.lowerBound
                == 8 * (Int(PropertyKey.opacity.field.slot) - Int(PropertyKey.position.field.slot)))
        #expect(LayerProperties.storageSpan(of: [PropertySet(.transform)]).count == 128)
        let shadow = LayerProperties.storageSpan(of: [PropertySet(.shadowOpacity)])
        #expect(shadow == LayerProperties.storageSpan(of: [PropertySet(.fillColor)]))
        #expect(shadow.count == MemoryLayout<AnyObject>.size)
        #expect(LayerProperties.storageSpan(of: []) == 0..<0)
        // A set spans from its first field's start to its last one's end.
        let both = LayerProperties.storageSpan(of: [PropertySet(.position), PropertySet(.opacity)])
        #expect(both == position.lowerBound ..< opacity.upperBound)
        for key in PropertyKey.allCases {
            let span = LayerProperties.storageSpan(of: [PropertySet(key)])
            #expect(span == key.field.bytes, "\(key)")
            #expect(span.lowerBound >= 0 && span.upperBound <= MemoryLayout<LayerProperties>.size, "\(key)")
        }
    }
}
