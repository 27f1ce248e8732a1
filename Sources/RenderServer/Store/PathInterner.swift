import RenderCore

/// Equal paths committed to one store made one value: a `.path` property value is replaced
/// by an equal path committed before, whose elements' storage it then shares.
///
/// Why: the render list's builder asks, for every layer it rebuilds each frame, whether the
/// content its item names is still the one the layer makes (`ContentColumn.isLive`). A shape
/// layer's path is compared element by element there unless both paths share storage, which
/// the array's `==` checks first. Each layer's path arrives decoded from its own message, so
/// 667 spinning stars of one shape compared 667 arrays every frame: 6 % of the daemon's loop
/// thread in `rendersrv-stress composite --scenes mixed` (perf; 0.3 % after). Interned, the
/// comparison is one identity check, and the stars' paths take the memory of one.
///
/// Bounded: at most `maxPaths` paths and `maxElements` elements kept (about 0.9 MiB at the
/// most); past either, the table starts afresh (what it held stays shared where it was
/// used; only later commits stop sharing with it). Cost per commit: the path's hash and, when
/// an equal one is kept, one comparison — per message, its size.
///
/// Thread affinity: the loop thread (the store's).
struct PathInterner {
    static let maxPaths = 512
    static let maxElements = 16_384

    private var kept: Set<Path> = []
    private var elements = 0

    /// Paths kept (tests).
    var count: Int { kept.count }

    /// `value`, its path replaced by the equal one kept (kept first when there is none);
    /// any other value as it is.
    mutating func interned(_ value: AnimatableValue) -> AnimatableValue {
        guard case let .path(path) = value, !path.isEmpty, path.elements.count <= PathInterner.maxElements
        else { return value }
        let (inserted, member) = kept.insert(path)
        guard inserted else { return .path(member) }
        elements += path.elements.count
        if kept.count > PathInterner.maxPaths || elements > PathInterner.maxElements {
            kept = [path]
            elements = path.elements.count
        }
        return value
    }
}
