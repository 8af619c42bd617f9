import IsolationModeApproachable
import IsolationModeMainActorByDefault
import IsolationModeSwift6
import IsolationModeXcodeAppTemplate
import LabCore

/// One copy of the lesson's app code (Sources/IsolationModes/ModeApp.swift), as compiled
/// under one mode's settings. The four copies are four modules whose types share names.
///
/// Not Sendable, and the list lives on the main actor: in the two main-actor-by-default
/// copies, ModeApp's conformance to IsolationModeApp is itself main-actor isolated (the
/// lesson's subject, met in its own plumbing), so the metatypes may be used only there.
struct CompiledMode {
    let mode: CompileMode
    let app: any IsolationModeApp.Type

    /// The four copies, in the order a learner meets the modes.
    @MainActor
    static let all: [CompiledMode] = [
        CompiledMode(mode: .swift6, app: IsolationModeSwift6.ModeApp.self),
        CompiledMode(mode: .approachable, app: IsolationModeApproachable.ModeApp.self),
        CompiledMode(mode: .mainActorByDefault, app: IsolationModeMainActorByDefault.ModeApp.self),
        CompiledMode(mode: .xcodeAppTemplate, app: IsolationModeXcodeAppTemplate.ModeApp.self),
    ]
}
