import Foundation

/// The shared build's objects (the lab's libraries, the check's support and its channel: about a
/// hundred files) joined once into one relocatable object, `ld.lld -r`, which every answer's link
/// then takes in their place. A link is what a batch does most (once per answer, also where
/// everything else was kept), and opening, mapping and reading a hundred objects was a fifth of
/// each: 40.7 ms of CPU against 53.5 ms for one answer's link, medians of eight alternated sets
/// (docs/MEASUREMENTS.md, session 62).
///
/// Why the program is the same: a relocatable link only concatenates the objects' sections and
/// keeps every symbol, relocation and COMDAT group for the final link to resolve, so every
/// definition the answer's link found in one of the objects it finds in the joined one, strong
/// and weak alike: the channel's interposers and the allocation counter's hooks are still in the
/// program, not found through the dynamic linker. Each answer's link still writes a program of its
/// own, with its own fingerprint. The joined object is made after every build of the shared part
/// (in its scratch folder, under the batches' exclusive lock), and its stamp is recorded with the
/// objects' (`SharedBuildRecord`), so a build whose joined object changed is made again.
enum JoinedObjects {
    static let fileName = "checks-shared-objects.o"

    /// Joins `toolchain`'s shared objects into `folder`; the joined object's path, or nil where
    /// there is no `ld.lld` (macOS) or it failed: each answer's link then takes the objects one by one.
    /// A joined object the same, byte for byte, as the one already there is not put in its place:
    /// its stamp is the record's, and the plans kept for a build follow the record's stamps
    /// (`SharedBuildRecord.keepStores`), so a build made again that changed nothing keeps them.
    static func join(_ toolchain: BatchToolchain, in folder: URL) -> String? {
        guard let lld = toolchain.lld, !toolchain.sharedObjects.isEmpty else { return nil }
        let joined = folder.appendingPathComponent(fileName)
        let made = folder.appendingPathComponent(fileName + ".new")
        // Nothing joined is left where a join fails: the link takes the objects.
        func abandoned() -> String? {
            try? FileManager.default.removeItem(at: made)
            try? FileManager.default.removeItem(at: joined)
            return nil
        }
        // lld writes its output beside it and renames it into place: a failed join leaves no half.
        guard
            let result = try? run(lld, ["-r", "--threads=1", "-o", made.path] + toolchain.sharedObjects, timeout: 120),
            result.status == 0, let bytes = FileManager.default.contents(atPath: made.path)
        else { return abandoned() }
        if FileManager.default.contents(atPath: joined.path) == bytes {
            try? FileManager.default.removeItem(at: made)
            return joined.path
        }
        guard rename(made.path, joined.path) == 0 else { return abandoned() }
        return joined.path
    }
}
