import LabSourceScan

/// Foundation's and Dispatch's static functions that return nothing, refused in the compiled
/// answer: called on a type, not on a value the answer holds, and handing nothing back, such a
/// function can only change the process (or what its arguments point to). It is a static
/// property's setter written as a function, and it keeps state between the check's calls where
/// neither the scan's kept-state rule (`KeptState`) nor the refusal of static setters
/// (`ModuleInspection.setsAStaticProperty`) looks: helper 124's audit made a wrong answer to 01
/// (only the first call waits) pass as solved by remembering the first call in
/// `NSKeyedArchiver.setClassName(_:for:)`, Foundation's process-wide table of class names, and
/// reading it back with `classNameForClass`. The same holds for `NSKeyedUnarchiver.setClass`,
/// `NSError.setUserInfoValueProvider`, `ValueTransformer.setValueTransformer`, and whichever of
/// Foundation's tables no list names. By shape, not by name: the demangled symbol is `static`, of
/// one of those modules, and its signature ends `-> ()`. A static function that stores and also
/// returns something is not seen this way (none is known in the modules an answer imports).
enum ProcessWideCalls {
    /// The modules whose static functions count: Foundation's (Linux splits it) and Dispatch's.
    /// Not the standard library's (`Task.sleep`, `Task.checkCancellation` return nothing and change
    /// nothing of the process's) nor the lab's (`LabLibraryAccess` reads those).
    static let modules = FoundationAccess.modules + ["Dispatch"]

    /// The sentence for a reference to such a function, or nil.
    static func refusal(of name: String) -> String? {
        guard name.hasPrefix("$s"), modules.contains(where: { name.contains($0) }),
            let demangled = LabLibraryAccess.demangle(name),
            let path = staticFunctionPath(demangled), !isOperator(path), let module = owner(of: path),
            modules.contains(String(module)), returnsNothing(demangled)
        else { return nil }
        if let reason = ownReasons[String(path)] { return "a call to \(path), \(reason)" }
        return
            "a call to \(path), a static function of \(module)'s that returns nothing: it changes the whole process, and an answer keeps no state between the check's calls"
    }

    /// Static functions of that shape that return nothing for another reason than a change of the
    /// process: each refused with what it does, since the sentence above would be untrue of it
    /// (most exercises refuse them earlier, by name; one spelled so the scan misses it ends here).
    static let ownReasons: [String: String] = [
        "Dispatch.DispatchQueue.concurrentPerform":
            "which blocks the thread that calls it until every iteration has run: in async code, run the iterations in a task group",
        "Foundation.Thread.sleep": "which blocks the thread that calls it for the whole wait: await Task.sleep instead",
        "Foundation.Thread.detachNewThread":
            "which starts a thread of its own that no task awaits: do the work in a task (a task group's child), and await it",
        // In async code the thread is one of the pool's, and the job it was running never ends.
        "Foundation.Thread.exit":
            "which ends the thread that calls it, in async code one of the pool's, in the middle of a task: return from the function instead",
    ]

    /// The module that declares `path`: its first name, or the one an extension names
    /// (`(extension in Foundation):Swift.String.…`).
    static func owner(of path: Substring) -> Substring? {
        let extensionIn = "(extension in "
        if path.hasPrefix(extensionIn) {
            let rest = path.dropFirst(extensionIn.count)
            return rest.firstIndex(of: ")").map { rest[..<$0] }
        }
        return path.firstIndex(of: ".").map { path[..<$0] }
    }

    /// The entity of a static function (`static Foundation.NSKeyedArchiver.setClassName`), through a
    /// dispatch thunk or a method descriptor too; nil for anything else (a property's accessor).
    static func staticFunctionPath(_ demangled: String) -> Substring? {
        var text = demangled[...]
        for prefix in ["async function pointer to ", "dispatch thunk of ", "method descriptor for "]
        where text.hasPrefix(prefix) {
            text = text.dropFirst(prefix.count)
        }
        guard text.hasPrefix("static ") else { return nil }
        text = text.dropFirst("static ".count)
        // A function's parameters open right after its name (or its generic parameters); a
        // property's accessor (`static X.name.setter : T`) has none before its type.
        guard let open = text.firstIndex(of: "("), !text[..<open].contains(" : ") else { return nil }
        let name = text[..<open]
        return name.firstIndex(of: "<").map { name[..<$0] } ?? name
    }

    /// Whether the function is an operator (`static FoundationEssentials.Date.+= infix`): a compound
    /// assignment returns nothing because it changes its `inout` operand, a value the answer holds
    /// (`deadline += 5` was refused as a change of the whole process).
    static func isOperator(_ path: Substring) -> Bool {
        [" infix", " prefix", " postfix"].contains { path.hasSuffix($0) }
    }

    /// Whether the signature's result is `()`, however the function is marked (`async`, `throws`).
    static func returnsNothing(_ demangled: String) -> Bool {
        demangled.hasSuffix("-> ()")
    }
}
