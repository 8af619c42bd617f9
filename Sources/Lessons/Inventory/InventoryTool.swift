import Foundation
import LabKit

/// `inventory add Milk 2`, `inventory list`, `inventory search milk`,
/// `inventory delete Milk`, each with an optional `--store PATH`.
public enum InventoryTool {
    public static let commands = ["add", "list", "search", "delete"]
    public static let spec = CommandSpec(
        "inventory", summary: "The inventory tool: add NAME QUANTITY | list | search TEXT | delete NAME",
        positionals: .init("COMMAND", minimum: 1, maximum: 3, help: "add NAME QUANTITY, list, search TEXT or delete NAME"),
        options: [
            OptionSpec("store", .text("PATH"), help: "The inventory file (default: inventory.json in the lab folder)"),
            OptionSpec("no-color", help: "Plain text"),
        ])

    public static func usage() -> String {
        "usage: inventory add NAME QUANTITY | list | search TEXT | delete NAME  [--store PATH] [--no-color]"
    }

    /// True when the arguments ask for the tool rather than the lesson.
    public static func handles(_ arguments: [String]) -> Bool {
        guard let first = arguments.first else { return false }
        return !first.hasPrefix("-")
    }

    /// Runs a command; returns the exit status (0 done, 1 failed, 2 bad usage).
    public static func run(_ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment) async -> Int32 {
        do {
            let parsed = try spec.parse(arguments)
            let (command, operands) = try command(parsed.positionals)
            let url = parsed.text("store").map { URL(fileURLWithPath: $0) }
                ?? LabFolder.url(environment: environment).appendingPathComponent("inventory.json")
            let store = try InventoryStore(storage: FileInventoryStorage(url: url))
            let terminal = Terminal.detect(noColorFlag: parsed.flag("no-color"))
            return try await perform(command, operands, store: store, terminal: terminal)
        } catch let error as UsageError {
            StandardError.usage(program: "inventory", error, usage: usage())
            return UsageError.exitCode
        } catch let error as InventoryError {
            StandardError.write("inventory: error: \(error)")
            if case .notFound = error { return 1 }
            return UsageError.exitCode
        } catch {
            StandardError.write("inventory: error: \(error)")
            return 1
        }
    }

    static func command(_ positionals: [String]) throws(UsageError) -> (String, [String]) {
        guard let name = positionals.first else { throw .missingArgument("command: add, list, search or delete") }
        guard commands.contains(name) else {
            throw .unknownName(kind: "command", name: name, suggestion: Suggestion.closest(to: name, in: commands))
        }
        let operands = Array(positionals.dropFirst())
        let expected = ["add": 2, "list": 0, "search": 1, "delete": 1][name] ?? 0
        if operands.count < expected {
            throw .missingArgument(name == "add" ? "NAME and QUANTITY, e.g. inventory add Milk 2" : name == "list" ? "" : "the \(name == "search" ? "text to search for" : "product name")")
        }
        if operands.count > expected { throw .unexpectedArgument(operands[expected]) }
        return (name, operands)
    }

    static func perform(_ command: String, _ operands: [String], store: InventoryStore, terminal: Terminal) async throws -> Int32 {
        switch command {
        case "add":
            guard let quantity = Int(operands[1]) else { throw InventoryError.invalidQuantity(operands[1]) }
            let product = try await store.add(name: operands[0], quantity: quantity)
            StandardOutput.line("\(product.name): \(product.quantity)")
        case "delete":
            try await store.delete(name: operands[0])
            StandardOutput.line("deleted \(operands[0])")
        case "search":
            StandardOutput.line(render(await store.search(operands[0]), terminal: terminal, empty: "no product name contains '\(operands[0])'"))
        default:
            StandardOutput.line(render(await store.all(), terminal: terminal, empty: "the inventory is empty; add a product with: inventory add Milk 2"))
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
