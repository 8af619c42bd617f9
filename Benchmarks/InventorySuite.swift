import Foundation
import LabBench
import LabCore
import LabScenarios
import LabStorage
import Lessons

/// The inventory's SQLite store: what a transaction costs, adds from many tasks and from
/// many processes, and reads while another connection writes (write-ahead logging).
enum InventorySuite {
    static let adds = 1_000

    /// A database per variant, made on first use (not when `lab bench` lists its suites),
    /// and a counter so every run adds products no earlier run added.
    final class Database: Sendable {
        private let state = Locked<(store: InventoryStore?, runs: Int)>((nil, 0))
        let path: String

        static let prefix = "lab-bench-inventory-"

        init(_ name: String) {
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("\(Self.prefix)\(ProcessInfo.processInfo.processIdentifier)")
            path = folder.appendingPathComponent("\(name.filter { $0.isLetter || $0.isNumber }).sqlite").path
        }

        /// The path, once its folder exists (and earlier runs' folders are gone).
        func preparedPath() -> String {
            Self.sweepEarlierRuns()
            try? FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            return path
        }

        /// The databases of earlier `lab bench` runs whose process has ended: no hook runs when
        /// a run ends, so each run sweeps its predecessors' instead.
        static func sweepEarlierRuns() {
            let temporary = FileManager.default.temporaryDirectory
            for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
            where name.hasPrefix(prefix) {
                guard let pid = Int32(name.dropFirst(prefix.count)), pid != ProcessInfo.processInfo.processIdentifier,
                    kill(pid, 0) != 0, errno == ESRCH
                else { continue }
                try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
            }
        }

        /// The store, and the first product number this run may use.
        func next(_ count: Int) -> (InventoryStore, Int)? {
            state.withLock { state in
                if state.store == nil { state.store = try? InventoryStore(path: preparedPath()) }
                defer { state.runs += 1 }
                return state.store.map { ($0, state.runs * count) }
            }
        }
    }

    static func transactions() -> BenchmarkSuite {
        BenchmarkSuite(
            name: "inventory transactions", kind: .pattern,
            summary:
                "\(adds) adds of new products to an SQLite file (WAL, synchronous FULL) through the store actor, from one task",
            reference: InventoryWorkload.oneTransaction.rawValue,
            variants: InventoryWorkload.allCases.map { workload in
                let database = Database(workload.rawValue)
                return BenchmarkVariant(workload.rawValue) { iterations in
                    for _ in 0..<iterations {
                        guard let (store, first) = database.next(adds) else { return }
                        try? await workload.run(store, count: adds, first: first)
                    }
                }
            })
    }

    static let taskAdds = 400
    static func fromTasks() -> BenchmarkSuite {
        func variant(_ name: String, tasks: Int, connections: Int) -> BenchmarkVariant {
            let databases = (0..<connections).map { _ in Database(name) }
            return BenchmarkVariant(name) { iterations in
                for _ in 0..<iterations {
                    let stores = databases.compactMap { $0.next(taskAdds) }
                    guard stores.count == connections else { return }
                    await withTaskGroup(of: Void.self) { group in
                        for task in 0..<tasks {
                            let (store, first) = stores[task % connections]
                            let share = taskAdds / tasks
                            group.addTask {
                                try? await InventoryWorkload.oneTransactionEach.run(
                                    store, count: share, first: first + task * share)
                            }
                        }
                    }
                }
            }
        }
        return BenchmarkSuite(
            name: "inventory adds from tasks", kind: .pattern,
            summary:
                "\(taskAdds) adds, a transaction each, to one SQLite file: from 1 task, from 8 tasks through one store actor, and from 8 tasks with a store (connection) each",
            reference: "1 task",
            variants: [
                variant("1 task", tasks: 1, connections: 1),
                variant("8 tasks, one actor", tasks: 8, connections: 1),
                variant("8 tasks, 8 connections", tasks: 8, connections: 8),
            ])
    }

    static let processAdds = 200
    static func fromProcesses() -> BenchmarkSuite {
        func variant(_ processes: Int) -> BenchmarkVariant {
            // Processes that did not exit 0 (or could not start) in the last run: a run that
            // lost some is reported in the suite's extras, not silently timed.
            let failed = Locked(0)
            return BenchmarkVariant(
                processes == 1 ? "1 process" : "\(processes) processes",
                figures: { [.count("failed processes", failed.withLock { $0 })] }
            ) { iterations in
                let database = Database("processes-\(processes)-\(UUID().uuidString)")
                var failures = 0
                for _ in 0..<iterations {
                    let statuses =
                        (try? await InventoryProcesses.add(
                            processAdds, split: processes, store: database.preparedPath())) ?? []
                    failures += processes - statuses.filter { $0 == 0 }.count
                }
                failed.withLock { $0 = failures }
                SQLiteConnection.removeFiles(at: database.path)
            }
        }
        return BenchmarkSuite(
            name: "inventory adds from processes", kind: .pattern,
            summary:
                "\(processAdds) adds, a transaction each, to one SQLite file from N processes started together (start-up included); SQLite's lock and busy timeout serialise them",
            reference: "1 process",
            variants: [variant(1), variant(4), variant(8)])
    }

    /// A reader and a writer on one database of 500 products, made once (on first use), so a
    /// sample times searches, not opening connections.
    final class ReaderAndWriter: Sendable {
        private let stores = Locked<(reader: InventoryStore, writer: InventoryStore)?>(nil)
        private let database: Database

        init(_ name: String) { database = Database(name) }

        func get() -> (reader: InventoryStore, writer: InventoryStore)? {
            stores.withLock { stores in
                if stores == nil {
                    let path = database.preparedPath()
                    if let seed = try? InventoryDatabase(path: path), (try? seed.count()) == 0 {
                        _ = try? seed.add((0..<500).map { Product(name: "Item \($0)", quantity: 1) })
                    }
                    if let reader = try? InventoryStore(path: path), let writer = try? InventoryStore(path: path) {
                        stores = (reader, writer)
                    }
                }
                return stores
            }
        }
    }

    static func readsWhileWriting() -> BenchmarkSuite {
        func variant(_ name: String, writing: Bool) -> BenchmarkVariant {
            let stores = ReaderAndWriter("reads-\(writing)")
            return BenchmarkVariant(name) { iterations in
                guard let (reader, writer) = stores.get() else { return }
                let stop = Locked(false)
                let writes = Task {
                    var number = 0
                    while writing, !stop.withLock({ $0 }) {
                        number += 1
                        _ = try? await writer.add(name: "Written \(number % 100)", quantity: 1)
                    }
                }
                for _ in 0..<iterations { _ = try? await reader.search("Item 4") }
                stop.withLock { $0 = true }
                await writes.value
            }
        }
        return BenchmarkSuite(
            name: "inventory reads while writing", kind: .primitive,
            summary:
                "a search through one store actor while another connection commits adds in a loop, vs alone (write-ahead logging: readers do not wait for the writer); per search",
            reference: "reads alone",
            variants: [variant("reads alone", writing: false), variant("reads while writing", writing: true)])
    }
}
