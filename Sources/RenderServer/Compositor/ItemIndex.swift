import RenderProtocol

/// The item index of each drawn layer of a render-list block, by layer id: an open-addressing
/// table of 8-byte slots (the layer id in the high 32 bits, the item index in the low 32;
/// 0 is an empty slot, layer id 0 being reserved), probed linearly, at most 7/8 full. At
/// 50,001 layers it takes 512 KiB (10.5 bytes per layer), where a `[LayerID: Int]` took
/// 1.5 MiB (twice the buckets at its 3/4 load, 12 bytes each).
///
/// Slots are chosen by the layer id's `hashValue` (seeded per process, as `Dictionary`'s):
/// a client cannot pick ids that collide.
struct ItemIndex: Sendable {
    private var slots: [UInt64] = []
    /// Layers held.
    private(set) var count = 0

    init() {}

    /// Room for `n` layers without growing.
    mutating func reserveCapacity(_ n: Int) {
        let size = ItemIndex.size(for: n)
        if size > slots.count { rehash(size) }
    }

    /// The item index of layer `id`, nil when it is not held. Setting stores it (ids are
    /// only ever added or moved, never removed).
    subscript(id: LayerID) -> Int? {
        get {
            guard !slots.isEmpty, id != 0 else { return nil }
            let mask = slots.count - 1
            var s = id.hashValue & mask
            while true {
                let slot = slots[s]
                if slot == 0 { return nil }
                if UInt32(truncatingIfNeeded: slot >> 32) == id { return Int(UInt32(truncatingIfNeeded: slot)) }
                s = (s + 1) & mask
            }
        }
        set {
            guard let index = newValue, id != 0 else { return }
            precondition(index >= 0 && index <= Int(UInt32.max), "item index \(index) out of range")
            if (count + 1) * 8 > slots.count * 7 { rehash(ItemIndex.size(for: count + 1)) }
            if insert(id, UInt32(index)) { count += 1 }
        }
    }

    /// Stores `id` → `index`; true when `id` is new.
    private mutating func insert(_ id: LayerID, _ index: UInt32) -> Bool {
        let mask = slots.count - 1
        let entry = UInt64(id) << 32 | UInt64(index)
        var s = id.hashValue & mask
        while true {
            let slot = slots[s]
            if slot == 0 { slots[s] = entry; return true }
            if UInt32(truncatingIfNeeded: slot >> 32) == id { slots[s] = entry; return false }
            s = (s + 1) & mask
        }
    }

    /// Slots for `n` layers: a power of two at least 8/7 of `n` (and 16).
    private static func size(for n: Int) -> Int {
        var size = 16
        while n * 8 > size * 7 { size <<= 1 }
        return size
    }

    private mutating func rehash(_ size: Int) {
        let old = slots
        slots = [UInt64](repeating: 0, count: size)
        for slot in old where slot != 0 {
            _ = insert(UInt32(truncatingIfNeeded: slot >> 32), UInt32(truncatingIfNeeded: slot))
        }
    }
}
