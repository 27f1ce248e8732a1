import RenderProtocol
import Synchronization

/// A stand-in for the daemon's input path (hit-testing, delivery, interaction trackers),
/// which is written elsewhere and replaces this file: it only counts the events an output's
/// `InputSource` hands over, per core, for tests to read.
extension ServerCore {
    /// Takes one input event from a window output or an injection. Loop thread.
    func receiveInput(_ event: InputEvent) {
        ServerCore.inputStubCounts.withLock { $0[ObjectIdentifier(self), default: 0] += 1 }
    }

    /// Events `receiveInput` took on `core`. Any thread.
    package static func inputStubCount(of core: ServerCore) -> Int {
        inputStubCounts.withLock { $0[ObjectIdentifier(core)] ?? 0 }
    }

    private static let inputStubCounts = Mutex<[ObjectIdentifier: Int]>([:])
}
