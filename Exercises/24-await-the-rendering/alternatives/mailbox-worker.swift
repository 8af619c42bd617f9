// alternative: one worker task owns the renderings and the waiting callers, reading its requests from a mailbox (an AsyncStream); thumbnail asks and awaits the worker's reply
import LabCore

// The prefetcher's state is owned by one worker task that reads requests from a mailbox
// (an AsyncStream): a prefetch starts a rendering and records it; a request for a thumbnail
// is answered at once if it is rendered, kept waiting if it is rendering, nil otherwise.

actor ThumbnailPrefetcher {
    private enum Message: Sendable {
        case prefetch(String)
        case rendered(String, Int)
        case ask(String, CheckedContinuation<Int?, Never>)
    }
    private let render: @Sendable (String) async -> Int
    private let mailbox: AsyncStream<Message>.Continuation

    init(render: @escaping @Sendable (String) async -> Int) {
        self.render = render
        let (messages, mailbox) = AsyncStream<Message>.makeStream()
        self.mailbox = mailbox
        Task {
            var rendered: [String: Int] = [:]
            var waiting: [String: [CheckedContinuation<Int?, Never>]] = [:]
            for await message in messages {
                switch message {
                case .prefetch(let name):
                    guard rendered[name] == nil, waiting[name] == nil else { continue }
                    waiting[name] = []
                    Task {
                        let size = await render(name)
                        mailbox.yield(.rendered(name, size))
                    }
                case .rendered(let name, let size):
                    rendered[name] = size
                    for waiter in waiting.removeValue(forKey: name) ?? [] { waiter.resume(returning: size) }
                case .ask(let name, let continuation):
                    if let size = rendered[name] { continuation.resume(returning: size) }
                    else if waiting[name] != nil { waiting[name]!.append(continuation) }
                    else { continuation.resume(returning: nil) }
                }
            }
        }
    }

    func prefetch(_ name: String) {
        mailbox.yield(.prefetch(name))
    }

    func thumbnail(_ name: String) async -> Int? {
        await withCheckedContinuation { continuation in
            mailbox.yield(.ask(name, continuation))
        }
    }
}
