import Foundation
import Testing

@testable import LabCore
@testable import LabFiles
@testable import LabProcesses

/// A sweep removes only what a process that is gone left: never a folder still in use (here or in
/// another process), never one it cannot judge. The end-to-end case, a `lab check` stopped with
/// Ctrl-C, is CommandLineTests' StoppedCheckTests.
@Suite("owned folders")
struct OwnedFolderTests {
    @Test func aSweepRemovesOnlyWhatAGoneMakerLeft() throws {
        let parent = try temporaryDirectory(named: "lab-owned")
        defer { try? FileManager.default.removeItem(at: parent) }
        let fm = FileManager.default

        let live = try OwnedFolder(parent.appendingPathComponent("live"))
        defer { live.remove() }
        // What a stopped process leaves: its folder and an owner file no one holds.
        let left = parent.appendingPathComponent("left")
        try fm.createDirectory(at: left.appendingPathComponent("inside"), withIntermediateDirectories: true)
        expect(fm.createFile(atPath: left.path + ".owner", contents: nil))
        // An owner file alone (its maker stopped before making the folder, or after removing it).
        expect(fm.createFile(atPath: parent.appendingPathComponent("alone.owner").path, contents: nil))
        // A folder with no owner file, from a lab before owned folders: nobody can tell it is left.
        let unowned = parent.appendingPathComponent("unowned")
        try fm.createDirectory(at: unowned, withIntermediateDirectories: true)

        OwnedFolder.sweep(in: parent)

        expect(fm.fileExists(atPath: live.url.path), "a folder in use was removed")
        expect(fm.fileExists(atPath: live.url.path + ".owner"), "a folder in use lost its owner file")
        expect(!fm.fileExists(atPath: left.path), "a stopped maker's folder is still there")
        expectEqual(try fm.contentsOfDirectory(atPath: parent.path).sorted(), ["live", "live.owner", "unowned"])

        live.remove()
        expectEqual(try fm.contentsOfDirectory(atPath: parent.path), ["unowned"], "remove takes the owner file too")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/flock"), "util-linux's flock(1)"))
    func aSweepKeepsAFolderAnotherProcessHolds() async throws {
        let parent = try temporaryDirectory(named: "lab-owned-other")
        defer { try? FileManager.default.removeItem(at: parent) }
        let held = parent.appendingPathComponent("held")
        try FileManager.default.createDirectory(at: held, withIntermediateDirectories: true)
        // One process holds the owner file as another lab would, until killed: the shell opens it,
        // util-linux's flock(1) locks that descriptor, and the shell becomes `sleep`, keeping it.
        let holder = try RunningChild(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "exec 9>\"$0\" && /usr/bin/flock 9 && exec /bin/sleep 3600", held.path + ".owner"])
        defer { holder.kill() }
        // Waited for on a thread of its own (a full parallel run can hold the pool's threads).
        let owner = URL(fileURLWithPath: held.path + ".owner")
        let isHeld = await OnAThreadOfItsOwn.blockingWork(named: "wait for flock(1)") {
            let deadline = ContinuousClock.now + .seconds(120)
            while ContinuousClock.now < deadline {
                // Held once flock(1) has run: a lock we cannot take ourselves (taken, it is let go at once).
                if FileManager.default.fileExists(atPath: owner.path), (try? FileLock.tryHolding(at: owner)) == nil {
                    return true
                }
                usleep(5_000)
            }
            return false
        }
        try require(isHeld, "the shell never held the owner file")

        OwnedFolder.sweep(in: parent)
        expect(FileManager.default.fileExists(atPath: held.path), "another process's folder was removed")

        holder.kill()
        _ = try await holder.exitStatus()
        // Swept again until it goes, within a bound that only ends a failing run: once, under the
        // thread sanitizer beside the one-CPU lane's suite (load average 9), the first sweep after
        // the holder was reaped left the folder. A folder a sweep misses is removed by a later one;
        // what must never happen (above) is a sweep removing a folder that is held.
        let gone = await OnAThreadOfItsOwn.blockingWork(named: "sweep until the folder goes") { () -> Bool in
            let deadline = ContinuousClock.now + .seconds(30)
            repeat {
                OwnedFolder.sweep(in: parent)
                if !FileManager.default.fileExists(atPath: held.path) { return true }
                usleep(20_000)
            } while ContinuousClock.now < deadline
            return false
        }
        let ownerLeft = FileManager.default.fileExists(atPath: owner.path)
        let lockFree = ownerLeft ? (try? FileLock.tryHolding(at: owner)) != nil : nil
        expect(
            gone,
            "its maker is gone: the folder should go (owner file there: \(ownerLeft), its lock free: \(String(describing: lockFree)))"
        )
    }

    /// Another lab's sweep can come between the maker's making its owner file and locking it: it
    /// finds the empty file, locks it, removes the folder (not made yet) and unlinks the file. The
    /// maker waits that moment out and holds an owner file of its own; it used to give up at once
    /// ("a file with the same name already exists"), failing the check it was making a folder for.
    @Test func aMakerWaitsOutASweepThatHoldsItsNewOwnerFile() async throws {
        let parent = try temporaryDirectory(named: "lab-owned-race")
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = parent.appendingPathComponent("fresh")
        let ownerPath = folder.path + ".owner"
        // The sweep's moment, held: it has opened the maker's new owner file and locked it.
        let sweep = open(ownerPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        try require(sweep >= 0 && flock(sweep, LOCK_EX | LOCK_NB) == 0)
        let trying = Locked(false)
        async let made = OnAThreadOfItsOwn.blockingWork(named: "make the folder") {
            trying.withLock { $0 = true }
            return Result { try OwnedFolder(folder) }
        }
        // Then it lets go as a sweep does, once the maker has begun: the folder, the file, the lock.
        await OnAThreadOfItsOwn.blockingWork(named: "the sweep") {
            while !trying.withLock({ $0 }) { usleep(1_000) }
            usleep(50_000)
            try? FileManager.default.removeItem(at: folder)
            _ = unlink(ownerPath)
            close(sweep)
        }
        let owned = try await made.get()
        defer { owned.remove() }
        expect(FileManager.default.fileExists(atPath: folder.path), "the folder was not made")
        // Its owner file is there, and held: a later sweep keeps the folder.
        expect(FileManager.default.fileExists(atPath: ownerPath), "the maker holds an owner file no sweep can see")
        let taken = try FileLock.tryHolding(at: URL(fileURLWithPath: ownerPath))
        expect(taken == nil, "the owner file is not held")
        OwnedFolder.sweep(in: parent)
        expect(FileManager.default.fileExists(atPath: folder.path), "a sweep removed the folder in use")
    }

    /// The owner file goes beside the folder, so the parent is made first: a fresh clone has no
    /// `.build-exercises/batch/runs`, and its first `lab check` failed ("No such file or directory").
    @Test func aFolderIsMadeWhereItsParentIsNotYet() throws {
        let parent = try temporaryDirectory(named: "lab-owned-parent")
        defer { try? FileManager.default.removeItem(at: parent) }
        let folder = parent.appendingPathComponent("runs/batch")
        let owned = try OwnedFolder(folder)
        expect(FileManager.default.fileExists(atPath: folder.path), "the folder was not made")
        expect(FileManager.default.fileExists(atPath: folder.path + ".owner"), "its owner file was not made")
        owned.remove()
        expectEqual(try FileManager.default.contentsOfDirectory(atPath: folder.deletingLastPathComponent().path), [])
    }
}
