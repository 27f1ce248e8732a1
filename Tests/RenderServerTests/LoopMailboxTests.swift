import Foundation
import Glibc
import Testing
@testable import RenderServer

/// `LoopMailbox`: posts wake the loop through an eventfd (readable until `take` reads it back),
/// come out in order, and are dropped once the mailbox is closed.
@Suite struct LoopMailboxTests {
    /// Whether `fd` is readable now (no waiting).
    static func readable(_ fd: Int32) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, 0) == 1 && p.revents & Int16(POLLIN) != 0
    }

    static func frames(_ items: [LoopMailbox.Item]) -> [UInt64] {
        items.map { if case let .frameReady(r) = $0 { return r.frame }; return 0 }
    }

    @Test func postsWakeTheLoopAndComeOutInOrder() throws {
        let mailbox = try LoopMailbox()
        #expect(!Self.readable(mailbox.descriptor))
        mailbox.post(.frameReady(FrameReady(frame: 7, mediaTime: 1, readyNanoseconds: 2)))
        mailbox.post(.frameReady(FrameReady(frame: 8, mediaTime: 1, readyNanoseconds: 3)))
        #expect(Self.readable(mailbox.descriptor))
        #expect(Self.frames(mailbox.take()) == [7, 8])
        #expect(!Self.readable(mailbox.descriptor), "take reads the eventfd back to 0")
        #expect(mailbox.take().isEmpty)
    }

    @Test func aWakeWithNothingPostedIsReadableAndEmpty() throws {
        let mailbox = try LoopMailbox()
        mailbox.wake()
        #expect(Self.readable(mailbox.descriptor))
        #expect(mailbox.take().isEmpty)
        #expect(!Self.readable(mailbox.descriptor))
    }

    @Test func aClosedMailboxDropsPostsAndStaysQuiet() throws {
        let mailbox = try LoopMailbox()
        mailbox.post(.frameReady(FrameReady(frame: 1, mediaTime: 0, readyNanoseconds: 0)))
        mailbox.close()
        mailbox.post(.frameReady(FrameReady(frame: 2, mediaTime: 0, readyNanoseconds: 0)))
        mailbox.wake()
        #expect(mailbox.take().isEmpty, "what was queued is dropped at close, later posts too")
        #expect(!Self.readable(mailbox.descriptor))
    }
}
