import ArgumentParser
import Dispatch
import Foundation
import Glibc
import RenderClient

/// Measures, in one run against a live daemon: a raw Unix-socket ping-pong (the floor), the
/// protocol's ping round trip, and commit → applied latency (commits are applied and
/// acknowledged on arrival).
struct Latency: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure raw socket ping-pong, protocol ping and commit → applied latency.")

    @Option(help: "The daemon's socket (default: RENDERSRV_SOCKET, XDG_RUNTIME_DIR, /tmp/rendersrvd-UID).")
    var socket: String?

    @Option(help: "Round trips per measurement.")
    var count: Int = 2000

    @Option(help: "Commits to time (each waits for its frame).")
    var commits: Int = 300

    @Flag(help: "Print one JSON object.")
    var json = false

    func run() throws {
        let raw = try rawPingPong(count)
        let control = try ControlClient(socketPath: socket, clientName: "rendersrv-demo latency")
        var ping = [Double]()
        for _ in 0..<count { ping.append(try control.ping()) }
        let refresh = control.welcome.refreshRate

        let queue = DispatchQueue(label: "latency.main")
        let connection = try Connection(socketPath: socket, clientName: "rendersrv-demo latency", callbackQueue: queue)
        let context = Context(connection: connection)
        let layer = queue.sync { () -> Layer in
            let l = Layer(context: context)
            context.rootLayer = l
            return l
        }
        var applied = [Double]()
        for i in 0..<commits {
            let (t0, seq) = queue.sync { () -> (Double, UInt64) in
                Transaction.begin()
                Transaction.disableActions = true
                layer.position = Point(Double(i % 100), 0)
                let t0 = MediaTime.now()
                Transaction.commit()
                return (t0, context.lastSentSequence)
            }
            _ = try connection.waitUntilApplied(seq, timeout: 5)
            applied.append(MediaTime.now() - t0)
        }
        connection.close()
        control.close()

        let r = Summary(raw), p = Summary(ping), c = Summary(applied)
        if json {
            print("{\"rawPingPongUs\":\(r.json),\"protocolPingUs\":\(p.json),\"commitAppliedUs\":\(c.json),"
                + "\"pingRatio\":\(fmt(p.p50 / r.p50, 2)),\"framePeriodMs\":\(fmt(1000 / refresh, 3))}")
        } else {
            print("raw Unix-socket ping-pong (64 B): \(r.text)")
            print("protocol ping round trip:        \(p.text)   (p50 ratio \(fmt(p.p50 / r.p50, 2))×)")
            print("commit → applied acknowledgement: \(c.text)   (frame period \(fmt(1000 / refresh, 3)) ms)")
        }
    }

    /// A 64-byte ping-pong over a socketpair with an echo thread: the transport's floor.
    func rawPingPong(_ n: Int) throws -> [Double] {
        var fds: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0 else {
            throw DemoError("socketpair failed: \(String(cString: strerror(errno)))")
        }
        let echoFD = fds[1]
        let echo = Thread {
            var buf = [UInt8](repeating: 0, count: 64)
            while true {
                var got = 0
                while got < 64 {
                    let r = buf.withUnsafeMutableBytes { read(echoFD, $0.baseAddress! + got, 64 - got) }
                    if r <= 0 { return }
                    got += r
                }
                _ = buf.withUnsafeBytes { write(echoFD, $0.baseAddress!, 64) }
            }
        }
        echo.start()
        var out = [Double]()
        var buf = [UInt8](repeating: 7, count: 64)
        for _ in 0..<n {
            let t0 = MediaTime.now()
            _ = buf.withUnsafeBytes { write(fds[0], $0.baseAddress!, 64) }
            var got = 0
            while got < 64 {
                let r = buf.withUnsafeMutableBytes { read(fds[0], $0.baseAddress! + got, 64 - got) }
                if r <= 0 { break }
                got += r
            }
            out.append(MediaTime.now() - t0)
        }
        close(fds[0]); close(fds[1])
        return out
    }
}

/// p50/p99/mean of durations in seconds, shown in microseconds.
struct Summary {
    let p50: Double, p99: Double, mean: Double
    init(_ seconds: [Double]) {
        let s = seconds.sorted()
        func q(_ f: Double) -> Double { s.isEmpty ? 0 : s[min(s.count - 1, Int(Double(s.count) * f))] * 1e6 }
        p50 = q(0.5); p99 = q(0.99)
        mean = s.isEmpty ? 0 : s.reduce(0, +) / Double(s.count) * 1e6
    }
    var text: String { "p50 \(fmt(p50, 1)) µs, p99 \(fmt(p99, 1)) µs, mean \(fmt(mean, 1)) µs" }
    var json: String { "{\"p50\":\(fmt(p50, 1)),\"p99\":\(fmt(p99, 1)),\"mean\":\(fmt(mean, 1))}" }
}
