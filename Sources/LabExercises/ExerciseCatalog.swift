/// The exercises, easiest first. Each has `Exercises/<id>.swift` (the starting file,
/// copied into the student's `my-exercises/` on first use), `Exercises/Solutions/<id>.swift`
/// and `Exercises/Checks/<id>.swift`, and may have `Alternatives/<id>/` and `Mistakes/<id>/`.
/// Escape hatches such as `@unchecked Sendable` appear here only as text in
/// summaries and hints; this file uses none of them.
public enum ExerciseCatalog {
    static let blockingAndSilencers = ForbiddenPattern.silencers + ForbiddenPattern.blocking
    /// Where the lesson is structured concurrency, a detached task is the mistake: it loses the caller's cancellation.
    static let structured = [
        ForbiddenPattern.detached(
            "Task.detached starts a task outside the structure: cancelling the caller no longer cancels its work; use async let or a task group"
        )
    ]

    public static let all: [Exercise] = [
        Exercise(
            "01-suspend-not-block", lesson: "sync-vs-async", title: "Suspend, don't block",
            summary:
                "ConcurrencyDemo's takesTooLong() waits 5 seconds by holding its thread. Make it wait by suspending, so many calls can wait at once.",
            minutes: 5,
            hints: [
                "A blocked thread cannot run anything else; a suspended task gives its thread back.",
                "SimulatedWork has a suspending twin of block(sourceSeconds:).",
                "Use `try? await work.suspend(sourceSeconds: 5)`.",
            ],
            forbidden: blockingAndSilencers),
        Exercise(
            "02-task-bridge", lesson: "sync-vs-async", title: "Start async work from a synchronous button",
            summary:
                "A button's action is synchronous; doSomething() is async. Start it from buttonTapped() and hand back the task.",
            minutes: 5,
            hints: [
                "A synchronous function cannot `await`, but it can start a task.",
                "Task { … } starts work and returns a handle the caller can await.",
                "Return `Task { await model.doSomething() }`.",
            ]),
        Exercise(
            "03-async-let-rovers", lesson: "async-let", title: "Three rovers at once",
            summary:
                "The rover app fetches three rovers' latest photos one after the other. Fetch them at the same time with async let.",
            minutes: 8,
            hints: [
                "Each `try await` in a row waits for the previous call to finish.",
                "`async let a = api.latestPhotos(rover: rovers[0])` starts the call and lets you go on.",
                "Bind all three with async let, then `try await` them together: `let (x, y, z) = try await (a, b, c)`.",
            ],
            forbidden: structured),
        Exercise(
            "04-group-manifests", lesson: "task-groups", title: "A manifest per rover, however many rovers",
            summary:
                "fetchPhotoManifests() must fetch a manifest for every rover the API lists. The number is only known at run time.",
            minutes: 10,
            hints: [
                "async let needs one binding per call, written in the code.",
                "withThrowingTaskGroup(of: PhotoManifest.self) lets you add a child per rover.",
                "Add a child per rover with group.addTask, then collect with `for try await` or group.reduce(into: []).",
            ],
            forbidden: structured),
        Exercise(
            "05-window-of-three", lesson: "task-groups", title: "At most three requests in flight",
            summary: "Download 12 photo pages, never more than 3 at once: the server limits clients.",
            minutes: 15,
            hints: [
                "Adding all 12 children at once puts 12 requests in flight.",
                "Add 3 children first; each time one finishes (group.next()), add the next page.",
                "Keep an iterator over the pages; after `while let result = try await group.next()`, add one more child if pages remain.",
            ]),
        Exercise(
            "06-first-failure-cancels", lesson: "task-groups", title: "One failure stops the rest",
            summary:
                "If one rover's manifest fails, the screen shows an error: the other downloads are wasted. Make the first failure throw and cancel its siblings.",
            minutes: 10,
            hints: [
                "`try?` swallows the error and lets every other child run to the end.",
                "In a throwing task group, an error thrown out of the body cancels the remaining children.",
                "Use withThrowingTaskGroup and `try await` each child's result without `try?`.",
            ]),
        Exercise(
            "07-captured-var", lesson: "for-await", title: "Make it compile: timeStamps", kind: .makeItCompile,
            summary:
                "ConcurrencyDemo writes each task's time into a dictionary from inside the child tasks. Swift 6 rejects it. Fix it the book's way.",
            minutes: 10,
            hints: [
                "Child tasks cannot write to a variable of the function that started them.",
                "Let each child *return* its (task, date) instead of writing it.",
                "Use withTaskGroup(of: (Int, Date).self), return (i, date) from each child, and fill the dictionary in `for await (task, date) in group`.",
            ]),
        Exercise(
            "08-stream-from-callback", lesson: "for-await", title: "A callback feed as an AsyncStream",
            summary:
                "A caffeine sensor calls a closure for each reading and another when done. Offer its readings as an AsyncStream, and stop the sensor when the reader stops.",
            minutes: 12,
            hints: [
                "AsyncStream.makeStream(of: Double.self) gives a stream and a continuation.",
                "Yield each reading into the continuation; finish it when the sensor finishes.",
                "Set continuation.onTermination = { _ in sensor.stop() } so a reader that leaves stops the sensor.",
            ]),
        Exercise(
            "09-cooperative-cancel", lesson: "cancellation", title: "A loop that listens to cancel()",
            summary:
                "renderThumbnails() computes 200 thumbnails. When its task is cancelled it keeps going. Make it stop soon after cancel().",
            minutes: 8,
            hints: [
                "cancel() only sets a flag; a loop that never looks at it runs to the end.",
                "Check Task.isCancelled (or call Task.checkCancellation()) between thumbnails.",
                "At the top of the loop: `if Task.isCancelled { break }` — return what you rendered so far.",
            ]),
        Exercise(
            "10-cancellation-handler", lesson: "cancellation", title: "Cancel a callback-based download at once",
            summary:
                "An old download API has start(completion:) and cancel(). Wrap it so that cancelling the task cancels the download immediately.",
            minutes: 15,
            hints: [
                "A continuation bridges the completion handler; it does not notice cancellation by itself.",
                "withTaskCancellationHandler runs its onCancel closure the moment the task is cancelled.",
                "Wrap withCheckedThrowingContinuation in withTaskCancellationHandler { … } onCancel: { download.cancel() }.",
            ]),
        Exercise(
            "11-actor-isolation", lesson: "actors", title: "Make it compile: touching an actor's state",
            kind: .makeItCompile,
            summary:
                "A scoreboard actor counts votes; the code outside changes its dictionary directly. Swift 6 rejects it. Give the actor a method instead.",
            minutes: 8,
            hints: [
                "Only the actor's own code may change its stored properties.",
                "Add a method to the actor that records a vote, and call it with await.",
                "`func vote(for name: String) { votes[name, default: 0] += 1 }` inside the actor; `await board.vote(for: name)` outside.",
            ]),
        Exercise(
            "12-counter-race", lesson: "actors", title: "Fix the counter that loses updates",
            summary:
                "A shared class counts downloads from many tasks; `@unchecked Sendable` hides the data race from the compiler. Make it correct without hiding anything.",
            minutes: 10,
            hints: [
                "@unchecked Sendable tells the compiler to trust you; here it should not.",
                "An actor, a Mutex (Synchronization) or an Atomic each make the increment safe.",
                "Make DownloadCounter an actor (and await its methods), or keep the class and put the count in a Mutex.",
            ]),
        Exercise(
            "13-reentrant-cache", lesson: "actors", title: "A cache that downloads once",
            summary:
                "The photo cache actor downloads the same photo several times when many views ask at once. Make concurrent callers share one download.",
            minutes: 15,
            hints: [
                "At the `await`, the actor lets other calls in; they see an empty cache.",
                "Store something in the cache *before* the first await: the download itself.",
                "Keep a [Date: Task<SpacePhoto, any Error>]; if a task is there, await its value; otherwise store a new Task, then await it.",
            ]),
        Exercise(
            "14-sending-value", lesson: "actors", title: "Make it compile: passing a drink list to an actor",
            kind: .makeItCompile,
            summary:
                "Coffee Tracker passes its drink log to the store actor. The log is a class, shared by reference; Swift 6 rejects sending it. Pass a value instead.",
            minutes: 10,
            hints: [
                "A class instance is shared: after sending it, both sides could change it.",
                "Actors should exchange values. Structs and arrays of structs are values.",
                "Make DrinkLog a struct (its drinks array is then copied), or pass `log.drinks`, an array of Sendable structs.",
            ]),
        Exercise(
            "15-main-actor-model", lesson: "main-actor", title: "Make it compile: the joke app's model",
            kind: .makeItCompile,
            summary:
                "The joke app's JokeService is a plain class used by a main-actor view. Swift 6 will not let the view send it to code elsewhere. Mark it the way the tutorial does.",
            minutes: 8,
            hints: [
                "The view is on the main actor; the model's state is read by the view.",
                "A model whose state the UI reads belongs on the main actor too.",
                "Put @MainActor on the JokeService class.",
            ]),
        Exercise(
            "16-dont-block-main", lesson: "main-actor", title: "Keep the UI drawing while loading",
            summary:
                "The photo model's refresh() fetches with a blocking call on the main actor, and the UI freezes. Await the async fetch instead.",
            minutes: 8,
            hints: [
                "refresh() runs on the main actor; anything that blocks it stops every frame.",
                "The client has an async photo(for:) that suspends instead of blocking.",
                "Replace fetchBlocking(day) with `try await client.photo(for: day)` and make refresh() async throws.",
            ],
            forbidden: blockingAndSilencers),
        Exercise(
            "17-wrap-completion", lesson: "continuations", title: "An async query over a completion handler",
            summary:
                "Coffee Tracker's HealthKit query reports through a completion handler. Write an async version with a checked continuation.",
            minutes: 12,
            hints: [
                "withCheckedThrowingContinuation suspends until you resume it.",
                "Call store.anchoredQuery(since:) inside it, and resume from the completion handler.",
                "In the handler: if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: samples) }.",
            ]),
        Exercise(
            "18-resume-on-every-path", lesson: "continuations", title: "Resume exactly once, on every path",
            summary:
                "A wrapper around authorization works when HealthKit says yes, but hangs forever when it fails. Resume on every path, once.",
            minutes: 10,
            hints: [
                "A continuation that is never resumed leaves its task waiting forever.",
                "Look at every way the completion handler can be called, including with an error.",
                "When `error` is not nil, `continuation.resume(throwing: error)`; otherwise resume with the Bool.",
            ],
            timeLimitSeconds: 10),
        Exercise(
            "19-inventory-store", lesson: "inventory", title: "The inventory store actor, on SQLite",
            summary:
                "Finish the inventory's store actor, which owns an SQLite connection: add (to an existing name's quantity, in any case, losing nothing when other connections add too), and search by name ignoring case, like CONTAINS[c].",
            minutes: 15,
            hints: [
                "The actor runs one call at a time on its own connection, but another store (another connection, another program) on the same file can add in between your read and your write.",
                "Read and write inside `connection.transaction { ... }`: it begins with BEGIN IMMEDIATE, so no other connection can write until you commit. Key the product by `name.lowercased()`.",
                "search: `WHERE instr(name_key, ?) > 0 ORDER BY name`, bound to `text.lowercased()` (contains, not a prefix: not `LIKE 'text%'`).",
            ]),
        Exercise(
            "20-concurrent-thumbnails", lesson: "isolation-modes", title: "Off the main actor with @concurrent",
            summary:
                "Compiled with approachable concurrency: a `nonisolated` thumbnail maker now runs on the main actor that calls it, and the UI freezes. Move the work off the main actor without Task.detached.",
            minutes: 8,
            hints: [
                "In this mode a nonisolated async function is nonisolated(nonsending): it runs on its caller's actor.",
                "One attribute says \"run elsewhere\" in every mode, and it is not Task.detached.",
                "Write `@concurrent nonisolated func makeThumbnails(of:)`.",
            ],
            forbidden: blockingAndSilencers + [
                ForbiddenPattern.detached(
                    "Task.detached leaves the structure (no cancellation, priority or task-locals from the caller); say where the function runs with @concurrent"
                )
            ],
            mode: .approachable),
        Exercise(
            "21-isolated-conformance", lesson: "isolation-modes",
            title: "Make it compile: a conformance the main actor owns", kind: .makeItCompile,
            summary:
                "Compiled as Xcode 26's app template: Photo is @MainActor by default, so is its Hashable conformance, and a @concurrent function cannot use it. Make it compile, keeping the work off the main actor.",
            minutes: 10,
            hints: [
                "Read the error: the conformance is main-actor isolated because Photo is.",
                "A plain value type that no actor owns can say so; or only its conformance can.",
                "Write `nonisolated struct Photo: Hashable`, or `extension Photo: nonisolated Hashable {}`.",
            ],
            mode: .xcodeAppTemplate),
        Exercise(
            "22-request-id", lesson: "task-apis", title: "A request id in every log line",
            summary:
                "Many requests are handled at once and nobody can tell whose log line is whose. Bind the request id as a task-local so every line — the handler's, each child task's, the cache write's — carries it.",
            minutes: 10,
            hints: [
                "The logger stamps each line with Request.id, a @TaskLocal: bind it with `Request.$id.withValue(requestID) { … }`.",
                "Child tasks copy the task-locals of the task that creates them; Task.detached starts with none.",
                "Wrap the whole body in `await Request.$id.withValue(requestID) { … }` and start the cache write with Task(priority: .background) instead of Task.detached.",
            ]),
        Exercise(
            "23-shared-setting", lesson: "isolation-modes", title: "Make it compile: a setting the whole app reads",
            kind: .makeItCompile,
            summary:
                "Compiled with approachable concurrency: a mutable static holds the thumbnail width the user picked, and the compiler refuses it. Make it compile; the pick must reach every later thumbnail, rendered off the main actor.",
            minutes: 10,
            hints: [
                "Read the error: a mutable static is shared by every thread, and nothing protects it.",
                "Give it an owner: the main actor (the settings screen's), or a lock. The renderer must stay @concurrent.",
                "Write `@MainActor static var thumbnailWidth = 120` and read it in the renderer with `let width = await GallerySettings.thumbnailWidth`.",
            ],
            // A pick stored by a task or queue of its own lands later; the check proves it for
            // a task on the main actor, but one on another thread usually wins the race, so it is refused here.
            forbidden: [
                ForbiddenPattern.detached(
                    "Task.detached stores the pick later, on another thread: a render that starts right after the pick races it; store it before userPicked(width:) returns"
                ),
                ForbiddenPattern(
                    "DispatchQueue",
                    "a queue stores the pick later, on another thread: a render that starts right after the pick races it; store it before userPicked(width:) returns"
                ),
            ],
            mode: .approachable),
        Exercise(
            "24-await-the-rendering", lesson: "testing-async", title: "Wait for the rendering, not for a while",
            summary:
                "thumbnail(name) sleeps 20 ms and hopes the rendering prefetch started is done; on a busy machine it returns nil. Make it return the size as soon as that rendering ends, however long it takes.",
            minutes: 10,
            hints: [
                "A sleep is a guess about how long the work takes; the event to wait for is the rendering itself.",
                "prefetch throws away the Task it starts. Keep it (a dictionary of tasks by name) and await its value.",
                "`rendering[name] = Task { … return size }` in prefetch; in thumbnail, `return await rendering[name]?.value` (nil when there is none).",
            ]),
        Exercise(
            "25-timeout-on-a-clock", lesson: "testing-async", title: "A timeout a test can drive",
            summary:
                "jokeOrOffline takes a clock so tests can advance time by hand, but it sleeps two real seconds. Wait for the timeout on the clock it is given, and stop whichever side loses.",
            minutes: 10,
            hints: [
                "Task.sleep always uses the real clock; a Clock has its own sleep.",
                "Sleep for `timeout`, not a fixed time, and cancel the other child once one answers.",
                "`try? await clock.sleep(for: timeout)` in the timeout's child; after `group.next()`, `group.cancelAll()`.",
            ]),
        Exercise(
            "26-queue-to-actor", lesson: "from-gcd", title: "Make it compile: a serial queue becomes an actor",
            kind: .makeItCompile,
            summary:
                "Favourites guarded by a serial DispatchQueue: correct by discipline, refused by Swift 6 because the queue's closures capture a class it cannot prove safe. Turn it into an actor.",
            minutes: 8,
            hints: [
                "Read the error: the closures given to queue.async may run on another thread, and they capture self.",
                "An actor does what the serial queue did: one caller at a time, and the compiler checks every access.",
                "`actor FavoritesStore` with `func add(_ photo: String) -> Int`, `func contains(_:) -> Bool` and `var count: Int`, using the array directly.",
            ],
            // Not DispatchQueue: the starting file uses one, and its student must see the compiler's
            // error first; the check compiles only for an actor, which cannot hand its state to a queue.
            forbidden: [
                ForbiddenPattern("Mutex", "a lock is not what this exercise asks for: make FavoritesStore an actor")
            ]),
        Exercise(
            "27-no-semaphore-bridge", lesson: "from-gcd", title: "Don't wait on a semaphore for async work",
            summary:
                "thumbnailSize, called from many tasks at once, blocks each on a semaphore until the async renderer signals, and the pool runs out of threads. Make async callers await; keep the blocking API for synchronous callers.",
            minutes: 8,
            hints: [
                "A semaphore.wait() on a pool thread holds that thread; the renderer's task needs a pool thread to signal.",
                "Async callers have no reason to go through the blocking API: they can await the renderer themselves.",
                "`func thumbnailSize(for name: String, render: …) async -> Int { await render(name) }`; leave thumbnailSizeBlocking as it is.",
            ],
            // A hang is the mistake this exercise is about: stopped sooner than the default 15 s.
            timeLimitSeconds: 10),
        Exercise(
            "28-photo-wall-deadlock", lesson: "when-it-stops", title: "Don't wait synchronously for async work",
            summary:
                "The photo wall loads one title per day through an old helper that waits on a semaphore for a Task. With more days than the pool has threads, the wall never loads. Make it finish for any number of days, fetching them all at once.",
            minutes: 10,
            hints: [
                "Count the threads: each child holds one while it waits, and the Task that would signal needs one too. When every thread waits, nobody signals.",
                "A synchronous wait (a semaphore, DispatchGroup.wait()) holds its thread; `await` gives it back while it waits.",
                "Drop the bridge: in each child, `(index, (try? await service.photo(for: day).title) ?? \"?\")`.",
            ],
            // A deadlocked pool never returns: the grader stops it after this long and says what it awaited.
            timeLimitSeconds: 12),
        Exercise(
            "29-reserve-before-await", lesson: "when-it-stops", title: "Never sell what you do not have",
            summary:
                "The stock actor checks that a unit is left, awaits the payment, then takes the unit: buyers who arrive together are sold more than there is. Keep the payments concurrent and never oversell; a declined payment gives its unit back.",
            minutes: 10,
            hints: [
                "The actor runs one call at a time, but only between awaits: at `await charge()` the next sell() runs, and its check sees the same unit.",
                "Change the state before you await: take the unit first, so the next call's check sees it gone.",
                "`quantity -= 1`, then `do { try await charge() } catch { quantity += 1; throw error }`.",
            ]),
        Exercise(
            "30-show-new-values", lesson: "observing-state", title: "Show the new value, every time",
            summary:
                "A display follows an @Observable thermostat with withObservationTracking: it shows the old target at the first change and nothing after. Show the new target once per change, the last of several assignments made in one step.",
            minutes: 10,
            hints: [
                "onChange runs inside the change, before the new value is stored (willSet), and only once per registration.",
                "Read the value later, on the main actor, and register again there for the next change.",
                "In onChange: `Task { @MainActor in watchTarget(of: thermostat, show: show) }`; the new call shows the current target and registers again.",
            ]),
        Exercise(
            "31-whole-drinks", lesson: "observing-state", title: "Never show half a drink",
            summary:
                "A watch face shows Coffee Tracker's cups and caffeine from each property's didSet, so every drink first appears as new cups with the old caffeine. Show both together, once per change, including a correction of the caffeine alone.",
            minutes: 10,
            hints: [
                "didSet runs after each property: between the two assignments of one drink, the tally is half updated.",
                "Observation tracks every property the tracking closure reads, and a change made in one synchronous step can be read whole once the step ends.",
                "Read `(tally.cups, tally.caffeine)` in withObservationTracking; in onChange, `Task { @MainActor in watchTally(tally, show: show) }`.",
            ]),
    ]

    public static func exercise(named name: String) -> Exercise? {
        all.first { $0.id == name } ?? all.first { $0.id.hasPrefix(name + "-") || $0.id.dropFirst(3).hasPrefix(name) }
    }
}
