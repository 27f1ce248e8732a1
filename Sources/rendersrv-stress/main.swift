// rendersrv-stress — measurements of a real rendersrvd from outside. Measurement never
// perturbs the daemon beyond what a scenario does on purpose.
import ArgumentParser

struct RenderSrvStress: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rendersrv-stress",
        abstract: "Stress and isolation measurements against a private rendersrvd.",
        subcommands: [Isolation.self, Latency.self, InputScenario.self, BlockedMainScenario.self, Throughput.self, Clients.self, Eval.self,
                      Composite.self, Soak.self, EchoServer.self, FloorServer.self, PingLoop.self, ClientWorker.self])
}

RenderSrvStress.main()
