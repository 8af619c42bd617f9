import Foundation
import LabCommandLine
import LabConsole
import LabCore
import LabFiles
import LabScenarios
import LessonKit

/// `inventory add Milk 2`, `list`, `search milk`, `delete Milk`, `import old.json`, each
/// with an optional `--store PATH`. Any number of these may run at once on one store.
public enum InventoryTool {
    public static let commands = ["add", "list", "search", "delete", "import"]
    /// The tool's part of the inventory executable's one grammar (see `InventoryLesson.command`):
    /// its arguments and options join the lesson's flags in one spec.
    static let positionals = CommandSpec.Positionals(
        "COMMAND", minimum: 0, maximum: 3, help: "add NAME QUANTITY, list, search TEXT, delete NAME or import FILE.json"
    )
    static let options = [
        OptionSpec(
            "store", .text("PATH"),
            help: "The inventory database (default: ~/.concurrency-lab/inventory.sqlite, or in $CONCURRENCY_LAB_HOME)"),
        OptionSpec("ignore-case", help: "search: ignore letter case, like CONTAINS[c]"),
    ]
    static let operandCounts = ["add": 2, "list": 0, "search": 1, "delete": 1, "import": 1]

    /// The inventory executable's whole grammar: the lesson's flags and the tool's.
    public static var spec: CommandSpec { LessonRunner.spec(InventoryLesson()) }

    /// The arguments ask for the tool when they name a command or use an option only the
    /// tool has (`inventory --store x.sqlite list`); decided by the parse, not by guessing.
    static func isRequested(_ parsed: ParsedArguments) -> Bool {
        !parsed.positionals.isEmpty || parsed.isPresent("store") || parsed.flag("ignore-case")
    }

    /// The database the tool uses when no `--store` is given.
    public static func defaultStore(environment: [String: String]) -> URL {
        LabFolder.url(environment: environment).appendingPathComponent("inventory.sqlite")
    }

    /// Runs a command line of the inventory executable (the lesson's child processes use it);
    /// returns the exit status (0 done, 1 failed, 2 bad input or usage).
    public static func run(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment)
        async -> Int32
    {
        do {
            return try await run(try spec.parse(arguments), environment: environment)
        } catch let error as UsageError {
            StandardError.usage(program: "inventory", error, help: spec.helpPointer)
            return UsageError.exitCode
        } catch {
            StandardError.write("inventory: error: \(error)")
            return 1
        }
    }

    /// Runs the command the parsed arguments name. A usage mistake is thrown (the lesson's
    /// runner reports it with the one usage); the store's refusals are reported here.
    static func run(_ parsed: ParsedArguments, environment: [String: String] = ProcessInfo.processInfo.environment)
        async throws -> Int32
    {
        // Checked on the raw bytes: by now the arguments hold U+FFFD where the bytes were not UTF-8.
        if let argument = ProductInput.firstNonUTF8Argument() {
            StandardError.write("inventory: error: \(InventoryError.notUTF8(argument: argument))")
            return InventoryError.notUTF8(argument: argument).exitCode
        }
        do {
            let (command, operands) = try command(parsed.positionals)
            let terminal = Terminal.detect(noColorFlag: parsed.flag("no-color"))
            let path = parsed.text("store") ?? defaultStore(environment: environment).path
            let writes = command == "add" || command == "import"
            // Check the input before opening anything: a bad add changes nothing, not even by
            // creating an empty database.
            if parsed.flag("ignore-case"), command != "search" {
                throw UsageError.onlyWith(option: "ignore-case", command: "search")
            }
            let quantity = command == "add" ? try ProductInput.quantity(operands[1]) : 0
            if command == "add" { _ = try ProductInput.name(operands[0]) }
            if command == "import" { _ = try InventoryDatabase.importable(operands[0]) }
            if parsed.text("store") == nil { try prepareLabFolder(path, creating: writes, environment: environment) }
            try StoreLocation.check(path, writing: writes, named: parsed.text("store") != nil)
            guard writes || FileManager.default.fileExists(atPath: path) else {
                return try await perform(
                    command, operands, quantity: quantity, store: nil, ignoringCase: parsed.flag("ignore-case"),
                    terminal: terminal)
            }
            let store = try await InventoryStore(path: path, create: writes)
            return try await perform(
                command, operands, quantity: quantity, store: store, ignoringCase: parsed.flag("ignore-case"),
                terminal: terminal)
        } catch let error as InventoryError {
            StandardError.write("inventory: error: \(error)")
            return error.exitCode
        }
    }

