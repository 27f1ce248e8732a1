// rendersrv-fuzz — the libFuzzer target for everything that parses a client's bytes: the
// frame decoder, message decoding and the commit validator, through `FuzzHarness`.
//
// Built two ways (Scripts/fuzz does the first):
//
//   swift build --scratch-path .build-fuzz --product rendersrv-fuzz \
//       -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING \
//       -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld
//     libFuzzer drives `LLVMFuzzerTestOneInput`; a broken invariant traps, so libFuzzer
//     saves the input. (A separate scratch path: the sanitizer flags would otherwise
//     rebuild the normal build's modules.)
//
//   swift build (the normal package build)
//     a replayer: `rendersrv-fuzz FILE|DIR…` runs each input (a crash file, a corpus)
//     through the same harness without sanitizers and reports what each did.
//
// SwiftPM links a debug executable with `main` renamed to `rendersrv_fuzz_main` (so tests
// can link the module); under FUZZING that function starts libFuzzer's driver.
import Foundation
import RenderServer
import RenderServerHarness

/// One input through the harness; traps on a broken invariant (what libFuzzer reports).
func fuzzOne(_ harness: FuzzHarness, _ bytes: [UInt8]) {
    do {
        _ = try harness.run(bytes)
    } catch {
        fatalError("rendersrv-fuzz: invariant broken by a \(bytes.count)-byte input: \(error)")
    }
}

#if FUZZING
nonisolated(unsafe) let harness = FuzzHarness()

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzOne(harness, data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

@_cdecl("rendersrv_fuzz_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var argc = argc, argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in testOneInput(data, size) }
}
#else
@main struct Replay {
    static func main() {
        let paths = CommandLine.arguments.dropFirst()
        guard !paths.isEmpty, !paths.contains("--help"), !paths.contains("-h") else {
            print("""
                usage: rendersrv-fuzz FILE|DIR…
                Runs each input (a libFuzzer crash file, a corpus folder) through the fuzz harness: the frame \
                decoder, message decoding, and a session of an embedded server (handshake, commit validation, \
                application, a frame). Prints what each input did; exits 1 on a broken invariant. Fuzzing \
                itself: Scripts/fuzz SECONDS.
                """)
            exit(paths.isEmpty ? 2 : 0)
        }
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                FileHandle.standardError.write(Data("rendersrv-fuzz: error: \(path) does not exist; pass input files or folders\n".utf8))
                exit(2)
            }
            if isDirectory.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                files += names.sorted().map { path + "/" + $0 }
            } else {
                files.append(path)
            }
        }
        let harness = FuzzHarness()
        var broken = 0
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            do {
                let o = try harness.run([UInt8](data))
                print("\(file): \(data.count) bytes, \(o.messagesDecoded) messages decoded, \(o.layersApplied) layers "
                    + "applied, " + (o.serverCloseReason.map { "closed by the server: \($0)" } ?? "left open"))
            } catch {
                broken += 1
                print("\(file): INVARIANT BROKEN: \(error)")
            }
        }
        print("\(files.count) inputs, \(broken) broke an invariant")
        exit(broken == 0 ? 0 : 1)
    }
}
#endif
