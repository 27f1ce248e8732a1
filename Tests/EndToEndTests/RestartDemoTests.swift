import Foundation
import Testing

/// `rendersrv-demo restart` against real daemons (real clock). A helper saw "lost"
/// animations after `--layers 30000`: the run (a debug client) outlasted the 30 s slides, and
/// the demo's check expected each layer at its curve's end (1200) — or its record still on
/// the client — where a finished slide, removed on completion, leaves the layer at its model
/// value and reports `animationStopped(finished: true)`. The demo now checks each layer at a
/// time just after its request against the curve *and* its end; here the check is delayed
/// past the slides' end, as that slow run's was.
@Suite("End to end, restart demo", .serialized)
struct RestartDemoTests {
    @Test func aCheckAfterTheSlidesEndedFindsEveryLayerAtRest() throws {
        let r = try CommandLineTests().run("rendersrv-demo", ["restart", "--layers", "200", "--duration", "5",
                                                               "--check-delay", "5"])
        #expect(r.status == 0, "\(r.output)\n\(r.error)")
        #expect(r.output.contains("replay: 201 layers"), "\(r.output)\n\(r.error)")
        #expect(r.output.contains("200 of them checked after their slide had ended"), "\(r.output)\n\(r.error)")
        #expect(!r.output.contains("off their curves"), "\(r.output)\n\(r.error)")
    }

    @Test func aCheckMidAnimationFindsEveryLayerOnItsCurve() throws {
        let r = try CommandLineTests().run("rendersrv-demo", ["restart", "--layers", "200", "--duration", "30",
                                                               "--check-before-kill"])
        #expect(r.status == 0, "\(r.output)\n\(r.error)")
        #expect(r.output.contains("before the kill: largest position error over 200 layers"), "\(r.output)\n\(r.error)")
        #expect(!r.output.contains("checked after their slide had ended"), "\(r.output)\n\(r.error)")
    }
}
