import Foundation
import Testing
import RenderClient
import RenderViews
import Components
import TextLayout

/// A label component's frame against the text the real daemon draws: the client measures
/// with the daemon's pango layout code (`TextLayout`), the host mounts the label at the
/// measured size, rounded up to the pixel grid, and the daemon lays the string out again in
/// those bounds and draws it. The snapshot's ink must sit inside the frame, fill it, and
/// show as many lines as were measured: a wider measurement leaves a gap, a narrower one
/// makes the daemon wrap, cut or spill differently.
@Suite("End to end, labels")
struct LabelEndToEndTests {
    /// The rows and columns, in `area` of a white snapshot, holding a pixel darker than
    /// mid-grey: the text's ink.
    struct Ink {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        /// Runs of inked rows (top, bottom exclusive): one per drawn line.
        var bands: [(Int, Int)] = []
        var isEmpty: Bool { minX == .max }
    }

    static func ink(_ shot: SnapshotReply, in area: Rect) -> Ink {
        let w = Int(shot.width), h = Int(shot.height)
        var ink = Ink()
        var bandStart: Int? = nil
        let y0 = max(0, Int(area.minY)), y1 = min(h, Int(area.maxY.rounded(.up)))
        let x0 = max(0, Int(area.minX)), x1 = min(w, Int(area.maxX.rounded(.up)))
        for y in y0..<y1 {
            var rowInked = false
            for x in x0..<x1 {
                let i = (y * w + x) * 4   // BGRA
                let lum = (Int(shot.pixels[i]) + Int(shot.pixels[i + 1]) + Int(shot.pixels[i + 2])) / 3
                if lum < 128 {
                    rowInked = true
                    ink.minX = min(ink.minX, x); ink.maxX = max(ink.maxX, x + 1)
                    ink.minY = min(ink.minY, y); ink.maxY = max(ink.maxY, y + 1)
                }
            }
            if rowInked, bandStart == nil { bandStart = y }
            if !rowInked, let s = bandStart { ink.bands.append((s, y)); bandStart = nil }
        }
        if let s = bandStart { ink.bands.append((s, y1)) }
        return ink
    }

    @Test func aLabelsFrameIsTheTextTheDaemonDraws() throws {
        let daemon = try Daemon(clock: "manual", extraArguments: ["--size", "400x300"])
        defer { daemon.stop() }
        let client = try Client(daemon)
        let font = "DejaVu Sans"
        let single = LabelComponent("Hamburgefonstiv", font: font, fontSize: 20, isWrapped: false)
        let wrapped = LabelComponent("The quick brown fox jumps over the lazy dog", font: font, fontSize: 16,
                                     size: ComponentSize(maxWidth: 150))
        let cut = LabelComponent("Truncated where the line ends", font: font, fontSize: 14, isWrapped: false,
                                 truncationMode: .end, size: ComponentSize(maxWidth: 120))
        let labels = [single, wrapped, cut]
        let host = client.onMain {
            let host = HostingView(model: (), sizeRange: SizeRange(exactly: Size(400, 300)), context: client.context) { _ in
                FlexboxComponent(view: ViewConfiguration([.backgroundColor(.white)]),
                                 style: FlexboxStyle(alignItems: .start, padding: Edges(all: 10.5)),
                                 children: labels.map { FlexboxChild($0, spacingAfter: 20.25) })
            }
            client.context.rootLayer = host.layer
            return host
        }
        try client.applyCommits()
        let shot = try client.control.snapshot()
        #expect(shot.width == 400 && shot.height == 300)

        let frames = try client.onMain { try labels.map { try #require(host.mountedLayout?.frame(of: $0)) } }
        for (label, frame) in zip(labels, frames) {
            let name = label.text.string
            // The frame is the measurement, rounded up on the 1× grid from a floored origin.
            let m = TextMeasurer.measure(label.text, maxWidth: label === single ? .infinity : (label === wrapped ? 150 : 120))
            #expect([frame.minX, frame.minY, frame.width, frame.height].allSatisfy { $0 == $0.rounded() }, "\(name): \(frame)")
            #expect(frame.width >= m.width && frame.width < m.width + 2 && frame.height >= m.height && frame.height < m.height + 2,
                    "\(name): \(frame) for a measured \(m.width) × \(m.height)")
            // The ink, searched well around the frame, lies inside it (a pixel of antialiasing
            // or overhang allowed), spans its width and shows the measured lines.
            let ink = Self.ink(shot, in: Rect(x: frame.minX - 30, y: frame.minY - 8, width: frame.width + 60, height: frame.height + 8 + 10))
            #expect(!ink.isEmpty, "\(name): nothing drawn")
            #expect(Double(ink.minX) >= frame.minX - 1 && Double(ink.maxX) <= frame.maxX + 1, "\(name): ink x \(ink.minX)..<\(ink.maxX), frame \(frame)")
            #expect(Double(ink.minY) >= frame.minY - 1 && Double(ink.maxY) <= frame.maxY + 1, "\(name): ink y \(ink.minY)..<\(ink.maxY), frame \(frame)")
            // The daemon's ink is where pango's ink extents put it, measured on the client
            // (to the pixel: antialiased edges): the same glyphs, the same cut.
            let want = (minX: frame.minX + m.ink.x, maxX: frame.minX + m.ink.x + m.ink.width,
                        minY: frame.minY + m.ink.y, maxY: frame.minY + m.ink.y + m.ink.height)
            #expect(abs(Double(ink.minX) - want.minX) <= 1 && abs(Double(ink.maxX) - want.maxX) <= 1
                    && abs(Double(ink.minY) - want.minY) <= 1 && abs(Double(ink.maxY) - want.maxY) <= 1,
                    "\(name): ink \(ink.minX)..<\(ink.maxX) × \(ink.minY)..<\(ink.maxY), measured \(want)")
            // And fills the frame: the logical width past the ink is the side bearings only.
            #expect(Double(ink.maxX) >= frame.maxX - m.ink.width * 0.1 && Double(ink.minX) <= frame.minX + 3,
                    "\(name): the text fills its frame's width: ink \(ink.minX)..<\(ink.maxX), frame \(frame)")
            #expect(ink.bands.count == m.lineCount, "\(name): \(ink.bands.count) lines drawn, \(m.lineCount) measured: \(ink.bands)")
        }
        let m = TextMeasurer.measure(wrapped.text, maxWidth: 150)
        #expect(m.lineCount >= 3 && frames[1].width <= 150, "the long text wraps within 150 pt: \(m)")
        #expect(frames[2].width <= 120 && TextMeasurer.measure(cut.text).width > 120, "the cut text was longer than 120 pt")
    }
}
