import Foundation

/// Answers' compiled modules (the object and the module file of `StudentCode`), kept so that an
/// answer whose code was compiled before, byte for byte, is not compiled again: a second `lab
/// exercises --verify`, a class graded again, thirty students who left a starting file as it was.
///
/// Why that is sound: the answer's compile reads its two files (the answer's code and the code
/// given with the exercise), the flags, the compiler and the shared build's modules, and nothing
/// else. The key holds the first three whole and the last two by a hash of their bytes
/// (`SharedInterfaces`: the compiler's stamp and every module file, module map and header an
/// answer's compile may read, compared whole with those the store's entries were made against
/// whenever the shared build is made again). Nothing of the answer's folder goes into what is kept: no debug information, no path
/// unless the code asks for one with `#filePath` (such code is never keyed, as for the checks'
/// objects). The same code compiled in two folders gave the same module byte for byte, and the
/// same object but for `.swift_modhash`, a hash of its own output path that nothing reads (as
/// for the checks' objects); measured with answers that force-unwrap, `try!`, `fatalError`,
/// `precondition`, `@Observable`, `#isolation`, key paths, `Mirror` and `#sourceLocation`
/// (Swift 6 mode: their file is `#fileID`'s, the module's and the file's names). The build's
/// fingerprint is not in the code: the linker writes it (`BuildFingerprint`), so where it
/// cannot, nothing is kept.
///
/// What is kept serves the later steps only when they succeed: a check that does not compile, or
/// a link that fails, against a module restored here is built again from the answer's code, so
/// every failure's words are a fresh compile's (the module's source-location file, which names
/// the folder it was compiled in, is not kept). Each answer is still linked on its own, with its
/// own fingerprint, and the binary that runs is the one its own link wrote.
///
/// Kept across batches where the sandbox keeps a check out of the lab's folders (as the checks'
/// objects, `CheckObjects`, and under the same locks); otherwise the batch's own.
struct AnswerModules: KeptStore {
    let folder: URL
    /// The hash of what an answer's compile reads of the shared build, as this batch read it from
    /// the build's record (`SharedInterfaces`, beside the checks' own); nil: nothing is kept or taken.
    var interface: Data? = nil
    /// Most entries kept: a full `--verify` makes about 530 (about 60 kB each).
    var capacity = 1500
    /// The compiles of this batch's builds under way, by key: shared by every copy of the store.
    let inFlight = KeptEntries.InFlight()

    var entries: KeptEntries { KeptEntries(folder: folder, fileExtension: "answermodule", capacity: capacity) }

    /// The store kept beside the shared build in `workFolder` (emptied with the checks' objects
    /// whenever SwiftPM made a build that differs).
    static func kept(in workFolder: URL) -> AnswerModules {
        AnswerModules(folder: workFolder.appendingPathComponent("answer-modules"))
    }

    /// The bytes an answer's compile depends on.
    struct Key: KeptKey {
        let bytes: Data

        init(code: String, given: String, flags: [String], interface: Data) {
            var bytes = Data()
            for part in [code, given] + flags { KeptEntries.append(Data(part.utf8), to: &bytes) }
            KeptEntries.append(interface, to: &bytes)
            self.bytes = bytes
        }
    }

    /// The key for an answer's compile, or nil where nothing may be kept: the fingerprint is in
    /// the code, the shared build's record could not be read, or the code may name its folder.
    func key(code: String, given: String, flags: [String]) -> Key? {
        guard BuildFingerprint.linked, let interface, !CheckObjects.Key.namesItsFolder([code, given]) else {
            return nil
        }
        return Key(code: code, given: given, flags: flags, interface: interface)
    }

    /// Writes the object and module kept for `key`; false when there are none.
    func restore(_ key: Key, object: URL, module: URL) -> Bool { entries.restore(key, to: [object, module]) }

    /// Keeps the object and module just compiled for `key`.
    func keep(_ key: Key, object: URL, module: URL) { entries.keep(key, files: [object, module]) }
}
