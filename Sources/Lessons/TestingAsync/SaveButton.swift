import LabCore

/// The code under test for the race: Space Photos' Save button. A button's action is
/// synchronous, so `tap` starts an unstructured task to store the photo and returns at once.
struct SaveButton: Sendable {
    let library: SavedPhotos
    /// Called once the photo is stored: the seam a confirmation counts.
    var onSaved: @Sendable (String) -> Void = { _ in }

    func tap(_ name: String) {
        // Nonisolated here, so the task starts on the global executor, beside whoever tapped.
        Task {
            await library.add(name)
            onSaved(name)
        }
    }
}

/// Where saved photos go.
actor SavedPhotos {
    private(set) var names: [String] = []
    func add(_ name: String) { names.append(name) }
    func contains(_ name: String) -> Bool { names.contains(name) }
}

/// The two tests of the Save button the lesson runs many times, each returning whether it passed.
/// On the main actor, as a view model's tests usually are.
@MainActor
enum SaveButtonTests {
    /// Taps, then checks right away: it races the task `tap` started.
    static func checksRightAway() async -> Bool {
        let library = SavedPhotos()
        SaveButton(library: library).tap("moon.jpg")
        return await library.contains("moon.jpg")
    }

    /// Taps, then awaits exactly one confirmation from the button before checking.
    static func awaitsTheConfirmation() async -> Bool {
        let library = SavedPhotos()
        let saved = Confirmation(expectedCount: 1)
        SaveButton(library: library, onSaved: { _ in saved.confirm() }).tap("moon.jpg")
        await saved.fulfilled()
        let stored = await library.contains("moon.jpg")
        return stored && saved.count == 1
    }
}
