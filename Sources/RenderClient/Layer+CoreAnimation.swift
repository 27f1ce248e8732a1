import RenderCore

extension PortingSpellings where Self: Layer {
    /// The presentation values now, as an optional (`CALayer.presentation()` returns one):
    /// `layer.presentation()?.position`. Never `nil`; `presentation()` without the `?` gives
    /// the same values unwrapped.
    public func presentation() -> LayerProperties? { (self as Layer).presentation() as LayerProperties }

    /// The sublayers as an optional (`CALayer.sublayers` is one):
    /// `layer.sublayers?.forEach { $0.removeFromSuperlayer() }`. `nil` when there are none,
    /// as in Core Animation.
    public var sublayers: [Layer]? {
        let s = (self as Layer).sublayers as [Layer]
        return s.isEmpty ? nil : s
    }

    /// The animation keys as an optional (`CALayer.animationKeys()` returns one): `nil` when
    /// there are none, as in Core Animation.
    public func animationKeys() -> [String]? {
        let k = (self as Layer).animationKeys() as [String]
        return k.isEmpty ? nil : k
    }
}

extension Layer {
    /// A time of `layer`'s time space (media time when `nil`) in this layer's
    /// (`CALayer.convertTime(_:from:)`), through both layers' and their ancestors' `beginTime`,
    /// `speed` and `timeOffset`. The classic pause:
    ///
    ///     let paused = layer.convertTime(CACurrentMediaTime(), from: nil)
    ///     layer.speed = 0
    ///     layer.timeOffset = paused
    public func convertTime(_ t: Double, from layer: Layer?) -> Double {
        localTime(at: layer.map { $0.mediaTime(fromLocal: t) } ?? t)
    }

    /// A time of this layer's time space in `layer`'s (media time when `nil`)
    /// (`CALayer.convertTime(_:to:)`).
    public func convertTime(_ t: Double, to layer: Layer?) -> Double {
        let media = mediaTime(fromLocal: t)
        return layer.map { $0.localTime(at: media) } ?? media
    }

    /// The media time at which this layer's local time is `t`: the timings undone from this
    /// layer outwards. A paused timing (`speed == 0`) maps every parent time to one local
    /// time, so it has no inverse: it passes `t` through unchanged.
    func mediaTime(fromLocal t: Double) -> Double {
        var x = t
        for timing in timingChain.reversed() { x = timing.parentTime(forLocal: x) ?? x }
        return x
    }
}
