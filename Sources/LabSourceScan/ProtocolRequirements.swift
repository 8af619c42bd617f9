/// What someone else's protocols ask of a conforming type of an answer's, as far as the reach
/// scan needs it: the member names the runtime or the standard library may call without the
/// code naming them (`description` in an interpolation, `startIndex` in a `for`), and the
/// protocols that ask for nothing called on their own (`ReachedDeclarations.calledByRuntime`).
package enum ProtocolRequirements {
    /// The names that someone else's protocols (and attributes) can require of a member, those
    /// they refine too: the runtime calls them, never by that name in the code. A protocol not
    /// here may require any name.
    private static let requirements: [String: Set<String>] = {
        let sequence: Set<String> = ["makeIterator", "underestimatedCount", "withContiguousStorageIfAvailable"]
        let collection = sequence.union([
            "startIndex", "endIndex", "subscript", "index", "formIndex", "indices", "isEmpty", "count", "distance",
        ])
        let errors: Set<String> = [
            "errorDescription", "failureReason", "recoverySuggestion", "helpAnchor", "errorDomain", "errorCode",
            "errorUserInfo", "recoveryOptions", "attemptRecovery",
        ]
        return [
            "CustomStringConvertible": ["description"], "LosslessStringConvertible": ["description"],
            "CustomDebugStringConvertible": ["debugDescription"], "CustomReflectable": ["customMirror"],
            "Sequence": sequence, "IteratorProtocol": ["next"], "AsyncSequence": ["makeAsyncIterator"],
            "AsyncIteratorProtocol": ["next"], "Collection": collection, "BidirectionalCollection": collection,
            "RandomAccessCollection": collection,
            "MutableCollection": collection.union(["partition", "swapAt", "withContiguousMutableStorageIfAvailable"]),
            "LocalizedError": errors, "CustomNSError": errors, "RecoverableError": errors,
            "Clock": ["now", "minimumResolution", "sleep"], "Strideable": ["distance", "advanced"],
            "RawRepresentable": ["rawValue"], "OptionSet": ["rawValue"],
            "Actor": ["unownedExecutor"], "GlobalActor": ["shared", "sharedUnownedExecutor"],
            "@dynamicCallable": ["dynamicallyCall"], "@dynamicMemberLookup": ["subscript"],
        ]
    }()

    /// The names `protocolName` can require, nil if unknown (any). `ExpressibleBy…Literal`
    /// requires only an initializer.
    static func names(requiredBy protocolName: String) -> Set<String>? {
        requirements[protocolName] ?? (protocolName.hasPrefix("ExpressibleBy") ? [] : nil)
    }

    /// Protocols whose members nothing calls by itself (none, or only those `calledByProtocol`
    /// names, or an initializer run when the type is made): naming them makes no conformer.
    static let markers: Set<String> = [
        "Sendable", "SendableMetatype", "BitwiseCopyable", "Copyable", "Escapable", "AnyObject", "unchecked",
        "Equatable", "Hashable", "Comparable", "Codable", "Encodable", "Decodable", "Error", "Identifiable",
        "CaseIterable",
    ]
}
