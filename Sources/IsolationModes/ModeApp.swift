// The isolation-modes lesson's app code. This one file is compiled four times, once per
// mode a learner meets (Package.swift gives each copy its own settings; each mode's folder
// holds a link to this file). Not one line differs between the four modules: whatever
// differs when they run is the mode.
//
// Its declarations carry the annotations a learner writes, no more: the model is
// @MainActor as the sources have it; the service, its value type and the helpers are left
// bare, one helper is marked `nonisolated` and one `@concurrent`.
import LabCore

/// A gallery photo: a plain value type.
struct Photo {
    let title: String
}

/// A conformance written as a learner writes it, with no isolation of its own.
extension Photo: CustomStringConvertible {
    var description: String { "“\(title)”" }
}

/// The service: a struct with an async method, no annotation.
struct PhotoService {
    func fetchPhotos() async -> ([Photo], Isolation) {
        ([Photo(title: "Pillars of Creation"), Photo(title: "Carina Nebula")], Isolation.current())
    }

    /// Next to no work: what remains is the call's hops, if it has any. (A body that does
    /// nothing at all lets the optimizer drop the hop; one opaque call keeps it honest.)
    func ping() async -> Int { Int(CPUWork.run(units: 1) & 1) | 1 }
}

/// A helper: a free async function, no annotation.
func makeCaption(for photo: Photo, working seconds: Double) async -> (String, Isolation) {
    CPUWork.burn(for: .seconds(seconds))
    return ("\(photo) from the gallery", Isolation.current())
}

/// A helper its author marked `nonisolated`, meaning "not on the main actor".
nonisolated func measureSharpness(of photo: Photo, working seconds: Double) async -> (Int, Isolation) {
    CPUWork.burn(for: .seconds(seconds))
    return (photo.title.count, Isolation.current())
}

/// The explicit way off the caller's actor, in every mode.
@concurrent nonisolated func resize(_ photo: Photo, working seconds: Double) async -> (Int, Isolation) {
    CPUWork.burn(for: .seconds(seconds))
    return (photo.title.count * 2, Isolation.current())
}

/// Whether code may use Photo's conformance where it runs: a dynamic cast, as `print`,
/// string interpolation and generic code do. An isolated conformance refuses off its actor.
/// (Through an opaque call: otherwise the optimizer answers at compile time, for every mode.)
nonisolated func conformanceUsable(_ photo: Photo) -> Bool {
    BlackHole.opaque(photo) is any CustomStringConvertible
}

@concurrent nonisolated func describesOffTheMainActor(_ photo: Photo) async -> (Bool, Isolation) {
    (conformanceUsable(photo), Isolation.current())
}

/// The view's model, on the main actor as the sources have it.
@MainActor
final class GalleryModel {
    var photos: [Photo] = []
}

/// What the lesson runs in this mode: every call made from the main actor, as a button does.
public enum ModeApp: IsolationModeApp {
    /// Where each call ran, read inside the callee from `#isolation`.
    @MainActor
    public static func placesOfCalls(working seconds: Double) async -> [ModeObservation] {
        let model = GalleryModel()
        let service = PhotoService()
        var seen: [ModeObservation] = [ModeObservation(call: .model, ranOn: Isolation.current())]
        let (photos, fetchedOn) = await service.fetchPhotos()
        model.photos = photos
        seen.append(ModeObservation(call: .service, ranOn: fetchedOn))
        let photo = model.photos[0]
        seen.append(await observe(.freeFunction) { await makeCaption(for: photo, working: seconds).1 })
        seen.append(await observe(.nonisolatedFunction) { await measureSharpness(of: photo, working: seconds).1 })
        seen.append(await observe(.concurrentFunction) { await resize(photo, working: seconds).1 })
        let (describes, castOn) = await describesOffTheMainActor(photo)
        seen.append(ModeObservation(call: .conformanceOffMain, ranOn: castOn, conformanceUsable: describes))
        seen.append(
            ModeObservation(
                call: .conformanceOnMain, ranOn: Isolation.current(),
                conformanceUsable: conformanceUsable(photo)))
        return seen
    }

    /// Times `call`, and watches a main-actor job queued just before it: whether it ran before
    /// the call came back (it can only if the call let go of the main actor), how long it
    /// waited, and how much of that its thread spent waiting for a CPU, not for the main actor.
    @MainActor
    static func observe(_ call: ModeCall, _ body: @MainActor () async -> Isolation) async -> ModeObservation {
        let clock = ContinuousClock()
        let cpuWaitBefore = ThreadCPUWait.now()
        let queued = clock.now
        let answered = Task { @MainActor in (clock.now, ThreadCPUWait.now()) }
        let ranOn = await body()
        let returned = clock.now
        let (ran, cpuWaitThen) = await answered.value
        return ModeObservation(
            call: call, ranOn: ranOn, mainActorWaited: queued.duration(to: ran).seconds,
            callSeconds: queued.duration(to: returned).seconds, jobRanBeforeCallReturned: ran < returned,
            mainThreadWaitedForCPU: cpuWaitThen?.since(cpuWaitBefore))
    }

    /// Seconds per call of `service.ping()` from the main actor, over `calls` calls: the
    /// cost of the hops this mode puts around a plain async method.
    @MainActor
    public static func secondsPerServiceCall(_ calls: Int) async -> Double {
        let service = PhotoService()
        let clock = ContinuousClock()
        var total = 0
        let elapsed = await clock.measure {
            for _ in 0..<calls { total += await service.ping() }
        }
        precondition(total == calls)
        return elapsed.seconds / Double(calls)
    }
}

extension ModeApp {
    /// The upcoming features this copy was compiled with, as the compiler itself reports
    /// them: the lesson shows them so no one has to take the manifest's word for it.
    public static var enabledFeatures: [String] {
        var features: [String] = []
        #if hasFeature(NonisolatedNonsendingByDefault)
            features.append("NonisolatedNonsendingByDefault")
        #endif
        #if hasFeature(InferIsolatedConformances)
            features.append("InferIsolatedConformances")
        #endif
        return features
    }

    /// Where unannotated code is isolated in this copy, measured: a bare async function
    /// called from a @concurrent one runs on the main actor only if bare code is @MainActor.
    @MainActor
    public static func defaultIsolation() async -> Isolation {
        await askBareCodeFromOffTheMainActor()
    }
}

@concurrent nonisolated func askBareCodeFromOffTheMainActor() async -> Isolation {
    await bareFunction()
}

func bareFunction() async -> Isolation { Isolation.current() }
