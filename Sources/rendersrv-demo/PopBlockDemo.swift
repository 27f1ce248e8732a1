import ArgumentParser
import Foundation
import RenderViews

/// `rendersrv-demo pop-block`: the seed's custom block API (`View.popAnimation`, see
/// PopBlock.swift) popping the position, size, color and rotation of four views, against a
/// daemon on the manual clock: prints the commit (keyframe animations old → new → old, the
/// model values unchanged), then the server's presentation at a few times, and the model
/// values at the end.
struct PopBlockDemo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pop-block",
        abstract: "The View-Layer Synergy seed's custom \"pop\" block API, built on the public view API.")

    @OptionGroup var options: ViewDemoOptions

    @Option(name: .long, help: ArgumentHelp("The pop's duration, s (0.1…10).", valueName: "seconds"))
    var duration: Double = 0.7

    func validate() throws { try ViewDemoOptions.validate(duration: duration) }

    func run() throws {
        do { try PopBlockDemo.scenario(socket: options.socket, duration: duration, json: options.json,
                                   contactSheet: options.contactSheet) } catch {
            FileHandle.standardError.write(Data("rendersrv-demo pop-block: error: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }

    static func scenario(socket: String?, duration: Double, json: Bool, contactSheet: String? = nil) throws {
        let s = try ManualClockSession(socket: socket, name: "pop-block", contactSheet: contactSheet)
        defer { s.close() }
        let report = ViewDemoReport(demo: "pop-block", json: json)
        report.say("pop-block: a daemon on the manual clock (session \(s.session)); pop duration \(duration) s")
        let views = s.ui { () -> [View] in
            let root = View(frame: Rect(x: 0, y: 0, width: 480, height: 120))
            s.context.rootLayer = root.layer
            let vs = (0..<4).map { i in View(frame: Rect(x: 20 + Double(i) * 120, y: 30, width: 60, height: 60)) }
            for v in vs {
                v.backgroundColor = Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
                root.addSubview(v)
            }
            return vs
        }
        try s.apply()
        let names = Dictionary(uniqueKeysWithValues: zip(views.map(\.layer.id), ["moved", "resized", "recolored", "rotated"]))
        let n = s.commits.count
        let done = Shared(0)
        s.ui {
            View.popAnimation(withDuration: duration, animations: {
                views[0].center = Point(x: views[0].center.x, y: 10)
                views[1].bounds = Rect(x: 0, y: 0, width: 100, height: 100)
                views[2].backgroundColor = Color(red: 1, green: 0.6, blue: 0, alpha: 1)
                views[3].transform = .rotation(Double.pi / 2)
            }, completion: { done.with { $0 += 1 } })
        }
        for c in s.commits[n...] { report.commit("View.popAnimation(withDuration: \(duration))", c, names: names) }
        try s.apply()
        let model = s.ui { views.map { ($0.center, $0.bounds.size, $0.backgroundColor, $0.transform) } }
        report.say("model after the block: unchanged — moved.center \(model[0].0), resized.bounds.size \(model[1].1), "
            + "recolored \(model[2].2.map { "\($0)" } ?? "nil"), rotated.transform \(model[3].3)")
        let begin = try s.ui { views[0].layer.animation(forKey: "position")?.timing.beginTime } ?? s.serverTime()
        for f in [0.0, 0.175, 0.35, 0.6, 0.85, 1.05] {
            let t = begin + f * duration
            let current = try s.serverTime()
            if t > current { try s.step(t - current) }
            let tree = try s.server(at: t)
            let y = tree.numbers("position", of: views[0].layer.id)
            let size = tree.numbers("bounds", of: views[1].layer.id)
            let color = tree.numbers("backgroundColor", of: views[2].layer.id)
            let transform = tree.numbers("transform", of: views[3].layer.id)
            guard y.count == 2, size.count == 4, color.count == 4, transform.count == 16 else {
                throw DemoError("the server's tree lacks the views' properties at \(t)")
            }
            let angle = atan2(transform[1], transform[0])
            report.sample(["fraction": f, "t": t, "movedY": y[1], "resizedWidth": size[2], "recoloredGreen": color[1],
                           "rotatedAngle": angle],
                          line: "t = begin + \(fmt(f * duration, 3)) s: moved.y \(fmt(y[1], 2))  resized.width \(fmt(size[2], 2))"
                            + "  recolored.green \(fmt(color[1], 3))  rotated.angle \(fmt(angle, 3)) rad")
        }
        try s.step(1.0 / 60)
        let count = done.with { $0 }
        report.say("completion: called \(count)×")
        report.set("completions", count)
        report.set("modelAfter", ["movedY": model[0].0.y, "resizedWidth": model[1].1.width,
                                  "rotatedIsIdentity": model[3].3.isIdentity])
        report.finish()
    }
}
