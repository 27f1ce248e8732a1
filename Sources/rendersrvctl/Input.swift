import ArgumentParser
import Foundation
import RenderClient
import RenderCore
import RenderProtocol

extension RenderSrvCtl {
    struct Input: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Play pointer and key events in the daemon as if a user made them at its window.",
            discussion: """
                Points are display points (the root layers' space, origin top left). The daemon \
                hit-tests each event on what it shows and delivers it to the client whose layer \
                it hit; this prints where each event went.
                  rendersrvctl input tap 120 80
                  rendersrvctl input drag 200 500 200 200 --duration 0.3
                  rendersrvctl input fling 200 500 --velocity 0,-2000
                  rendersrvctl input scroll 200 300 --dy 120
                  rendersrvctl input key a
                """)

        @OptionGroup var options: ConnectionOptions

        @Argument(help: ArgumentHelp("press, move, release, tap, drag, fling, scroll or key.", valueName: "gesture"))
        var gesture: String

        @Argument(help: ArgumentHelp("Coordinates (x y, or x1 y1 x2 y2 for drag), or for key the character or keysym (0xff0d).",
                                     valueName: "values"))
        var values: [String] = []

        @Option(name: .long, help: ArgumentHelp("Seconds a drag takes, or a fling moves before its release.", valueName: "s"))
        var duration: Double = 0.25

        @Option(name: .long, help: ArgumentHelp("A fling's velocity in points per second: vx,vy.", valueName: "vx,vy"))
        var velocity: String = "0,-1500"

        @Option(name: .long, help: ArgumentHelp("Wheel distance in points (positive shows what is further down).", valueName: "points"))
        var dy: Double = Double(InputEvent.pointsPerWheelNotch)

        @Option(name: .long, help: ArgumentHelp("Horizontal wheel distance in points.", valueName: "points"))
        var dx: Double = 0

        func point(_ i: Int) throws -> Point {
            guard values.count >= i + 2, let x = Double(values[i]), let y = Double(values[i + 1]), x.isFinite, y.isFinite else {
                throw ValidationError("\(gesture) needs display coordinates: x y\(gesture == "drag" ? " x2 y2" : "") (numbers)")
            }
            return Point(x: x, y: y)
        }

        func events() throws -> [InjectedEvent] {
            switch gesture {
            case "press": return [InputScript.press(at: try point(0))]
            case "move": return [InputScript.move(to: try point(0))]
            case "release": return [InputScript.release(at: try point(0))]
            case "tap": return InputScript.tap(at: try point(0))
            case "drag": return InputScript.drag(from: try point(0), to: try point(2), duration: duration)
            case "fling":
                let parts = velocity.split(separator: ",").compactMap { Double($0) }
                guard parts.count == 2, parts.allSatisfy(\.isFinite) else {
                    throw ValidationError("--velocity is vx,vy in points per second, e.g. 0,-2000")
                }
                return InputScript.fling(from: try point(0), velocity: Point(x: parts[0], y: parts[1]), duration: duration)
            case "scroll": return [InputScript.scroll(at: try point(0), dx: dx, dy: dy)]
            case "key":
                guard let v = values.first, !v.isEmpty else { throw ValidationError("key needs a character or a keysym (0xff0d)") }
                if v.hasPrefix("0x"), let sym = UInt32(v.dropFirst(2), radix: 16) { return InputScript.key(sym) }
                guard v.count == 1, let c = v.first else {
                    throw ValidationError("key takes one character or a hex keysym such as 0xff0d (Return), not \"\(v)\"")
                }
                return InputScript.key(InputScript.keysym(for: c), text: String(c))
            default:
                throw ValidationError("unknown gesture \"\(gesture)\": use press, move, release, tap, drag, fling, scroll or key")
            }
        }

        func validate() throws { _ = try events() }

        func run() throws {
            let script = try events()
            let client = try options.connect()
            let reply = perform("input on rendersrvd at \(client.socketPath)") { try client.injectInput(script) }
            client.close()
            for (event, d) in zip(script, reply.deliveries) {
                let target = d.sessionID == 0 ? "nobody" : "session \(d.sessionID), layer \(d.layer)"
                let tracker = d.trackerLayer == 0 ? "" : " (tracker on layer \(d.trackerLayer))"
                print("\(event.event.kind): \(target)\(tracker)")
            }
            print("played by frame \(reply.frame)")
        }
    }
}
