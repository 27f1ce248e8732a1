import Foundation
import Glibc
import RenderCore
import RenderProtocol

extension Isolation {
    /// Runs one hostile pattern; returns what the hostile client got.
    static func attack(_ name: String, daemon: DaemonProcess, window: Double, flood: Int = 300) throws -> String {
        let path = daemon.socketPath
        switch name {
        case "deep-chain":
            // 20,000 nested layers in one commit, refused at the depth limit; with
            // --max-tree-depth raised (at most 4,096), a chain that deep, applied in slices,
            // then drawn.
            let c = try WireClient(path: path)
            try c.hello("deep-chain")
            let limit = Int(c.welcome?.limits.maxTreeDepth ?? 256)
            let n = limit > 256 ? limit : 20_000
            var commands: [Command] = (1...n).map { .createLayer(LayerID($0), .layer) }
            commands += (1..<n).map { .insertSublayer(parent: LayerID($0), child: LayerID($0 + 1), index: 0) }
            commands.append(.setRoot(1))
            for i in 1...n {
                commands.append(.setProperty(LayerID(i), .bounds, .rect(Rect(x: 0, y: 0, width: 10, height: 10))))
                commands.append(.setProperty(LayerID(i), .backgroundColor, .color(Color(red: 0, green: 0.5, blue: 1, alpha: 0.1))))
            }
            let t0 = Date()
            let sequence = c.commit(commands)
            guard n <= limit else {
                let e = c.closingError()
                return describe(e) + " (answered in \(ms(Date().timeIntervalSince(t0))))"
            }
            let applied = c.waitApplied(sequence)
            let took = Date().timeIntervalSince(t0)
            drainInBackground(c, for: window)
            return applied ? "applied a \(n)-deep chain in \(ms(took))" : "the \(n)-deep chain was not applied"

        case "deep-animate":
            // The deepest legal chain, one animation on every layer.
            let c = try WireClient(path: path)
            try c.hello("deep-animate")
            let depth = Int(c.welcome?.limits.maxTreeDepth ?? 256)
            let ok = c.waitApplied(c.commit(animatedLayers(count: depth, firstID: 1, depth: depth)))
            drainInBackground(c, for: window)
            return ok ? "\(depth)-deep chain animating on every layer" : "commit not applied"

        case "tree-poll":
            // 1,000 animated layers; their whole presentation tree asked every 100 ms.
            let c = try WireClient(path: path)
            try c.hello("tree-owner")
            c.waitApplied(c.commit(animatedLayers(count: 1_000, firstID: 1, depth: 1)))
            drainInBackground(c, for: window)
            let asker = try WireClient(path: path)
            try asker.hello("tree-poller")
            let session = c.welcome!.sessionID
            var replies = 0, bytes = 0, slowest = 0.0, refused = ""
            let end = Date().addingTimeInterval(window - 0.5)
            var id: UInt32 = 1
            while Date() < end && !asker.atEndOfStream {
                let t0 = Date()
                id += 1
                let rid = id
                asker.send(.treeRequest(TreeRequest(requestID: rid, presentation: true, sessionID: session)))
                let m = asker.receive(until: { m -> Message? in
                    if case let .treeReply(r) = m, r.requestID == rid { return m }
                    if case .error = m { return m }
                    return nil
                })
                if case let .treeReply(r)? = m { replies += 1; bytes = r.json.utf8.count }
                if case let .error(e)? = m { refused = e.message }
                slowest = max(slowest, Date().timeIntervalSince(t0))
                usleep(100_000)
            }
            return refused.isEmpty ? "\(replies) replies of \(bytes / 1000) KB, slowest \(ms(slowest))" : "refused: \(refused)"

        case "huge-tree":
            // As many layers as allowed, then the whole tree.
            let c = try WireClient(path: path)
            try c.hello("huge-tree")
            let n = Int(c.welcome?.limits.maxLayers ?? 100_000)
            var commands: [Command] = (1...n).map { .createLayer(LayerID($0), .layer) }
            commands += (2...n).map { .insertSublayer(parent: 1, child: LayerID($0), index: UInt32.max) }
            let t0 = Date()
            let applied = c.waitApplied(c.commit(commands))
            let applyTime = Date().timeIntervalSince(t0)
            c.send(.treeRequest(TreeRequest(requestID: 5, presentation: true)))
            let m = c.receive(until: { m -> Message? in
                if case .treeReply = m { return m }
                if case .error = m { return m }
                return nil
            })
            var what = "no answer"
            if case let .treeReply(r)? = m { what = "a \(r.json.utf8.count / 1_000_000) MB reply" }
            if case let .error(e)? = m { what = "refused (\(e.fatal ? "fatal" : "non-fatal")): \(e.message.prefix(120))" }
            return "\(n) layers \(applied ? "applied" : "not applied") in \(ms(applyTime)); tree request \(what)"

        case "event-burst":
            // 40,000 animations starting on one frame; the client reads promptly.
            let c = try WireClient(path: path)
            try c.hello("event-burst")
            var commands: [Command] = []
            var a = Animation.basic(.opacity, from: .number(0), to: .number(1), duration: 0.5)
            a.timing.beginTime = 0
            for i in 1...10_000 {
                commands.append(.createLayer(LayerID(i), .layer))
                for k in 0..<4 { commands.append(.addAnimation(LayerID(i), key: "k\(k)", animationID: UInt64(i * 4 + k), animation: a)) }
            }
            let t0 = Date()
            let seq = c.commit(commands)
            let applied = c.waitApplied(seq)
            let ackTime = Date().timeIntervalSince(t0)
            var started = 0
            let end = Date().addingTimeInterval(1.5)
            while Date() < end, let m = c.receive(timeout: 0.5) {
                if case .animationStarted = m { started += 1 }
            }
            let alive = c.ping(1, timeout: 2) != nil
            return "commitApplied \(applied ? "after \(ms(ackTime))" : "never"); \(started) animationStarted read; "
                + (alive ? "still connected" : "disconnected")

        case "tree-flood":
            // 2,000 layers, then 2,500 requests for its own tree, never read; meanwhile another
            // client asks for its own small tree and times the replies. The flood's requests
            // past the daemon's control limits are refused at once; the other client's reply
            // waits for one running job at most.
            let c = try WireClient(path: path)
            try c.hello("tree-flood")
            let me = c.welcome?.sessionID ?? 0
            c.waitApplied(c.commit(animatedLayers(count: 2_000, firstID: 1, depth: 1)))
            for i in 1...2_500 {
                _ = c.send(.treeRequest(TreeRequest(requestID: UInt32(i), presentation: true, sessionID: me)))
            }
            let asker = try WireClient(path: path)
            try asker.hello("tree-asker")
            let mine = asker.welcome?.sessionID ?? 0
            asker.waitApplied(asker.commit(animatedLayers(count: 10, firstID: 1, depth: 1)))
            var slowest = 0.0, replies = 0
            let end = Date().addingTimeInterval(window - 0.5)
            var id: UInt32 = 0
            while Date() < end && !asker.atEndOfStream {
                id += 1
                let rid = id, t0 = Date()
                asker.send(.treeRequest(TreeRequest(requestID: rid, presentation: true, sessionID: mine)))
                let m = asker.receive(until: { m -> Message? in
                    if case let .treeReply(r) = m, r.requestID == rid { return m }
                    if case let .error(e) = m, !e.fatal { return m }
                    return nil
                }, timeout: 10)
                if case .treeReply? = m { replies += 1 }
                slowest = max(slowest, Date().timeIntervalSince(t0))
                usleep(50_000)
            }
            return "2,500 tree requests never read; another client's \(replies) tree replies, slowest \(ms(slowest))"

        case "slow-burst":
            // 40,000 animations (10,000 layers × 4, 0.5 s) started every second, their
            // events read 4 KB every 20 ms: bursts of 40,000 animationStarted and
            // animationStopped that the client reads far slower than they come.
            let c = try WireClient(path: path)
            try c.hello("slow-burst")
            c.waitApplied(c.commit((1...10_000).map { .createLayer(LayerID($0), .layer) }))
            let stop = Date().addingTimeInterval(window)
            readSlowly(c, until: stop)
            var a = Animation.basic(.opacity, from: .number(0), to: .number(1), duration: 0.5)
            a.timing.beginTime = 0
            var bursts = 0, next: UInt64 = 1
            while Date() < stop && !c.atEndOfStream {
                var commands: [Command] = []
                for i in 1...10_000 {
                    for k in 0..<4 {
                        commands.append(.addAnimation(LayerID(i), key: "k\(k)", animationID: next, animation: a))
                        next += 1
                    }
                }
                _ = c.commit(commands)
                bursts += 1
                usleep(1_000_000)
            }
            return "\(bursts) bursts of 40,000 animations sent while reading 4 KB every 20 ms"

        case "slow-reader", "prompt-reader":
            // Events every frame (`flood` short animations started per commit, a commit every
            // 16 ms: about twice `flood` events a frame). slow-reader reads 4 KB every 20 ms:
            // the daemon's outbound queue for it grows, until the client is dropped at
            // maxSessionPendingBytes. prompt-reader reads everything as it comes: the same
            // flood, read promptly, for the loop's cost to be compared with the slow one.
            let slow = name == "slow-reader"
            let c = try WireClient(path: path)
            try c.hello(name)
            c.waitApplied(c.commit((1...flood).map { .createLayer(LayerID($0), .layer) }))
            let stop = Date().addingTimeInterval(window)
            if slow { readSlowly(c, until: stop) } else { drainInBackground(c, for: window) }
            var a = Animation.basic(.opacity, from: .number(0), to: .number(1), duration: 0.05)
            a.timing.beginTime = 0
            var sent = 0, next: UInt64 = 1
            while Date() < stop && !c.atEndOfStream {
                var commands: [Command] = []
                for i in 1...flood {
                    commands.append(.addAnimation(LayerID(i), key: "k\(next % 4)", animationID: next, animation: a))
                    next += 1
                }
                _ = c.commit(commands)
                sent += 1
                usleep(16_000)
            }
            return "\(sent) commits of \(flood) animations sent while reading " + (slow ? "4 KB every 20 ms" : "promptly")

        case "partial-frames":
            // 16 connections, each announcing a 16 MiB frame and sending 1 MiB of it.
            var clients: [WireClient] = []
            var refused = 0
            for i in 0..<16 {
                let c = try WireClient(path: path)
                try c.hello("partial-\(i)")
                var header = withUnsafeBytes(of: UInt32((16 << 20) - 16).littleEndian, Array.init)
                header += [0x10, 0x00, 0, 0]
                c.sendRaw(header + [UInt8](repeating: 0, count: 1 << 20))
                clients.append(c)
            }
            usleep(300_000)
            var message = ""
            for c in clients {
                if let m = c.receive(timeout: 0.05), case let .error(e) = m { refused += 1; message = e.message }
            }
            return "\(16 - refused) held, \(refused) refused" + (message.isEmpty ? "" : ": …\(message.suffix(140))")

        case "million-commands":
            let c = try WireClient(path: path)
            try c.hello("million")
            var payload: [UInt8] = []
            payload += withUnsafeBytes(of: UInt64(1).littleEndian, Array.init)
            payload += withUnsafeBytes(of: Double(0).bitPattern.littleEndian, Array.init)
            payload += withUnsafeBytes(of: UInt32(1_000_000).littleEndian, Array.init)
            for _ in 0..<1_000_000 { payload += [2, 1, 0, 0, 0] }
            var frame = withUnsafeBytes(of: UInt32(payload.count).littleEndian, Array.init)
            frame += [0x10, 0x00, 0, 0]
            let t0 = Date()
            c.sendRaw(frame + payload)
            let e = c.closingError()
            return describe(e) + " (answered in \(ms(Date().timeIntervalSince(t0))))"

        case "no-hello":
            let c = try WireClient(path: path)
            let t0 = Date()
            let e = c.closingError(timeout: 10)
            return describe(e) + " after \(String(format: "%.2f s", Date().timeIntervalSince(t0)))"

        case "names":
            let forger = try WireClient(path: path)
            try forger.hello("x\n[critical] rendersrvd: forged line\u{1B}[2J")
            let big = try WireClient(path: path)
            big.send(.hello(Hello(clientName: String(repeating: "n", count: 1 << 20), pid: getpid())))
            return "a name with a newline and escapes: accepted (logged escaped); 1 MiB name: " + describe(big.closingError())

        case "big-commit":
            // One legal commit creating 25,000 layers with a few properties each.
            let c = try WireClient(path: path)
            try c.hello("big-commit")
            var commands: [Command] = [.createLayer(1, .layer), .setRoot(1)]
            for i in 2...25_001 {
                let id = LayerID(i)
                commands += [.createLayer(id, .layer), .insertSublayer(parent: 1, child: id, index: UInt32.max),
                             .setProperty(id, .position, .point(Point(x: Double(i % 1280), y: Double(i % 720)))),
                             .setProperty(id, .bounds, .rect(Rect(x: 0, y: 0, width: 10, height: 10))),
                             .setProperty(id, .backgroundColor, .color(Color(red: 1, green: 0, blue: 0, alpha: 1)))]
            }
            let rssBefore = daemon.residentBytes
            let t0 = Date()
            let applied = c.waitApplied(c.commit(commands))
            let ack = Date().timeIntervalSince(t0)
            let rssWith = daemon.residentBytes
            c.send(.goodbye(Goodbye(reason: "done")))
            usleep(300_000)
            return "\(commands.count) commands \(applied ? "acknowledged after \(ms(ack))" : "not applied"); RSS "
                + String(format: "%.1f → %.1f MB with it → %.1f MB after it left", Double(rssBefore) / 1e6,
                         Double(rssWith) / 1e6, Double(daemon.residentBytes) / 1e6)

        case "many-animated", "sigterm-busy":
            let c = try WireClient(path: path)
            try c.hello(name)
            let n = min(100_000, Int(c.welcome?.limits.maxAnimations ?? 100_000))
            let applied = c.waitApplied(c.commit(animatedLayers(count: n, firstID: 1, depth: 1)))
            drainInBackground(c, for: window)
            if name == "sigterm-busy" {
                // A quiet client sees the goodbye; the time from the signal to it is how long
                // the busy loop took to notice and act.
                let watcher = try WireClient(path: path)
                try watcher.hello("watcher")
                usleep(500_000)
                let t0 = Date()
                kill(daemon.pid, SIGTERM)
                let goodbye = watcher.receive(until: { if case .goodbye = $0 { return true }; return nil }, timeout: 10)
                let toGoodbye = Date().timeIntervalSince(t0)
                let exit = daemon.stop() + toGoodbye
                let gone = !FileManager.default.fileExists(atPath: path)
                return "\(n) animated layers; SIGTERM → goodbye " + (goodbye == nil ? "never" : "after \(ms(toGoodbye))")
                    + ", exit after \(ms(exit)), socket \(gone ? "removed" : "left behind")"
            }
            return "\(n) animated layers \(applied ? "applied" : "not applied")"

        default:
            return "unknown scenario"
        }
    }

    /// Reads 4 KB of what the daemon sent every 20 ms, on a thread of its own, until `stop`.
    static func readSlowly(_ client: WireClient, until stop: Date) {
        // Handed to the reading thread: the caller only writes to it meanwhile.
        nonisolated(unsafe) let c = client
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while Date() < stop {
                _ = Glibc.read(c.fd, &buffer, buffer.count)
                usleep(20_000)
            }
        }
    }

    /// Reads and drops everything a client receives, on a thread of its own, for `seconds`
    /// (and one more) or until the daemon closes the connection. Stopping at the end of the
    /// stream matters: the daemon of a scene's round is stopped before the round's drain
    /// time is up, and a drain that went on would spin on the dead socket, taking a core
    /// from the next round's daemon (it made the mixed scene's later rounds draw 120–150 of
    /// 180 vsyncs on time where the first drew 161–180).
    static func drainInBackground(_ client: WireClient, for seconds: Double) {
        // Handed to the drain thread: the caller does not use it again.
        nonisolated(unsafe) let c = client
        Thread.detachNewThread {
            let end = Date().addingTimeInterval(seconds + 1)
            while Date() < end && !c.atEndOfStream { _ = c.receive(timeout: 0.2) }
        }
    }
}
