// The spans the frame's walk prefetches (`LayerProperties.storageSpan(of:)`, the server's),
// folded from the property map's answer for each field (`PropertyField.bytes`, RenderCore's).
import RenderCore
import Testing
@testable import RenderServer

@Suite struct StorageSpanTests {
    /// A storage span covers its fields' bytes: inline doubles 8 bytes a slot, in the map's
    /// order; an out-of-line property its box's reference.
    @Test func storageSpansFollowTheMap() {
        let opacity = LayerProperties.storageSpan(of: [PropertySet(.opacity)])
        #expect(opacity.count == 8)
        let position = LayerProperties.storageSpan(of: [PropertySet(.position)])
        #expect(position.count == 16)
        #expect(opacity.lowerBound - position.lowerBound
                == 8 * (Int(PropertyKey.opacity.field.slot) - Int(PropertyKey.position.field.slot)))
        #expect(LayerProperties.storageSpan(of: [PropertySet(.bounds)]).count == 32)
        let shadow = LayerProperties.storageSpan(of: [PropertySet(.shadowOpacity)])
        #expect(shadow == LayerProperties.storageSpan(of: [PropertySet(.fillColor)]))
        #expect(shadow.count == MemoryLayout<AnyObject>.size)
        let box = LayerProperties.storageSpan(of: [PropertySet(.borderColor)])
        #expect(box.count == MemoryLayout<AnyObject>.size && !box.overlaps(shadow))
        // The transform's planar part inline through the reference to the box that holds a
        // transform that is not planar.
        let transform = LayerProperties.storageSpan(of: [PropertySet(.transform)])
        #expect(transform.count >= 64 && transform.contains(box.lowerBound) && transform.contains(box.upperBound - 1))
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
