import ArgumentParser
import Foundation
import RenderClient

extension RenderSrvCtl {
    struct Clients: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The daemon's sessions: id, pid, uid, name, layers, animations, contents bytes held, bytes queued to each.")

        @OptionGroup var options: ConnectionOptions

        @Flag(name: .long, help: "Print the daemon's JSON as is.")
        var json = false

        func run() throws {
            let client = try options.connect()
            let text = perform("clients from rendersrvd at \(client.socketPath)") { try client.clients() }
            let own = client.welcome.sessionID
            client.close()
            if json { print(text); return }
            print(ClientsTable(decodeReport(ClientsReport.self, text, what: "clients"), own: own).render(), terminator: "")
        }
    }

    struct Kick: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "End a session: the client gets a fatal error saying an operator ended it; the daemon logs it.",
            discussion: "Session ids are those `rendersrvctl clients` lists.")

        @OptionGroup var options: ConnectionOptions

        @Argument(help: ArgumentHelp("The session to end.", valueName: "id"))
        var session: UInt32

        @Option(name: .long, help: ArgumentHelp("Why, told to the client and written to the daemon's log.", valueName: "text"))
        var reason: String = ""

        func validate() throws {
            guard session != 0 else { throw ValidationError("session ids start at 1; list them with rendersrvctl clients") }
        }

        func run() throws {
            let client = try options.connect()
            let reply = perform("kick on rendersrvd at \(client.socketPath)") {
                try client.kick(session: session, reason: reason)
            }
            client.close()
            print("ended session \(reply.sessionID), \(reply.client)")
        }
    }
}

/// `rendersrvctl clients` without `--json`: one row per session.
struct ClientsTable {
    let report: ClientsReport
    /// This tool's own session (marked in the table).
    let own: UInt32
    init(_ report: ClientsReport, own: UInt32) { self.report = report; self.own = own }

    func render() -> String {
        let header = ["ID", "PID", "UID", "NAME", "LAYERS", "ANIMATIONS", "CONTENTS", "QUEUED"]
        var rows = [header]
        for s in report.sessions {
            var name = s.established ? "\"\(s.name)\"" : "(no hello yet)"
            if s.id == own { name += " (this rendersrvctl)" }
            rows.append(["\(s.id)", s.pid.map(String.init) ?? "?", s.uid.map(String.init) ?? "?", name,
                         "\(s.layers)", "\(s.animations)", bytes(s.contentsBytes), bytes(s.queuedBytes)])
        }
        var widths = header.map(\.count)
        for r in rows { for (i, c) in r.enumerated() { widths[i] = max(widths[i], c.count) } }
        // Numbers right-aligned, the name left-aligned.
        let numeric: Set<Int> = [0, 1, 2, 4, 5, 6, 7]
        var out = ""
        for r in rows {
            let cells = r.enumerated().map { i, c -> String in
                let pad = String(repeating: " ", count: widths[i] - c.count)
                return numeric.contains(i) ? pad + c : c + pad
            }
            out += cells.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) + "\n"
        }
        return out
    }

    /// `0 B`, `812 B`, `12.3 KiB`, `4.0 MiB`.
    func bytes(_ n: Int) -> String {
        if n < 1024 { return "\(n) B" }
        if n < 1 << 20 { return String(format: "%.1f KiB", Double(n) / 1024) }
        return String(format: "%.1f MiB", Double(n) / Double(1 << 20))
    }
}
