import Foundation
import LabCore
import LabProcesses
import Testing

@testable import LabExercises
@testable import LabSourceScan

/// The lab's own libraries, as an answer may use them (`LabLibraryAccess`): an audit (session
/// 41) reached files and processes through LabCore and LabStorage past the scan, and a meter a
/// check reads could be reset by the answer it measures.
@Suite("The lab's libraries' files, processes and instruments are refused")
struct LabLibraryAccessTests {
    /// Each library's public top-level declarations, read from its sources.
    static func publicNames(of module: String) throws -> Set<String> {
        let folder = TestLab.root.appendingPathComponent("Sources/\(module)")
        let declaration =
            /^(?:public|open) (?:final )?(?:struct|enum|class|actor|protocol|typealias|func) ([A-Za-z_]\w*)/
        return try Set(
            ExerciseFolder.files(under: folder, endingWith: [".swift"]).flatMap { path in
                try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
                    .split(separator: "\n").compactMap { $0.firstMatch(of: declaration).map { String($0.output.1) } }
            })
    }

    /// Every public type of the four libraries is a decision: refused or allowed, and each name
    /// listed is one of them (a rename leaves no stale entry behind).
    @Test(arguments: LabLibraries.names)
    func everyPublicTypeIsRefusedOrAllowed(module: String) throws {
        let declared = try Self.publicNames(of: module)
        expectAtLeast(declared.count, 4, "\(module)'s public names: \(declared.sorted())")
        let refused = Set(LabLibraryAccess.refused.filter { $0.module == module && $0.member == nil }.map(\.type))
        let allowed = Set(LabLibraryAccess.allowed[module] ?? [])
        // Refused on its own by every exercise (`ForbiddenPattern.standard`).
        let elsewhere: Set<String> = module == "LabCore" ? ["Locked"] : []
        expect(refused.isDisjoint(with: allowed), "both refused and allowed: \(refused.intersection(allowed).sorted())")
        expectEqual(declared.subtracting(refused).subtracting(allowed).subtracting(elsewhere).sorted(), [])
        expectEqual(refused.union(allowed).subtracting(declared).sorted(), [], "listed but not in \(module)")
        // A refused member is one of its type's symbols: `everyEntryMatchesASymbolItsLibraryDefines`.
    }

    /// The scan names what the audit used, with the reason; what an answer needs stays allowed.
    @Test func theScanRefusesThemByName() {
        let exercise = TestLab.catalog.exercise(named: "19")!
        let refusedSource = """
            import Foundation
            import LabCore
            import LabScenarios
            import LabStorage
            func attack(_ store: CaffeineHealthStore) throws {
                _ = AllocationCounter.read()
                _ = ProcessUsage.now()
                SQLiteConnection.removeFiles(at: "x")
                SQLiteConnection.cancelBetweenTransactions()
                store.meter.reset()
                (ContinuousClock() as Any as? ManualClock)?.advance(by: .seconds(3))
                _ = SharedObjects.held(byBoth: 1, and: 2)
            }
            """
        let found = SourceScanner.findings(in: refusedSource, forbidden: exercise.forbidden)
        let codes = found.map(\.code)
        for code in ["`AllocationCounter`", "`ProcessUsage`", "`.meter`", "`SharedObjects`"] {
            expect(codes.contains(code), "\(code) not among \(codes)")
        }
        // Methods an answer's own types may have too are the compiled module's to refuse.
        for code in ["`.removeFiles`", "`.advance`", "`.reset`"] {
            expect(!codes.contains(code), "\(code) among \(codes)")
        }
        // 19 refuses it on its own too, under its own spelling: one finding either way.
        expectEqual(codes.filter { $0.contains("cancelBetweenTransactions") }.count, 1, "\(codes)")
        let meter = found.first { $0.code == "`.meter`" }
        expectContains(meter?.reason ?? "", "CaffeineHealthStore.meter")
        expectContains(meter?.reason ?? "", "can reset them")
        let allowedSource = """
            import LabCore
            import LabStorage
            func store(at path: String) throws -> SQLiteConnection {
                let connection = try SQLiteConnection(path: path)
                try connection.execute("CREATE TABLE IF NOT EXISTS t (x)")
                _ = SimulatedWork.self
                return connection
            }
            """
        expectEqual(SourceScanner.findings(in: allowedSource, forbidden: exercise.forbidden).map(\.code), [])
        // A `reset` or an `advance` of the answer's own is not the lab's: refused in the module only.
        let ownAdvance = "struct Game { var advance = 0 }\nfunc f(_ g: inout Game) { g.advance += 1 }"
        expectEqual(SourceScanner.findings(in: ownAdvance, forbidden: exercise.forbidden).map(\.code), [])
        let ownReset =
            "final class Cache { var items: [Int] = []; func reset() { items = [] } }\nfunc f(_ c: Cache) { c.reset() }"
        expectEqual(SourceScanner.findings(in: ownReset, forbidden: exercise.forbidden).map(\.code), [])
    }

