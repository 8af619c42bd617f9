import LabCore
import LabScenarios
import LabTrace

/// The Kodeco app's `MarsData`, with every way of fetching the rovers' latest
/// photos written once. Lessons run these, the harness times them, tests count
/// their calls in flight. Each call is traced in a lane named after its rover.
public struct MarsData: Sendable {
    public let api: any MarsRoverService
    public let probe: Probe

    public init(api: any MarsRoverService, probe: Probe = .disabled) {
        self.api = api
        self.probe = probe
    }

    /// The rover list; an error is logged and gives an empty list, as in the original.
    public func fetchAllRovers() async -> [Rover] {
        await probe.withLane("rover list") {
            await probe.span("allRovers()", kind: .suspending) {
                (try? await api.allRovers()) ?? []
            }
        }
    }

    /// One rover's newest photo, or nil when the call fails or there is none.
    public func latestPhoto(_ rover: Rover) async -> MarsPhoto? {
        await probe.withLane(rover.name) {
            await probe.span("latestPhotos(\(rover.name))", kind: .suspending) {
                try? await api.latestPhotos(rover: rover).first
            }
        }
    }

    // MARK: The variants of "latest photo of each rover"

    /// One call after the other: the total is the sum of the calls.
    public func latestPhotosSequentially(_ rovers: [Rover]) async -> [MarsPhoto] {
        var photos: [MarsPhoto] = []
        for rover in rovers {
            if let photo = await latestPhoto(rover) { photos.append(photo) }
        }
        return photos
    }

    /// Three `async let` bindings: all three calls start at once.
    public func latestPhotosWithAsyncLet(_ first: Rover, _ second: Rover, _ third: Rover) async -> [MarsPhoto] {
        async let a = latestPhoto(first)
        async let b = latestPhoto(second)
        async let c = latestPhoto(third)
        return await [a, b, c].compactMap { $0 }
    }

    /// Four `async let` bindings: the harness's fan-out over all four rovers.
    public func latestPhotosWithAsyncLet(_ first: Rover, _ second: Rover, _ third: Rover, _ fourth: Rover) async
        -> [MarsPhoto]
    {
        async let a = latestPhoto(first)
        async let b = latestPhoto(second)
        async let c = latestPhoto(third)
        async let d = latestPhoto(fourth)
        return await [a, b, c, d].compactMap { $0 }
    }

    /// `async let` inside a loop: each binding is awaited (or cancelled) at the end
    /// of its iteration, so this is sequential. The wrong tool for a dynamic count.
    public func latestPhotosWithAsyncLetInALoop(_ rovers: [Rover]) async -> [MarsPhoto] {
        var photos: [MarsPhoto] = []
        for rover in rovers {
            async let photo = latestPhoto(rover)
            if let photo = await photo { photos.append(photo) }
        }
        return photos
    }

    /// A task group with a child per rover: the right tool for a dynamic count.
    /// Results arrive in completion order, not rover order.
    public func latestPhotosWithTaskGroup(_ rovers: [Rover]) async -> [MarsPhoto] {
        await withTaskGroup(of: MarsPhoto?.self) { group in
            for rover in rovers {
                group.addTask { await latestPhoto(rover) }
            }
            var photos: [MarsPhoto] = []
            for await photo in group {
                if let photo { photos.append(photo) }
            }
            return photos
        }
    }

    /// Unstructured tasks, one per rover, awaited through their handles. Same
    /// speed as a group, but nothing cancels them if the caller is cancelled.
    public func latestPhotosWithUnstructuredTasks(_ rovers: [Rover]) async -> [MarsPhoto] {
        let tasks = rovers.map { rover in Task { await latestPhoto(rover) } }
        var photos: [MarsPhoto] = []
        for task in tasks {
            if let photo = await task.value { photos.append(photo) }
        }
        return photos
    }

    /// The original `fetchLatestPhotos()`: fetch the rover list, then fan out.
    public func fetchLatestPhotos() async -> [MarsPhoto] {
        let rovers = await fetchAllRovers()
        return await latestPhotosWithTaskGroup(rovers)
    }

    // MARK: Manifests

    /// The original `fetchPhotoManifests()`: a throwing group, a cancellation check
    /// before the fan-out, and `reduce(into:)` to collect. One failing child throws
    /// out of the group, which cancels and awaits its siblings.
    public func fetchPhotoManifests() async throws -> [PhotoManifest] {
        try await withThrowingTaskGroup(of: PhotoManifest.self) { group in
            let rovers = await fetchAllRovers()
            try Task.checkCancellation()
            for rover in rovers {
                group.addTask {
                    try await probe.withLane(rover.name) {
                        try await probe.span("photoManifest(\(rover.name))", kind: .suspending) {
                            try await api.photoManifest(rover: rover)
                        }
                    }
                }
            }
            return try await group.reduce(into: []) { manifests, manifest in
                manifests.append(manifest)
            }
        }
    }

    // MARK: Many requests, a few at a time

    /// Fetches the pages with at most `width` requests in flight: a sliding window.
    /// Starts `width` children, then one more each time one finishes.
    public func photoPages(of rover: Rover, earthDate: String, pages: [Int], width: Int) async throws -> [Int:
        [MarsPhoto]]
    {
        precondition(width >= 1, "a window holds at least one request")
        return try await withThrowingTaskGroup(of: (Int, [MarsPhoto]).self) { group in
            var pending = pages.makeIterator()
            func startNext() {
                guard let page = pending.next() else { return }
                group.addTask {
                    try await probe.withLane("page \(page)") {
                        try await probe.span("photos page \(page)", kind: .suspending) {
                            (page, try await api.photos(rover: rover, earthDate: earthDate, page: page))
                        }
                    }
                }
            }
            for _ in 0..<width { startNext() }
            var results: [Int: [MarsPhoto]] = [:]
            while let (page, photos) = try await group.next() {
                results[page] = photos
                startNext()
            }
            return results
        }
    }
}
