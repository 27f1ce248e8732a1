import Dispatch
import Testing
@testable import RenderClient

@Suite struct ThreadAffinityTests {
    @Test func creatingALayerOffItsContextsQueueTraps() async {
        await #expect(processExitsWith: .failure) {
            let context = Context(queue: DispatchQueue(label: "affinity"), commitSink: { _ in })
            _ = Layer(context: context) // not on the context's queue
        }
    }

    @Test func changingALayerOffItsQueueTraps() async {
        await #expect(processExitsWith: .failure) {
            let queue = DispatchQueue(label: "affinity")
            let context = Context(queue: queue, commitSink: { _ in })
            let layer = queue.sync { Layer(context: context) }
            layer.opacity = 0.5
        }
    }

    @Test func layerWithoutAContextOnThisQueueTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = DispatchQueue(label: "none").sync { Layer() }
        }
    }

    @Test func defaultContextIsTheFirstOneCreatedOnTheQueue() {
        let queue = DispatchQueue(label: "default-context")
        let first = Context(queue: queue, commitSink: { _ in })
        let second = Context(queue: queue, commitSink: { _ in })
        queue.sync {
            #expect(Context.current === first)
            #expect(Layer().context === first)
            #expect(Layer(context: second).context === second)
        }
        #expect(Context.current !== first, "off its queue it is not the current context")
    }
}