    static func command(_ positionals: [String]) throws(UsageError) -> (String, [String]) {
        guard let name = positionals.first else {
            throw .missingArgument("command: add, list, search, delete or import")
        }
        guard let expected = operandCounts[name] else {
            throw .unknownName(kind: "command", name: name, suggestion: Suggestion.closest(to: name, in: commands))
        }
        let operands = Array(positionals.dropFirst())
        if operands.count < expected {
            let missing =
                switch name {
                case "add" where operands.count == 1: "QUANTITY, e.g. inventory add \(operands[0]) 2"
                case "add": "NAME and QUANTITY, e.g. inventory add Milk 2"
                case "search": "the text to search for"
                case "import": "the JSON inventory to import, e.g. inventory import ~/.concurrency-lab/inventory.json"
                default: "the product name"
                }
            throw .missingArgument(missing)
        }
        if operands.count > expected { throw .unexpectedArgument(operands[expected]) }
        return (name, operands)
    }

    /// The lab folder exists before the default database is made in it; an earlier JSON
    /// inventory there is pointed out until the database exists (it is never imported silently).
    static func prepareLabFolder(_ path: String, creating: Bool, environment: [String: String]) throws {
        let folder = LabFolder.url(environment: environment)
        if creating { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let earlier = folder.appendingPathComponent("inventory.json").path
        if !FileManager.default.fileExists(atPath: path), FileManager.default.fileExists(atPath: earlier) {
            StandardError.write(
                "inventory: note: an earlier version kept the inventory in \(earlier); copy it in with: inventory import \(earlier)"
            )
        }
    }

    /// `store` is nil when the database does not exist yet: reading commands then see an
    /// empty inventory, and nothing is created.
    static func perform(
        _ command: String, _ operands: [String], quantity: Int, store: InventoryStore?,
        ignoringCase: Bool, terminal: Terminal
    ) async throws -> Int32 {
        switch command {
        case "add":
            guard let store else { return 1 }
            let product = try await store.add(name: operands[0], quantity: quantity)
            StandardOutput.line("\(product.name): \(product.quantity)")
        case "import":
            guard let store else { return 1 }
            let count = try await store.importEarlierStore(operands[0])
            StandardOutput.line(
                "imported \(count) product\(count == 1 ? "" : "s") from \(operands[0]) into \(store.path)")
        case "delete":
            guard let store else { throw InventoryError.notFound(operands[0]) }
            StandardOutput.line("deleted \(try await store.delete(name: operands[0]))")
        case "search":
            let found = try await store?.search(operands[0], ignoringCase: ignoringCase) ?? []
            StandardOutput.line(
                render(
                    found, terminal: terminal,
                    empty: "no product name contains '\(operands[0])'\(ignoringCase ? " (ignoring case)" : "")"))
        default:
            let all = try await store?.all() ?? []
            StandardOutput.line(
                render(
                    all, terminal: terminal, empty: "the inventory is empty; add a product with: inventory add Milk 2"))
        }
        return 0
    }

    static func render(_ products: [Product], terminal: Terminal, empty: String) -> String {
        guard !products.isEmpty else { return empty }
        var table = Table(headers: ["product", "quantity"], rightAligned: [1])
        for product in products { table.append([product.name, "\(product.quantity)"]) }
        return table.render(on: terminal, indent: "")
    }
}
