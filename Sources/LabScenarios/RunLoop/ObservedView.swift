import LabCore
import Observation

/// A stand-in for a SwiftUI view: its body reads an `@Observable` model under
/// `withObservationTracking`; a change marks it dirty, and the next frame of the
/// UI loop renders it again. Every render is logged with what it showed, so a
/// lesson can count frames that showed a stale or half-updated model.
@MainActor
public final class ObservedView<Snapshot: Sendable & Equatable> {
    public struct Render: Sendable {
        public let frame: Int
        public let time: Double
        public let snapshot: Snapshot
    }

    private let body: @MainActor () -> Snapshot
    private let dirty = Locked(true)
    public private(set) var renders: [Render] = []
    /// What every frame showed, dirty or not: the last render stays on screen.
    public private(set) var frames: [Render] = []

    public init(body: @escaping @MainActor () -> Snapshot) { self.body = body }

    /// Called by the UI loop on every frame: re-renders only when the model changed.
    public func frame(_ number: Int, at time: Double) {
        if dirty.withLock({ $0 }) {
            dirty.withLock { $0 = false }
            let dirty = self.dirty
            let snapshot = withObservationTracking(body, onChange: { dirty.withLock { $0 = true } })
            renders.append(Render(frame: number, time: time, snapshot: snapshot))
        }
        if let shown = renders.last?.snapshot {
            frames.append(Render(frame: number, time: time, snapshot: shown))
        }
    }

    /// What is on screen now.
    public var shown: Snapshot? { renders.last?.snapshot }
}
