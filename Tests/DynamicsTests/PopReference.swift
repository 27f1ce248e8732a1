/// POP's spring as POP itself computes it, rebuilt from the facts of its public source for
/// cross-checks: `SpringSolver` (RK4 in steps of `solverDt` = 0.001f s; the remainder of a
/// frame carried over and the state linearly interpolated inside the last step) and the
/// done rule of `_POPSpringAnimationState` (solver converged, or this frame's value within
/// threshold/5 of the target and of the last frame's). One dimension is enough: every component runs the same equation.
///
/// `asShipped`: POP stores the interpolated state back as the solver's state while keeping
/// the remainder of the frame's time, so each frame loses (1 − α) of a step — its springs
/// run about half a millisecond per frame behind the clock (≈ 3 % slow at 60 Hz). With
/// `asShipped == false` the state stays on whole steps and only the reported value is
/// interpolated: the same equation at the true time, with POP's done rules.
struct PopSpringReference {
    let tension: Double, friction: Double, mass: Double, threshold: Double
    var asShipped = true
    /// `const CFTimeInterval solverDt = 0.001f;` — a float literal.
    static let solverDt = Double(Float(0.001))

    struct Frame { var value: Double; var velocity: Double; var done: Bool }

    /// The frames at `times` (the first applies the start: dt = 0), from `from` with `velocity`
    /// towards `to`.
    func run(from: Double, to: Double, velocity: Double, times: [Double]) -> [Frame] {
        var p = to - from, v = -velocity          // solver space: distance to the target, flipped velocity
        var accumulated = 0.0
        var stepP = p, stepV = v
        var lastP = 0.0, lastV = 0.0, lastDv = 0.0
        var current = from
        var previous: Double?, previous2: Double?
        var out: [Frame] = []
        var lastTime = times.first ?? 0
        func accel(_ p: Double, _ v: Double) -> Double { p * (-tension / mass) - v * (friction / mass) }
        for t in times {
            let dt = t - lastTime
            lastTime = t
            accumulated += dt
            var prevP = p, prevV = v, curP = p, curV = v
            if !asShipped { prevP = stepP; prevV = stepV; curP = stepP; curV = stepV }
            while accumulated >= PopSpringReference.solverDt {
                prevP = curP; prevV = curV
                let h = PopSpringReference.solverDt
                let a1p = curV, a1v = accel(curP, curV)
                let b1p = curV + a1v * h / 2, b1v = accel(curP + a1p * h / 2, curV + a1v * h / 2)
                let c1p = curV + b1v * h / 2, c1v = accel(curP + b1p * h / 2, curV + b1v * h / 2)
                let d1p = curV + c1v * h, d1v = accel(curP + c1p * h, curV + c1v * h)
                let dpdt = (a1p + 2 * (b1p + c1p) + d1p) / 6, dvdt = (a1v + 2 * (b1v + c1v) + d1v) / 6
                curP += dpdt * h; curV += dvdt * h
                lastDv = dvdt
                accumulated -= h
            }
            let alpha = accumulated / PopSpringReference.solverDt
            if asShipped {
                p = curP * alpha + prevP * (1 - alpha)
                v = curV * alpha + prevV * (1 - alpha)
            } else {
                // Keep the whole-step state; report the state `accumulated` ahead of it.
                stepP = curP; stepV = curV
                let a = accel(curP, curV)
                p = curP + curV * accumulated + a * accumulated * accumulated / 2
                v = curV + a * accumulated
            }
            lastP = p; lastV = v
            current = to - p
            previous2 = previous; previous = current    // POPAnimator's updateAnimatable, after the advance
            let solverConverged = abs(lastP) < threshold / 2 && lastV * lastV < 25 * threshold
                && lastDv * lastDv < 625 * threshold * threshold
            var framesConverged = false
            if let a = previous, let b = previous2 {
                framesConverged = abs(to - a) < threshold / 5 && abs(b - a) < threshold / 5
            }
            out.append(Frame(value: current, velocity: -v, done: solverConverged || framesConverged))
        }
        return out
    }
}
