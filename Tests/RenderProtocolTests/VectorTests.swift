import Foundation
import RenderCore
@testable import RenderProtocol
import Testing

/// The golden vectors: every file decodes to the catalogued message and re-encodes to the
/// same bytes. Set `RENDERSRV_WRITE_VECTORS=1` to (re)write the files from the catalog
/// with the encoder — then check the diff by hand before keeping it.
@Suite struct VectorTests {
    init() throws {
        guard ProcessInfo.processInfo.environment["RENDERSRV_WRITE_VECTORS"] == "1" else { return }
        try FileManager.default.createDirectory(at: VectorFiles.directory, withIntermediateDirectories: true)
        for v in VectorCatalog.all {
            let bytes = WireCodec.encode(v.message)
            let header = "\(v.name).hex — \(v.message.type) (0x\(WireCodec.hex(v.message.type.rawValue))), "
                + "\(bytes.count) bytes: an 8-byte header, then the payload."
            let text = VectorFiles.format(comments: [header] + v.comment, bytes: bytes, commands: commandRuns(v.message))
            try text.write(to: VectorFiles.directory.appendingPathComponent(v.name + ".hex"),
                           atomically: true, encoding: .utf8)
        }
        try VectorTables.document().write(to: VectorTables.file, atomically: true, encoding: .utf8)
    }

    /// `Protocol/VECTORS.md` writes out every vector's fields, as the catalog has them.
    @Test func theFieldTablesAreCurrent() throws {
        let text = try String(contentsOf: VectorTables.file, encoding: .utf8)
        #expect(text == VectorTables.document(), "Protocol/VECTORS.md is out of date: regenerate it with RENDERSRV_WRITE_VECTORS=1")
    }

    /// For a commit, each command's description and encoding, to lay the file out one
    /// command per line.
    func commandRuns(_ m: Message) -> [(String, [UInt8])]? {
        guard case let .commit(c) = m else { return nil }
        return c.commands.enumerated().map { i, command in
            var w = ByteWriter()
            w.write(command)
            return ("command \(i): \(command)", w.bytes)
        }
    }

    @Test(arguments: VectorCatalog.all.map(\.name))
    func vectorDecodesAndReencodes(_ name: String) throws {
        let vector = try #require(VectorCatalog.all.first { $0.name == name })
        let file = try VectorFiles.read(VectorFiles.directory.appendingPathComponent(name + ".hex"))
        #expect(!file.comments.isEmpty, "\(name).hex should start with # comment lines describing it")
        let decoded = try WireCodec.decode(frame: file.bytes)
        #expect(decoded == vector.message)
        #expect(WireCodec.encode(decoded) == file.bytes)
        #expect(WireCodec.encode(vector.message) == file.bytes)
    }