    /// The compiled module names a type however the source reached it: these are the symbols an
    /// answer's object referenced (Swift 6.3.1, `nm -u`), a member's after a substitution too.
    @Test(arguments: [
        ("$s7LabCore17AllocationCounterO4readAA0C6CountsVSgyFZ", "LabCore's AllocationCounter"),
        ("$s7LabCore12ProcessUsageV10cpuSecondsSdvg", "LabCore's ProcessUsage"),
        ("$s10LabStorage16SQLiteConnectionC11removeFiles2atySS_tFZ", "LabStorage's SQLiteConnection.removeFiles"),
        ("$s12LabScenarios19CaffeineHealthStoreC5meterAA9CallMeterCvg", "LabScenarios's CaffeineHealthStore.meter"),
        ("$s12LabScenarios8PeakHoldC5letGoyyF", "LabScenarios's PeakHold"),
        // A word already spelled is shortened: `cpuCount` after `cpuModel` is `0I5Count`.
        (
            "$s7LabCore15EnvironmentInfoV12swiftVersion15operatingSystem8cpuModel0I5Count18buildConfiguration11compileModeACSS_S2SSiS2SSgtcfC",
            "LabCore's EnvironmentInfo"
        ),
        ("$s7LabCore11ManualClockC7advance2byys8DurationV_tF", "LabCore's ManualClock.advance"),
        // `store[keyPath: \CaffeineHealthStore.meter].reset()` references only this.
        ("$s12LabScenarios9CallMeterC5resetyyF", "LabScenarios's CallMeter.reset"),
        ("$s7LabCore13SharedObjectsO4held6byBoth3and8ignoringSayAC4HeldVGyp_ypSayyXlGtFZ", "LabCore's SharedObjects"),
    ])
    func theCompiledModuleRefusesThemBySymbol(symbol: String, named: String) {
        var facts = ObjectFacts()
        facts.undefined = [symbol]
        let found = ModuleInspection.findings(in: facts, object: "StudentCode.o").map(\.what)
        expect(found.count == 1 && found[0].hasPrefix("a use of \(named):"), "\(symbol): \(found)")
    }

    /// What an answer to 19 links (its store, its values) and another type's member of a refused
    /// name pass.
    @Test func theSymbolsAnAnswerNeedsPass() {
        for symbol in [
            "$s10LabStorage16SQLiteConnectionC4path6create11busyTimeoutACSS_Sbs8DurationVtKcfC",
            "$s10LabStorage16SQLiteConnectionC7executeyySSKF", "$s10LabStorage16SQLiteConnectionCMa",
            "$s12LabScenarios19CaffeineHealthStoreC20requestAuthorizationyyySb_s5Error_pSgtcF",
            "$s11StudentCode5StoreC5meterSivg",
            // The types in a signature are not its path: a service made with a meter and a hold.
            "$s12LabScenarios15MarsRoverClientV9simulated_5meter4holdAcA15ServiceBehaviorV_AA9CallMeterCAA8PeakHoldCSgtFZ",
            "$s12LabScenarios18SimulatedTransportV8behavior5meter4hold7respondAcA15ServiceBehaviorV_AA9CallMeterCAA8PeakHoldCSg10Foundation4DataVAA0D7RequestV_SitKctcfC",
            // A meter of the answer's own (a service's `simulated(…)` makes one by default, in the caller).
            "$s12LabScenarios9CallMeterCACycfC",
        ] {
            expectEqual(LabLibraryAccess.refusal(ofReference: symbol), nil, symbol)
        }
    }

    /// The given code is compiled into the answer's module: what it uses itself (02's model holds
    /// a `PeakHold`, 21's reads `ProcessUsage`) does not refuse every answer; the scan still
    /// refuses the answer's own use of it by name.
    @Test func whatTheGivenCodeUsesIsNotRefusedInTheModule() throws {
        // What `judge` is given: the part of the check file compiled into the answer's module.
        let exercise = try unwrap(TestLab.catalog.exercise(named: "02"))
        let given = try Grader(root: TestLab.root, exercise: exercise).checkParts().given
        let named = LabLibraryAccess.named(inGiven: given)
        expect(named.contains("PeakHold"), "\(named.sorted())")
        let symbol = "$s12LabScenarios8PeakHoldC5letGoyyF"
        expectEqual(LabLibraryAccess.refusal(ofReference: symbol, given: named), nil)
        expectEqual(LabLibraryAccess.refusal(ofReference: symbol)?.type, "PeakHold")
        // A member counts only where the given code names its type and the member after a dot.
        expectEqual(LabLibraryAccess.named(inGiven: "let store = CaffeineHealthStore()"), [])
        expectEqual(LabLibraryAccess.named(inGiven: "let c: SQLiteConnection? = nil; let library = 1"), [])
        expectEqual(
            LabLibraryAccess.named(inGiven: "let store = CaffeineHealthStore(); _ = store.meter"),
            ["CaffeineHealthStore.meter"])
        let answer = "import LabScenarios\nlet hold = PeakHold(peak: 1)\n"
        expect(SourceScanner.findings(in: answer, forbidden: exercise.forbidden).contains { $0.code == "`PeakHold`" })
    }

    /// Every entry is found among the symbols its library defines (read from the objects this test
    /// target was built from), as a reference to it would name them: an entry the matching misses
    /// (the shortened `LabFolder` did, by mangled text) or a member that is not its type's fails.
    @Test(arguments: LabLibraries.names)
    func everyEntryMatchesASymbolItsLibraryDefines(module: String) throws {
        let products = try unwrap(ExecutableLocation.productsDirectory(holding: "lab"), "the build's products")
        let objects = products.appendingPathComponent("\(module).build")
        let defined = try ExerciseFolder.files(under: objects, endingWith: [".o"]).flatMap { path -> [String] in
            let bytes = [UInt8](try Data(contentsOf: objects.appendingPathComponent(path)))
            let facts = ELFObject.facts(bytes) ?? MachOObject.facts(bytes)
            return Array(facts?.defined ?? [])
        }
        expectAtLeast(defined.count, 20, "\(module)'s objects in \(objects.path)")
        let found = Set(defined.compactMap { LabLibraryAccess.refusal(ofReference: $0)?.spelled })
        for entry in LabLibraryAccess.refused where entry.module == module {
            expect(found.contains(entry.spelled), "no symbol of \(module) is \(entry.spelled)'s")
        }
    }
}
