/// The actors that two values both hold, found by walking what each stores (its properties,
/// their properties, through optionals, collections, enums and existentials).
///
/// A check uses it to see whether two sides that should exchange values share one actor
/// instead (14: the model and the store). It finds the actor however the type is spelled
/// (`any Sendable`, a generic parameter, an enum's payload), which a reading of the source
/// cannot promise. It cannot see into a closure's captures, nor into a type that replaces its
/// own mirror (`CustomReflectable`): a check that relies on it refuses those by other means.
///
/// It reads stored properties without their isolation, so call it only when nothing runs on the
/// values it walks: after the awaits that ended every change to them, which also order those
/// changes before the reading.
public enum SharedActors {
    /// The type names of the actors reachable from both `first` and `second`, not counting the
    /// objects in `ignoring` (the store itself, which the model holds by design), sorted.
    public static func held(byBoth first: Any, and second: Any, ignoring: [AnyObject] = []) -> [String] {
        let ignored = Set(ignoring.map(ObjectIdentifier.init))
        let firstActors = reachableActors(from: first)
        let secondActors = reachableActors(from: second)
        return firstActors.filter { secondActors[$0.key] != nil && !ignored.contains($0.key) }.values.sorted()
    }

    /// Each actor reachable from `root` (the root too, if it is one), by identity, with its type's
    /// name. At most `limit` values are visited, so a very large graph is read in part.
    static func reachableActors(from root: Any, limit: Int = 100_000) -> [ObjectIdentifier: String] {
        var visitedObjects = Set<ObjectIdentifier>()
        var actors: [ObjectIdentifier: String] = [:]
        var pending: [Any] = [root]
        var visits = 0
        while let value = pending.popLast(), visits < limit {
            visits += 1
            if type(of: value) is AnyClass {
                let identity = ObjectIdentifier(value as AnyObject)
                // An object reached twice (or through a cycle) is walked once.
                guard visitedObjects.insert(identity).inserted else { continue }
                if value is any Actor { actors[identity] = String(describing: type(of: value)) }
            }
            var mirror: Mirror? = Mirror(reflecting: value)
            while let current = mirror {
                pending.append(contentsOf: current.children.map(\.value))
                mirror = current.superclassMirror
            }
        }
        return actors
    }
}