    @Test func everyVectorFileIsCatalogued() throws {
        let names = Set(try VectorFiles.hexFiles(in: VectorFiles.directory).map { $0.deletingPathExtension().lastPathComponent })
        let catalogued = Set(VectorCatalog.all.map(\.name))
        #expect(names == catalogued, """
            files without a catalog entry: \(names.subtracting(catalogued)); \
            catalog entries without a file: \(catalogued.subtracting(names))
            """)
        #expect(catalogued.count == VectorCatalog.all.count, "vector names must be unique")
    }

    /// The vectors exercise every message type, command, value kind, path element, key-path
    /// component group, animation kind and enum case of the animation model.
    @Test func vectorsCoverTheWholeProtocol() {
        var coverage = Coverage()
        for v in VectorCatalog.all { coverage.visit(v.message) }
        #expect(coverage.messageTypes == Set(MessageType.allCases))
        #expect(coverage.commands == Set(CommandTag.allCases))
        // Shared-memory contents (tag 12) need descriptors: their vector is in vectors/shared,
        // checked by SharedContentsVectorTests.
        #expect(coverage.values == Set(ValueTag.allCases).subtracting([.sharedContents]))
        #expect(coverage.pathElements == Set(PathElementTag.allCases))
        #expect(coverage.animationKinds == Set(AnimationKindTag.allCases))
        #expect(coverage.fillModes == Set(MediaTiming.FillMode.allCases))
        #expect(coverage.calculationModes == Set(KeyframeAnimation.CalculationMode.allCases))
        #expect(coverage.rotationModes == Set(KeyframeAnimation.RotationMode.allCases))
        #expect(coverage.transitionTypes == Set(Transition.Kind.allCases))
        #expect(coverage.transitionSubtypes == Set(Transition.Subtype.allCases))
        #expect(coverage.layerKinds == Set(LayerKind.allCases))
        #expect(coverage.basicEndpointCombinations.count >= 4)
        #expect(coverage.sawNilContents && coverage.sawBitmap && coverage.sawNestedGroup)
    }

    /// The worked examples of PROTOCOL.md, written out by hand — not by the encoder.
    @Test func workedExamplesMatchTheSpec() throws {
        let ping: [UInt8] = [0x08, 0x00, 0x00, 0x00, 0x40, 0x00, 0x00, 0x00,
                             0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01]
        #expect(WireCodec.encode(.ping(0x0102_0304_0506_0708)) == ping)
        #expect(try WireCodec.decode(frame: ping) == .ping(0x0102_0304_0506_0708))

        let hello: [UInt8] = [0x10, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, // header: 16-byte payload, hello
                              0x02, 0x00, 0x02, 0x00,                         // minVersion 2, maxVersion 2
                              0x04, 0x00, 0x00, 0x00, 0x64, 0x65, 0x6D, 0x6F, // "demo"
                              0xD2, 0x04, 0x00, 0x00]                         // pid 1234
        let message = Message.hello(Hello(minVersion: 2, maxVersion: 2, clientName: "demo", pid: 1234))
        #expect(WireCodec.encode(message) == hello)
        #expect(try WireCodec.decode(frame: hello) == message)

        // commit 1 at 0.5 s: setProperty(layer 1, opacity, number 0.25)
        let commit: [UInt8] = [0x24, 0x00, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00,
                               0x01, 0, 0, 0, 0, 0, 0, 0,                   // sequence 1
                               0, 0, 0, 0, 0, 0, 0xE0, 0x3F,                // mediaTime 0.5
                               0x01, 0x00, 0x00, 0x00,                      // 1 command
                               0x03, 0x01, 0x00, 0x00, 0x00,                // setProperty, layer 1
                               0x07, 0x00,                                  // opacity, whole
                               0x01, 0, 0, 0, 0, 0, 0, 0xD0, 0x3F]          // number 0.25
        let commitMessage = Message.commit(Commit(sequence: 1, mediaTime: 0.5,
                                                  commands: [.setProperty(1, .opacity, .number(0.25))]))
        #expect(WireCodec.encode(commitMessage) == commit)
        #expect(try WireCodec.decode(frame: commit) == commitMessage)
    }

    /// `Protocol/vectors/invalid/`: each file's `# expect: <code>` names the error.
    @Test func invalidVectorsFailWithTheirCode() throws {
        let files = try VectorFiles.hexFiles(in: VectorFiles.invalidDirectory)
        #expect(files.count >= 8)
        for url in files {
            let file = try VectorFiles.read(url)
            let expect = try #require(file.comments.first { $0.hasPrefix("expect:") }, "\(url.lastPathComponent) lacks # expect:")
            let code = expect.dropFirst("expect:".count).trimmingCharacters(in: .whitespaces)
            var decoder = FrameDecoder()
            decoder.append(contentsOf: file.bytes)
            do {
                let m = try decoder.next()
                Issue.record("\(url.lastPathComponent): expected \(code), decoded \(String(describing: m))")
            } catch {
                #expect("\(error.code)" == code, "\(url.lastPathComponent): \(error)")
            }
        }
    }
}

/// What a set of messages exercises.
struct Coverage {
    var messageTypes = Set<MessageType>()
    var commands = Set<CommandTag>()
    var values = Set<ValueTag>()
    var pathElements = Set<PathElementTag>()
    var animationKinds = Set<AnimationKindTag>()
    var fillModes = Set<MediaTiming.FillMode>()
    var calculationModes = Set<KeyframeAnimation.CalculationMode>()
    var rotationModes = Set<KeyframeAnimation.RotationMode>()
    var transitionTypes = Set<Transition.Kind>()
    var transitionSubtypes = Set<Transition.Subtype>()
    var layerKinds = Set<LayerKind>()
    var basicEndpointCombinations = Set<[Bool]>()
    var sawNilContents = false, sawBitmap = false, sawNestedGroup = false

    mutating func visit(_ m: Message) {
        messageTypes.insert(m.type)
        guard case let .commit(c) = m else { return }
        for command in c.commands {
            commands.insert(command.tag)
            switch command {
            case let .createLayer(_, kind): layerKinds.insert(kind)
            case let .setProperty(_, _, v): visit(v)
            case let .addAnimation(_, _, _, a): visit(a, depth: 0)
            default: break
            }
        }
    }

    mutating func visit(_ v: AnimatableValue) {
        values.insert(v.wireTag)
        switch v {
        case let .path(p): visit(p)
        case .contents(nil): sawNilContents = true
        case .contents(.some): sawBitmap = true
        default: break
        }
    }

    mutating func visit(_ p: Path) {
        for e in p.elements {
            switch e {
            case .move: pathElements.insert(.move)
            case .line: pathElements.insert(.line)
            case .quad: pathElements.insert(.quad)
            case .cubic: pathElements.insert(.cubic)
            case .close: pathElements.insert(.close)
            }
        }
    }

    mutating func visit(_ a: Animation, depth: Int) {
        fillModes.insert(a.timing.fillMode)
        switch a.kind {
        case let .basic(b):
            animationKinds.insert(.basic)
            basicEndpointCombinations.insert([b.from != nil, b.to != nil, b.by != nil])
            for v in [b.from, b.to, b.by] { if let v { visit(v) } }
        case let .keyframe(k):
            animationKinds.insert(.keyframe)
            calculationModes.insert(k.calculationMode)
            rotationModes.insert(k.rotationMode)
            for v in k.values { visit(v) }
            if let p = k.path { visit(p) }
        case let .spring(s):
            animationKinds.insert(s.componentVelocity == nil ? .spring : .retargetedSpring)
        case let .group(g):
            animationKinds.insert(.group)
            if depth > 0 { sawNestedGroup = true }
            for child in g.animations { visit(child, depth: depth + 1) }
        case let .transition(t):
            animationKinds.insert(.transition)
            transitionTypes.insert(t.type)
            transitionSubtypes.insert(t.subtype)
        }
    }
}
