import Foundation
import Testing

@testable import LabCore
@testable import LabProcesses

/// The inventory tool, used as a person would, on a store in a temporary folder.
@Suite("inventory tool", .serialized)
final class InventoryToolTests {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("lab-home-\(UUID().uuidString)").path

    // Each test has an instance, and a home, of its own: gone when the test ends, with the
    // stores some tests make beside it (`home-corrupt.sqlite` and SQLite's files next to them).
    deinit {
        let folder = (home as NSString).deletingLastPathComponent
        let name = (home as NSString).lastPathComponent
        for item in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where item.hasPrefix(name) {
            try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(item))
        }
    }

    func inventory(_ arguments: String...) async throws -> ProcessResult {
        try await ProcessRunner.run("inventory", arguments, environment: ["CONCURRENCY_LAB_HOME": home])
    }

    @Test func addListSearchDelete() async throws {
        #expect(try await inventory("add", "Milk", "2").standardOutput == "Milk: 2\n")
        #expect(
            try await inventory("add", "MILK", "3").standardOutput == "Milk: 5\n",
            "another spelling adds to the same product"
        )
        _ = try await inventory("add", "Almond milk", "1")
        _ = try await inventory("add", "Bread", "1")
        let list = try await inventory("list").standardOutput
        expect(list.contains("Almond milk") && list.contains("Bread") && list.contains("Milk"))
        let caseSensitive = try await inventory("search", "Mil").standardOutput
        expect(
            caseSensitive.contains("Milk") && !caseSensitive.contains("Almond milk"),
            "CONTAINS is case-sensitive, as in the book")
        let ignoringCase = try await inventory("search", "MILK", "--ignore-case").standardOutput
        expect(
            ignoringCase.contains("Almond milk") && ignoringCase.contains("Milk") && !ignoringCase.contains("Bread"))
        #expect(try await inventory("delete", "milk").standardOutput == "deleted Milk\n")
        #expect(!(try await inventory("list").standardOutput.contains("Milk ")))
        expect(
            FileManager.default.fileExists(atPath: home + "/inventory.sqlite"), "the default store is in the lab folder"
        )
        #expect(
            try await inventory("--store", home + "/inventory.sqlite", "list").standardOutput.contains("Bread"),
            "options may come first")
    }

    @Test func readingANewStoreCreatesNothing() async throws {
        #expect(try await inventory("list").standardOutput.contains("empty"))
        #expect(try await inventory("search", "x").status == 0)
        #expect(try await inventory("delete", "x").status == 1)
        expect(!FileManager.default.fileExists(atPath: home + "/inventory.sqlite"))
    }

    @Test(arguments: [
        (["add", "", "2"], 2, "needs a name"),
        (["add", "   ", "2"], 2, "needs a name"),
        (["add", "Milk", "-2"], 2, "0 or more"),
        (["add", "Milk", "-99999999999999999999"], 2, "0 or more"),
        (["add", "Milk", "99999999999999999999"], 2, "larger than the largest quantity"),
        (["add", "Milk", "two"], 2, "whole number"),
        (["add", "Milk", "1.5"], 2, "whole number"),
        (["add", "Milk", ""], 2, "whole number"),
        (["add", String(repeating: "x", count: 5000), "1"], 2, "at most 200 characters"),
        (["add", "Mi\nlk", "1"], 2, "control characters"),
        (["add", "Mi\tlk", "1"], 2, "control characters"),
        (["add", "Milk"], 2, "missing QUANTITY, e.g. inventory add Milk 2"),
        (["delete", "Cheese"], 1, "no product named 'Cheese'"),
        (["import", "/no/such/file.json"], 1, "no such file or directory"),
        (["import", "/tmp"], 1, "it is a folder, a FIFO or a device, not a file"),
        (["lst"], 2, "did you mean 'list'"),
    ])
    func badInputGetsOneLineAndChangesNothing(arguments: [String], status: Int32, mentions: String) async throws {
        _ = try await inventory("add", "Milk", "2")
        let before = try await inventory("list").standardOutput
        let result = try await ProcessRunner.run("inventory", arguments, environment: ["CONCURRENCY_LAB_HOME": home])
        expectEqual(result.status, status)
        expectEqual(
            result.standardError.split(separator: "\n").first?.contains(mentions), true, "\(result.standardError)")
        expect(result.standardOutput.isEmpty)
        #expect(try await inventory("list").standardOutput == before)
    }

    @Test func anAddPastTheLargestQuantityIsRefusedAndChangesNothing() async throws {
        #expect(try await inventory("add", "Big", "\(Int.max)").status == 0)
        let result = try await inventory("add", "big", "1")
        expectEqual(result.status, 2)
        expectEqual(
            result.standardError,
            "inventory: error: Big has \(Int.max); adding 1 would pass the largest quantity, \(Int.max)\n")
        #expect(try await inventory("list").standardOutput.contains("\(Int.max)"))
    }

    /// Bytes that are not UTF-8 cannot come through `Process` (it takes Strings): a shell passes them.
    @Test func aNameThatIsNotUTF8IsRefused() async throws {
        let tool = try ProcessRunner.productsDirectory().appendingPathComponent("inventory").path
        let result = try await ProcessCapture.run(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "\"$0\" add \"$(printf 'Mi\\377lk')\" 1 --store \"$1\"", tool, home + "-utf8.sqlite"],
            timeout: 60)
        expectEqual(result.status, 2)
        expectEqual(result.standardError, "inventory: error: argument 2 is not valid UTF-8 text\n")
        expect(!FileManager.default.fileExists(atPath: home + "-utf8.sqlite"), "nothing was created")
    }

    /// A FIFO (SQLite waited on it for ever), a device and a link to one (SQLite made its journal
    /// beside the device, `/dev/null-journal`, before it failed): refused in one line, nothing made.
    @Test func aStoreThatIsNoFileIsRefusedBeforeSQLiteOpensIt() async throws {
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let fifo = home + "/fifo.sqlite"
        let link = home + "/null.sqlite"
        #expect(mkfifo(fifo, 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/null")
        let journalBefore = FileManager.default.fileExists(atPath: "/dev/null-journal")
        for store in [fifo, "/dev/null", link] {
            for command in [["add", "Milk", "1"], ["list"]] {
                let result = try await ProcessRunner.run(
                    "inventory", command + ["--store", store], environment: ["CONCURRENCY_LAB_HOME": home], timeout: 60)
                expectEqual(result.status, 2, "\(command) --store \(store): \(result.standardError)")
                expectEqual(
                    result.standardError,
                    "inventory: error: \(store) is a device, FIFO or socket, not an inventory database\n")
            }
        }
        if !journalBefore {
            expect(!FileManager.default.fileExists(atPath: "/dev/null-journal"), "no journal beside a device")
        }
        expectEqual(
            try FileManager.default.contentsOfDirectory(atPath: home).sorted(), ["fifo.sqlite", "null.sqlite"],
            "nothing made beside them")
    }

    @Test func aFileThatIsNotAnInventoryIsReportedAndLeftAlone() async throws {
        let path = home + "-corrupt.sqlite"
        try Data("{half".utf8).write(to: URL(fileURLWithPath: path))
        let result = try await ProcessRunner.run("inventory", ["add", "Milk", "1", "--store", path])
        expectEqual(result.status, 1)
        expect(
            result.standardError.split(separator: "\n").count == 1 && result.standardError.contains("left untouched"))
        try expectEqual(String(contentsOfFile: path, encoding: .utf8), "{half")
    }

    @Test func anEarlierJSONStoreIsImportedOnRequestOnce() async throws {
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let json = home + "/inventory.json"
        try Data(
            #"{"format": "concurrency-lab.inventory", "version": 1, "products": [{"name": "Tea", "quantity": 5}, {"name": "Milk", "quantity": 2}]}"#
                .utf8
        )
        .write(to: URL(fileURLWithPath: json))
        let first = try await inventory("list")
        expectContains(first.standardOutput, "empty", "not imported silently")
        expectContains(first.standardError, "inventory import \(json)", "but pointed out")
        #expect(
            try await inventory("--store", json, "list").standardError.contains("earlier version"),
            "a JSON store is not opened as a database")
        _ = try await inventory("add", "Milk", "1")
        #expect(try await inventory("import", json).standardOutput.contains("imported 2 products"))
        let again = try await inventory("import", json)
        expect(again.status == 1 && again.standardError.contains("already imported"))
        let list = try await inventory("list").standardOutput
        expect(list.contains("Tea") && list.range(of: #"Milk\s+3"#, options: .regularExpression) != nil, "\(list)")
    }

    /// Adds, searches, lists and deletes from 40 processes at once: every one exits 0 and the
    /// store ends as the adds and deletes say (readers never fail while writers commit).
    @Test func addsSearchesAndDeletesFromManyProcessesAtOnce() async throws {
        let store = home + "-mixed.sqlite"
        for index in 0..<10 {
            #expect(
                try await ProcessRunner.run("inventory", ["add", "Item \(index)", "1", "--store", store]).status == 0)
        }
        let tool = try ProcessRunner.productsDirectory().appendingPathComponent("inventory")
        let commands: [[String]] = (0..<10).flatMap { index in
            [["add", "Milk", "1"], ["search", "Item"], ["delete", "Item \(index)"], ["list"]]
        }
        let failed = try await Self.runAtOnce(tool, commands.map { $0 + ["--store", store] })
        expect(failed.isEmpty, "failed: \(failed)")
        let list = try await ProcessRunner.run("inventory", ["list", "--store", store]).standardOutput
        expect(
            list.range(of: #"Milk\s+10\n"#, options: .regularExpression) != nil && !list.contains("Item"), "\(list)")
    }

    /// Many `inventory add` processes at once on one store: every acknowledged add kept, and
    /// nothing else. A process may fail only by waiting the tool's whole busy timeout (60 s) for
    /// the others' write lock, and say so in one line: on a quiet machine none does, but on one
    /// crowded enough (a whole-suite run beside four builds, load 35) forty of a hundred did,
    /// each after 60 s, and a test that wanted every process to succeed failed on the machine's
    /// speed. A tool that did not wait would fail at once, and fail this test.
    @Test(arguments: [20, 100])
    func concurrentProcessesKeepEveryAdd(processes: Int) async throws {
        let store = home + "-\(processes).sqlite"
        let tool = try ProcessRunner.productsDirectory().appendingPathComponent("inventory")
        let runs = try await Self.runEachAtOnce(
            tool,
            (0..<processes).map { index in
                ["add", index.isMultiple(of: 2) ? "Milk" : "Item \(index)", "1", "--store", store]
            })
        // By run, not by arguments: every even-numbered process adds Milk with the same ones.
        func failedRun(_ run: (arguments: [String], result: ProcessCapture, seconds: Double)) -> Bool {
            run.result.crashed || run.result.timedOut || run.result.status != 0
        }
        let failed = runs.filter(failedRun)
        let succeeded = runs.filter { !failedRun($0) }
        expectAtLeast(succeeded.count, 1, "the first add to get the lock never waits for another")
        for run in failed {
            expect(
                run.result.status == 1 && !run.result.crashed && run.result.standardError.contains("database is locked")
                    && run.seconds >= 60,
                "only a wait longer than the busy timeout may fail an add: \(run.arguments.prefix(2)) after \(run.seconds) s: status \(run.result.status) \(run.result.standardError)"
            )
        }
        let kept = succeeded.map { $0.arguments[1] }
        let milk = kept.filter { $0 == "Milk" }.count
        let list = try await ProcessRunner.run("inventory", ["list", "--store", store]).standardOutput
        if milk > 0 {
            expectNotEqual(list.range(of: #"Milk\s+\#(milk)\n"#, options: .regularExpression), nil, "\(list)")
        }
        expectEqual(
            list.split(separator: "\n").count, 2 + (milk > 0 ? 1 : 0) + kept.count - milk,
            "a row per product added, under the header: \(list)")
    }

    /// Starts one process per argument list, all at once; returns each one's result and how
    /// long it ran, as this test saw it (at least what the process waited).
    static func runEachAtOnce(_ tool: URL, _ argumentLists: [[String]]) async throws
        -> [(arguments: [String], result: ProcessCapture, seconds: Double)]
    {
        try await withThrowingTaskGroup(of: ([String], ProcessCapture, Double).self) { group in
            for arguments in argumentLists {
                group.addTask {
                    let started = ContinuousClock.now
                    let result = try await ProcessCapture.run(tool, arguments, timeout: 120)
                    return (arguments, result, (ContinuousClock.now - started).seconds)
                }
            }
            return try await group.reduce(into: []) { $0.append(($1.0, $1.1, $1.2)) }
        }
    }

    /// Starts one process per argument list, all at once; returns what each failing one said.
    static func runAtOnce(_ tool: URL, _ argumentLists: [[String]]) async throws -> [String] {
        try await withThrowingTaskGroup(of: String?.self) { group in
            for arguments in argumentLists {
                group.addTask {
                    let result = try await ProcessCapture.run(tool, arguments, timeout: 120)
                    guard result.crashed || result.timedOut || result.status != 0 else { return nil }
                    return
                        "\(arguments.prefix(2).joined(separator: " ")): status \(result.status) \(result.standardError)"
                }
            }
            return try await group.reduce(into: []) { failed, said in if let said { failed.append(said) } }
        }
    }

    @Test func aStoreThatIsNotThereIsAnErrorForReadsAndNeverMade() async throws {
        let store = home + "-typo/x.sqlite"
        let list = try await inventory("list", "--store", store)
        expect(list.status == 2 && list.standardError.contains("does not exist"), "\(list.standardError)")
        let named = home + "-named.sqlite"
        let missing = try await inventory("search", "Milk", "--store", named)
        expect(missing.status == 2 && missing.standardError.contains("\(named) does not exist"))
        expect(!FileManager.default.fileExists(atPath: named), "a read makes nothing")
        let empty = try await inventory("list")
        expect(
            empty.status == 0 && empty.standardOutput.contains("the inventory is empty"),
            "the default store, not made yet")
    }

    @Test func aFailedImportLeavesNoDatabaseBehind() async throws {
        let store = home + "-import.sqlite"
        let result = try await inventory("import", home + "-nope.json", "--store", store)
        expect(result.status != 0 && result.standardError.contains("nothing was imported"))
        expect(!FileManager.default.fileExists(atPath: store), "no empty database left behind")
        // A file whose own entries of one product add up past the largest quantity: refused
        // before a store is opened, in the file's words, not as a store that "has" them.
        let file = home + "-overflow.json"
        try Data(
            #"{"format":"concurrency-lab.inventory","version":1,"products":[{"name":"Eggs","quantity":9223372036854775807},{"name":"eggs","quantity":1}]}"#
                .utf8
        ).write(to: URL(fileURLWithPath: file))
        let overflow = try await inventory("import", file, "--store", store)
        expectEqual(overflow.status, 1, "\(overflow.standardError)")
        expectContains(overflow.standardError, "its entries for eggs add up to more than the largest quantity")
        expect(!FileManager.default.fileExists(atPath: store), "no empty database left behind")
        // A file whose entry would take a product already in the store past the largest quantity
        // is an import that failed, said and exited as every other (it exited 2, a usage mistake),
        // and a file naming one product twice imports one product.
        _ = try await inventory("add", "Milk", "1", "--store", store)
        let big = home + "-big.json"
        try Data(
            #"{"format":"concurrency-lab.inventory","version":1,"products":[{"name":"Milk","quantity":9223372036854775807}]}"#
                .utf8
        ).write(to: URL(fileURLWithPath: big))
        let past = try await inventory("import", big, "--store", store)
        expectEqual(past.status, 1, past.standardError)
        expectContains(past.standardError, "cannot import \(big): Milk has 1")
        expectContains(past.standardError, "nothing was imported")
        let twice = home + "-twice.json"
        try Data(
            #"{"format":"concurrency-lab.inventory","version":1,"products":[{"name":"Dup","quantity":1},{"name":"dup","quantity":2}]}"#
                .utf8
        ).write(to: URL(fileURLWithPath: twice))
        expectContains(try await inventory("import", twice, "--store", store).standardOutput, "imported 1 product ")
    }

    @Test func theHelpSaysAddNeedsAQuantity() async throws {
        let help = try await inventory("--help").standardOutput
        expectNotContains(help, "or add NAME\n", "\(help)")
        expectContains(help, "inventory add NAME QUANTITY")
    }
}
