// alternative: a class whose count lives in a private actor it owns
import LabCore

// The class callers know, with its count in an actor it owns: the actor runs one add at a time.
final class DownloadCounter: Sendable {
    private actor Count {
        var value = 0
        func add() { value += 1 }
    }

    private let count = Count()

    func recordDownload() async {
        await count.add()
    }

    var total: Int {
        get async { await count.value }
    }
}
