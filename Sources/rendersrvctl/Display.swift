import ArgumentParser
import Foundation
import RenderClient
import RenderProtocol

extension RenderSrvCtl {
    struct Resize: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Resize the daemon's display, as its window's compositor would.",
            discussion: """
                The size is in points, WIDTHxHEIGHT, each side 1…16384. Clients of protocol version 4 \
                are told (displayChanged); later clients' welcomes, snapshots and stats have the new \
                size; the next frame is drawn at it (on a manual clock, step to draw it). A window \
                output keeps its window's size and shows the frame's top-left part.
                  rendersrvctl resize 1024x768
                """)

        @OptionGroup var options: ConnectionOptions

        @Argument(help: ArgumentHelp("The new size in points: WIDTHxHEIGHT, e.g. 1024x768.", valueName: "size"))
        var size: String

        /// `size` as (width, height), or nil when it is not two positive integers joined by x.
        static func parse(_ size: String) -> (width: UInt32, height: UInt32)? {
            let parts = size.lowercased().replacingOccurrences(of: "×", with: "x").split(separator: "x",
                                                                                          omittingEmptySubsequences: false)
            guard parts.count == 2, let w = UInt32(parts[0]), let h = UInt32(parts[1]) else { return nil }
            return (w, h)
        }

        func validate() throws {
            guard let (w, h) = Self.parse(size) else {
                throw ValidationError("resize needs a size WIDTHxHEIGHT in points (e.g. 1024x768), not \"\(size)\"")
            }
            let range = DisplayChanged.dimensions
            guard range.contains(w), range.contains(h) else {
                throw ValidationError("a \(w)x\(h) display is out of range: width and height are "
                    + "\(range.lowerBound)…\(range.upperBound) points each")
            }
        }

        func run() throws {
            let (w, h) = Self.parse(size)!
            let client = try options.connect()
            let r = perform("resize on rendersrvd at \(client.socketPath)") { try client.resizeDisplay(width: w, height: h) }
            client.close()
            print("display \(r.width)x\(r.height) from frame \(r.frame)")
        }
    }
}
