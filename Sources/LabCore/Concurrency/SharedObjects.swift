/// The objects two values both hold, found by walking what each stores (its properties, their
/// properties, through optionals, collections, enums and existentials).
///
/// A check uses it to see whether two sides that should exchange values share one object
/// instead (14: the model and the store). It finds the object however its type is spelled
/// (`any Sendable`, a generic parameter, a wrapper's payload), which a reading of the source
/// cannot promise. It cannot see into a closure's captures, nor into a type that replaces its
/// own mirror (`CustomReflectable`): a check that relies on it refuses those by other means.
///
/// It reads stored properties without their isolation, so call it only when nothing runs on the
/// values it walks: after the awaits that ended every change to them, which also order those
/// changes before the reading.
public enum SharedObjects {
    /// One object both hold. It is kept alive by this, so a later walk cannot meet another
    /// object at its address and take it for this one.
    /// Not `Sendable`: it stays with the caller that walked (a check, on the main actor).
    public struct Held {
        public let object: AnyObject
        public let typeName: String
        public let isActor: Bool
    }

    /// The objects reachable from both `first` and `second`, not counting those in `ignoring`
    /// and not walking into them (the store, which the model holds by design), by type name.
    public static func held(byBoth first: Any, and second: Any, ignoring: [AnyObject] = []) -> [Held] {
        let ignored = Set(ignoring.map(ObjectIdentifier.init))
        let fromFirst = reachableObjects(from: first, notEntering: ignored)
        let fromSecond = reachableObjects(from: second, notEntering: ignored)
        return fromFirst.filter { fromSecond[$0.key] != nil }.values.sorted { $0.typeName < $1.typeName }
    }

    /// Each object reachable from `root` (the root too, if it is one), by identity. At most
    /// `limit` values are visited, so a very large graph is read in part.
    static func reachableObjects(
        from root: Any, notEntering ignored: Set<ObjectIdentifier> = [], limit: Int = 100_000
    ) -> [ObjectIdentifier: Held] {
        var objects: [ObjectIdentifier: Held] = [:]
        var pending: [Any] = [root]
        var visits = 0
        while let value = pending.popLast(), visits < limit {
            visits += 1
            if type(of: value) is AnyClass {
                let object = value as AnyObject
                let identity = ObjectIdentifier(object)
                // An object reached twice (or through a cycle) is walked once; an ignored one
                // never, unless it is the root itself.
                guard visits == 1 || !ignored.contains(identity), objects[identity] == nil else { continue }
                objects[identity] = Held(
                    object: object, typeName: String(describing: type(of: value)), isActor: value is any Actor)
            }
            var mirror: Mirror? = Mirror(reflecting: value)
            while let current = mirror {
                pending.append(contentsOf: current.children.map(\.value))
                mirror = current.superclassMirror
            }
        }
        return objects
    }
}
