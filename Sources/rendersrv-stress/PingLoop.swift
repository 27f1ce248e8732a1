import ArgumentParser

/// `rendersrv-stress ping-loop`: the blocking pinger against a daemon already running, and
/// nothing else — one end of the ping to profile on its own (`valgrind --tool=callgrind`
/// cannot run `latency`, whose children it fails to spawn).
struct PingLoop: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "ping-loop",
        abstract: "Ping a running daemon COUNT times with the blocking pinger (to profile the client's end).",
        shouldDisplay: false)

    @Option var socket: String
    @Option var count = 10_000

    func run() throws {
        let client = try WireClient(path: socket)
        try client.hello("ping-loop")
        let pinger = BlockingPinger(client)
        for token in 0 ..< UInt64(count) where pinger.ping(token) == nil {
            throw WireClient.Failure(description: "ping \(token) got no pong")
        }
    }
}
