import ArgumentParser
import Foundation
import RenderViews

/// `rendersrv-demo view-block`: the View-Layer Synergy seed's observation, end to end. The
/// same change — a view's center moving 300 points right — made once outside an animation
/// block and once inside `View.animate(withDuration: 1)`.
///
///     outside: the view answers its layer's action search with the null action
///              → the commit carries the new position and no animation; it jumps
///     inside:  the view answers with a basic animation from the old value, fill both,
///              the block's duration and curve → the commit carries both; it moves
///
/// Runs against a daemon on the manual clock (started for it unless --socket is given),
/// prints both commits, then steps the clock and prints the server's presentation of both
/// views (and the client's, which must agree) at a few times, and the block's completion.
struct ViewBlockDemo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "view-block",
        abstract: "The same view change outside and inside an animation block (View-Layer Synergy).")

    @OptionGroup var options: ViewDemoOptions

    @Option(name: .long, help: ArgumentHelp("The block's duration, s (0.1…10).", valueName: "seconds"))
    var duration: Double = 1

    func validate() throws { try ViewDemoOptions.validate(duration: duration) }

    func run() throws {
        do { try ViewBlockDemo.scenario(socket: options.socket, duration: duration, json: options.json,
                                   contactSheet: options.contactSheet) } catch let e as ExitCode {
            throw e
        } catch {
            FileHandle.standardError.write(Data("rendersrv-demo view-block: error: \(error)\n".utf8))
            throw ExitCode.failure
        }
    }

    static func scenario(socket: String?, duration: Double, json: Bool, contactSheet: String? = nil) throws {
        let s = try ManualClockSession(socket: socket, name: "view-block", contactSheet: contactSheet)
        defer { s.close() }
        let report = ViewDemoReport(demo: "view-block", json: json)
        report.say("view-block: a daemon on the manual clock (session \(s.session)); block duration \(duration) s")
        let (outside, inside) = s.ui { () -> (View, View) in
            let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 200))
            root.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 1)
            s.context.rootLayer = root.layer
            let a = View(frame: Rect(x: 30, y: 30, width: 40, height: 40))
            a.backgroundColor = Color(red: 0.9, green: 0.3, blue: 0.2, alpha: 1)
            let b = View(frame: Rect(x: 30, y: 130, width: 40, height: 40))
            b.backgroundColor = Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
            root.addSubview(a)
            root.addSubview(b)
            return (a, b)
        }
        try s.apply()
        let names: [LayerID: String] = [outside.layer.id: "outside", inside.layer.id: "inside"]

        var n = s.commits.count
        s.ui { outside.center = Point(x: 350, y: 50) }
        for c in s.commits[n...] { report.commit("outside a block: outside.center = (350, 50)", c, names: names) }
        n = s.commits.count
        let done = Shared<[Bool]>([])
        s.ui {
            View.animate(withDuration: duration, animations: { inside.center = Point(x: 350, y: 150) },
                         completion: { finished in done.with { $0.append(finished) } })
        }
        for c in s.commits[n...] {
            report.commit("inside View.animate(withDuration: \(duration)): inside.center = (350, 150)", c, names: names)
        }
        try s.apply()
        let begin = try s.ui { inside.layer.animation(forKey: "position")?.timing.beginTime } ?? s.serverTime()

        // Step the clock to a few times after the animation's begin and read both sides.
        for f in [0.0, 0.25, 0.5, 0.75, 1.0, 1.25] {
            let t = begin + f * duration
            let current = try s.serverTime()
            if t > current { try s.step(t - current) }
            let tree = try s.server(at: t)
            let o = tree.numbers("position", of: outside.layer.id), i = tree.numbers("position", of: inside.layer.id)
            let client = s.ui { inside.layer.presentation(at: t).position }
            guard o.count == 2, i.count == 2 else { throw DemoError("the server's tree lacks the views' positions") }
            report.sample(["fraction": f, "t": t, "outside": o, "inside": i, "clientInside": [client.x, client.y]],
                          line: "t = begin + \(fmt(f * duration, 2)) s: outside.x \(fmt(o[0], 2))  inside.x \(fmt(i[0], 2))"
                            + "  (client presentation \(fmt(client.x, 2)))")
        }
        try s.step(1.0 / 60)
        let finished = done.with { $0 }
        report.say("completion: \(finished.isEmpty ? "not called" : "called \(finished.count)× with finished = \(finished[0])")")
        report.set("completions", finished)
        report.finish()
    }
}
