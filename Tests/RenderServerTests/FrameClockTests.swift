import Testing
@testable import RenderServer

@Suite struct FrameClockTests {
    /// 100 Hz: a 10 ms period, deadlines at 1 s + k × 10 ms.
    let grid = VsyncGrid(originNanoseconds: 1_000_000_000, periodNanoseconds: 10_000_000)

    @Test func deadlinesComeFromTheIndex() {
        #expect(grid.deadline(0) == 1_000_000_000)
        #expect(grid.deadline(3) == 1_030_000_000)
        let sixty = VsyncGrid(originNanoseconds: 0, periodNanoseconds: 1e9 / 60)
        // No drift: frame 60 is exactly one second after the origin.
        #expect(sixty.deadline(60) == 1_000_000_000)
        #expect(sixty.deadline(1) == 16_666_667)
    }

    @Test func anOnTimeWakeServesItsDeadline() {
        let c = grid.catchUp(armed: 5, now: grid.deadline(5) + 200_000)
        #expect(c == VsyncGrid.CatchUp(target: 5, missed: 0, next: 6))
    }

    @Test func aWakeExactlyAtTheDeadline() {
        #expect(grid.catchUp(armed: 5, now: grid.deadline(5)) == VsyncGrid.CatchUp(target: 5, missed: 0, next: 6))
        // Exactly at a later deadline: that one is served.
        #expect(grid.catchUp(armed: 5, now: grid.deadline(7)) == VsyncGrid.CatchUp(target: 7, missed: 2, next: 8))
    }

    @Test func aLateWakeCountsMissedVsyncsAndSkipsAhead() {
        let c = grid.catchUp(armed: 5, now: grid.deadline(8) + 1)
        #expect(c == VsyncGrid.CatchUp(target: 8, missed: 3, next: 9))
        // Just before the next deadline: still the armed one, nothing missed.
        #expect(grid.catchUp(armed: 5, now: grid.deadline(6) - 1) == VsyncGrid.CatchUp(target: 5, missed: 0, next: 6))
    }

    /// A paused clock that something wakes serves the vsync that just passed when it passed
    /// within the latch and had no frame; else the next one.
    @Test func aResumedClockServesAVsyncThatJustPassedWithinTheLatch() {
        let latch: Int64 = 1_000_000
        // 0.4 ms after vsync 7, whose frame was not produced (the last was 5): vsync 7 now.
        #expect(grid.resumption(now: grid.deadline(7) + 400_000, latch: latch, lastServed: 5) == 7)
        #expect(grid.resumption(now: grid.deadline(7) + 400_000, latch: latch, lastServed: nil) == 7)
        // Exactly at the vsync, and exactly at the latch's end: still that vsync.
        #expect(grid.resumption(now: grid.deadline(7), latch: latch, lastServed: 5) == 7)
        #expect(grid.resumption(now: grid.deadline(7) + latch, latch: latch, lastServed: 5) == 7)
        // Past the latch: the next vsync.
        #expect(grid.resumption(now: grid.deadline(7) + latch + 1, latch: latch, lastServed: 5) == 8)
        // Vsync 7 already had its frame (the clock paused right after it): never twice.
        #expect(grid.resumption(now: grid.deadline(7) + 400_000, latch: latch, lastServed: 7) == 8)
        // No latch: always the next vsync (the behaviour before the latch).
        #expect(grid.resumption(now: grid.deadline(7) + 1, latch: 0, lastServed: 5) == 8)
        #expect(grid.resumption(now: grid.deadline(7) + 400_000, latch: 0, lastServed: nil) == 8)
        // Just before a vsync: that vsync, which is the next one.
        #expect(grid.resumption(now: grid.deadline(8) - 1, latch: latch, lastServed: 5) == 8)
    }

    @Test func aLatchOfAQuarterPeriodOrMoreIsRefused() {
        var c = Configuration(refreshRate: 60)
        c.frameLatch = 0.25 / 60
        #expect(throws: ServerError.self) { try c.validate() }
        c.frameLatch = -0.001
        #expect(throws: ServerError.self) { try c.validate() }
        c.frameLatch = 0.001
        #expect(throws: Never.self) { try c.validate() }
    }

    @Test func anEarlyWakeServesTheArmedDeadline() {
        #expect(grid.catchUp(armed: 5, now: grid.deadline(5) - 1_000) == VsyncGrid.CatchUp(target: 5, missed: 0, next: 6))
    }

    @Test func fractionalPeriodsRoundPerDeadline() {
        let g = VsyncGrid(originNanoseconds: 0, periodNanoseconds: 1e9 / 60)
        for k in UInt64(1)...600 {
            let c = g.catchUp(armed: k, now: g.deadline(k + 2) + 5)
            #expect(c.target == k + 2 && c.missed == 2 && c.next == k + 3)
            #expect(g.deadline(c.next) > g.deadline(k + 2) + 5)
        }
    }

    @Test func manualClockProducesEveryFrameInTheStep() {
        var clock = ManualClock(origin: 100, period: 0.25)
        #expect(clock.step(by: 0.1).isEmpty)
        #expect(clock.step(by: 0.15) == [100.25])
        #expect(clock.step(by: 1) == [100.5, 100.75, 101, 101.25])
        #expect(clock.now == 101.25)
        #expect(clock.step(by: 0).isEmpty)
    }

    @Test func manualClockStepsOfOnePeriodNeverLoseAFrame() {
        var clock = ManualClock(origin: 1000, period: 1.0 / 60)
        var count = 0
        for _ in 0..<600 { count += clock.step(by: 1.0 / 60).count }
        #expect(count == 600)
        // Many small steps accumulate rounding; the tolerance keeps frames on the grid.
        var c2 = ManualClock(origin: 1000, period: 1.0 / 60)
        var n = 0
        for _ in 0..<100 { n += c2.step(by: 0.1).count }
        #expect(n == 600)
    }
}
