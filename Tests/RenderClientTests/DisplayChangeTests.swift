import Dispatch
import Foundation
import RenderCore
import RenderProtocol
import Testing
@testable import RenderClient

/// The display changes size (protocol version 4, PROTOCOL.md §5.4): the connection's welcome
/// stays current, the context's `displaySize`/`refreshRate` follow and `onDisplayChange`
/// hears it on the context's queue; `ControlClient.resizeDisplay` asks for a change.
@Suite struct DisplayChangeTests {
    @Test func aDisplayChangeUpdatesTheWelcomeTheContextAndItsCallback() throws {
        let peer = try ScriptedPeer { m in
            if case .hello = m { return [.welcome(ScriptedPeer.welcome)] }
            return []
        }
        let queue = DispatchQueue(label: "DisplayChangeTests.callback")
        let connection = try Connection(socketPath: peer.path, clientName: "t", callbackQueue: queue)
        let context = Context(connection: connection)
        let heard = DispatchSemaphore(value: 0)
        var changes: [DisplayChanged] = []
        var sizeWhenTold: Size?
        queue.sync {
            #expect(context.displaySize == Size(width: 640, height: 480) && context.refreshRate == 60)
            context.onDisplayChange = { d in
                dispatchPrecondition(condition: .onQueue(queue))
                changes.append(d)
                sizeWhenTold = context.displaySize
                heard.signal()
            }
        }
        let change = DisplayChanged(width: 1024, height: 768, refreshRate: 120)
        peer.send([.displayChanged(change)])
        #expect(heard.wait(timeout: .now() + 10) == .success)
        queue.sync {
            #expect(changes == [change])
            #expect(sizeWhenTold == Size(width: 1024, height: 768))
            #expect(context.displaySize == Size(width: 1024, height: 768) && context.refreshRate == 120)
        }
        let w = connection.welcome
        #expect(w.displayWidth == 1024 && w.displayHeight == 768 && w.refreshRate == 120)
        #expect(w.sessionID == ScriptedPeer.welcome.sessionID) // the rest of the welcome stays
    }

    @Test func aContextOnACustomSinkHearsChangesAndADifferentDaemonsDisplay() {
        let h = Harness()
        var heard: [DisplayChanged] = []
        h.run {
            #expect(h.context.displaySize == .zero && h.context.refreshRate == 0)
            h.context.onDisplayChange = { heard.append($0) }
        }
        let change = DisplayChanged(width: 800, height: 600, refreshRate: 60)
        h.deliver(.displayChanged(change))
        h.run { #expect(h.context.displaySize == Size(width: 800, height: 600) && h.context.refreshRate == 60) }
        #expect(heard == [change])

        // A reconnection to a daemon with the same display says nothing new; another one does.
        func welcome(_ w: UInt32, _ hgt: UInt32, _ rate: Double) -> Welcome {
            Welcome(version: 4, sessionID: 2, displayWidth: w, displayHeight: hgt, refreshRate: rate, mediaTime: 1000,
                    manualClock: true, limits: .default)
        }
        h.run {
            h.context.deliver(reconnect: .disconnected(.closed(path: "test")))
            h.context.deliver(reconnect: .reconnected(welcome(800, 600, 60)))
        }
        #expect(heard == [change])
        h.run {
            h.context.deliver(reconnect: .disconnected(.closed(path: "test")))
            h.context.deliver(reconnect: .reconnected(welcome(1920, 1080, 144)))
        }
        #expect(heard == [change, DisplayChanged(width: 1920, height: 1080, refreshRate: 144)])
        h.run { #expect(h.context.displaySize == Size(width: 1920, height: 1080) && h.context.refreshRate == 144) }
    }

    @Test func controlClientResizesAndReportsARefusal() throws {
        let peer = try ScriptedPeer { m in
            switch m {
            case .hello: return [.welcome(ScriptedPeer.welcome)]
            case let .resizeDisplay(r) where r.width == 0:
                return [.error(ErrorMessage(code: .invalidValue, message: "resize request \(r.requestID): a 0x10 display "
                    + "is out of range", fatal: false))]
            case let .resizeDisplay(r):
                // The change comes first (the requester is a v4 session): the client skips it.
                return [.displayChanged(DisplayChanged(width: r.width, height: r.height, refreshRate: 60)),
                        .displayResized(DisplayResized(requestID: r.requestID, frame: 9, width: r.width, height: r.height))]
            default: return []
            }
        }
        let control = try ControlClient(socketPath: peer.path, reconnect: nil)
        let r = try control.resizeDisplay(width: 320, height: 200)
        #expect(r.width == 320 && r.height == 200 && r.frame == 9)
        #expect(throws: ConnectionError.self) { try control.resizeDisplay(width: 0, height: 10) }
        let asked = peer.received.withLock { $0.compactMap { if case let .resizeDisplay(q) = $0 { return q }; return nil } }
        #expect(asked.map(\.width) == [320, 0] && asked.map(\.height) == [200, 10])
    }
}
