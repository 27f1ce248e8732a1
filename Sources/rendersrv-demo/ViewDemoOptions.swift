import ArgumentParser

/// The options the view demos share: the daemon, the JSON report and the contact sheet.
struct ViewDemoOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("A manual-clock daemon's socket (default: start one).", valueName: "path"))
    var socket: String?

    @Option(name: .long, help: ArgumentHelp("Also write the frames after each clock step, tiled, to this PNG.",
                                            valueName: "path"))
    var contactSheet: String?

    @Flag(name: .long, help: "Print one JSON object instead of the report.")
    var json = false

    /// A demo's `--duration`: 0.1…10 seconds.
    static func validate(duration: Double) throws {
        guard duration.isFinite, duration >= 0.1, duration <= 10 else {
            throw ValidationError("--duration \(duration) is out of range; use 0.1…10 seconds")
        }
    }
}
