import CLabShims
import Foundation
import LabCore
import LabProcesses
import Testing

/// `main-actor --live` puts the terminal in raw mode (no echo). Stopped by a signal,
/// it must give the student their terminal back: a `defer` never runs then.
@Suite("The terminal is restored when a live lesson is stopped", .serialized)
struct TerminalRestoreTests {
    @Test(arguments: [SIGINT, SIGTERM])
    func echoIsBackAfterTheSignal(signal: Int32) async throws {
        var master: Int32 = -1
        var path = [CChar](repeating: 0, count: 256)
        expectEqual(lab_open_pseudo_terminal(&master, &path, UInt(path.count)), 0)
        defer { close(master) }
        let slave = open(
            String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), O_RDWR | O_NOCTTY)
        expectAtLeast(slave, 0)
        defer { close(slave) }
        expectNotEqual(Self.localFlags(slave) & tcflag_t(ECHO), 0, "a fresh terminal echoes")

        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm"
        let process = try RunningChild(
            try ProcessRunner.productsDirectory().appendingPathComponent("main-actor"), ["--live"],
            environment: environment, terminal: slave)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        // The pty is read and drained on a thread of its own: each read waits, and the pool's
        // threads belong to the tests running beside this one.
        let pty = master
        let screen = await OnAThreadOfItsOwn.blockingWork(named: "read the pty") {
            Self.read(pty, until: "The main actor, live", seconds: 60)
        }
        try require(screen.contains("The main actor, live"), "the live view never drew: \(screen.suffix(300))")
        expectEqual(Self.localFlags(slave) & tcflag_t(ECHO), 0, "the live view turned echo off")

        kill(process.processIdentifier, signal)
        await OnAThreadOfItsOwn.blockingWork(named: "drain the pty") {
            Self.drain(pty, whileRunning: process, seconds: 20)
        }
        try require(!process.isRunning, "the lesson did not stop on signal \(signal)")
        expectEqual(
            process.ending, RunningChild.Ending(status: signal, signalled: true),
            "it should die of the signal, as a shell expects")
        let flags = Self.localFlags(slave)
        expectNotEqual(flags & tcflag_t(ECHO), 0, "echo is still off after signal \(signal)")
        expectNotEqual(flags & tcflag_t(ICANON), 0, "line editing is still off after signal \(signal)")
    }

    static func localFlags(_ descriptor: Int32) -> tcflag_t {
        var settings = termios()
        tcgetattr(descriptor, &settings)
        return settings.c_lflag
    }

    /// Reads and drops what the pty prints while `process` runs, for `seconds` at most.
    static func drain(_ master: Int32, whileRunning process: RunningChild, seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { _ = read(master, until: "", seconds: 0.05) }
    }

    /// What the pty printed, until `marker` appears or time runs out.
    static func read(_ master: Int32, until marker: String, seconds: Double) -> String {
        var text = ""
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        repeat {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 50) > 0 {
                let count = Foundation.read(master, &buffer, buffer.count)
                if count > 0 { text += String(decoding: buffer[0..<count], as: UTF8.self) }
            }
        } while (marker.isEmpty || !text.contains(marker)) && Date() < deadline
        return text
    }
}
