// rendersrv-demo — scenarios that show what an out-of-process render server buys a client.
import ArgumentParser

struct RenderSrvDemo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rendersrv-demo",
        abstract: "Demonstration scenarios against a running rendersrvd.",
        subcommands: [BlockedMain.self, ScrollDemo.self, Latency.self, ViewBlockDemo.self, PopBlockDemo.self, FadeDemo.self, QuoteDemo.self,
                      ArticleDemo.self, ChangeExampleDemo.self, ComponentsBench.self, DynamicsDemo.self, RestartDemo.self])
}

RenderSrvDemo.main()
