import Foundation
import Testing

@testable import LabExercises
@testable import LabSourceScan

/// The compiled module is the backstop of the scan (finding 1 of the audit): whatever the source
/// spelled, an answer's object may use only the C names the compiler itself uses, and define
/// only the helpers it emits (finding 4: `@c(_swift_runtime_on_report)` was accepted by prefix).
@Suite("The compiled module uses only the compiler's C names")
struct ModuleReferencesTests {
    func findings(undefined: Set<String> = [], defined: Set<String> = [], weakAndHidden: Set<String> = [])
        -> [String]
    {
        var facts = ObjectFacts()
        facts.undefined = undefined
        facts.defined = defined
        facts.weakAndHidden = weakAndHidden
        return ModuleInspection.findings(in: facts, object: "StudentCode.o").map(\.what)
    }

    /// What the audit's secret thief linked against, each refused by name.
    @Test(arguments: ["fopen", "fread", "write", "_exit", "fork", "strdup", "getenv", "kill", "memchr", "sysconf"])
    func aCFunctionOutsideTheCompilersIsRefused(name: String) {
        let found = findings(undefined: [name, "swift_retain", "$sSS5countSivg"])
        // On a Mac the allow-list does not apply (`CompilerReferences.applies`): the named ones still do.
        let refused = CompilerReferences.applies || ModuleInspection.isRefusedByName(name)
        expect(found.count == (refused ? 1 : 0) && found.allSatisfy { $0.contains(name) }, "\(name): \(found)")
    }

    /// Every function of the check's private channel, and the runtime hook its pool watch sits in,
    /// is refused by name on every platform (a Mac too, where the allow-list does not apply): an
    /// answer that called `lab_check_pool_mark` could clear the count a check reads.
    /// So is every name the channel's C files share with each other (the watch's state among them).
    @Test func theChannelsFunctionsAndTheRuntimesHooksAreRefusedByName() throws {
        let channel = ExerciseFolder.channel(root: TestLab.root)
        let header = try String(contentsOf: channel.appendingPathComponent("include/CheckChannel.h"), encoding: .utf8)
        let declared = Set(header.matches(of: /\b(lab_check_[a-z_]+)\(/).map { String($0.output.1) })
        expectAtLeast(declared.count, 5, "the header's functions: \(declared.sorted())")
        for name in declared.sorted() + ["swift_task_enqueueGlobal_hook"] {
            expect(ModuleInspection.refusedReferences.contains(name), "\(name) is not refused by name")
        }
        let shared = try ExerciseFolder.files(under: channel).flatMap { path in
            try String(contentsOf: channel.appendingPathComponent(path), encoding: .utf8)
                .matches(of: /\b(lab_check_[a-z_]+)\b/).map { String($0.output.1) }
        }
        let betweenFiles = Set(shared).subtracting(declared)
        expect(betweenFiles.contains("lab_check_creating_task"), "the C files' shared names: \(betweenFiles.sorted())")
        // By name, wherever the allow-list of C names does not apply (a Mac), not only by that list.
        for name in betweenFiles.sorted() {
            expect(ModuleInspection.isRefusedByName(name), "\(name) is not refused by name")
            expectEqual(findings(undefined: [name]), ["a use of the check's channel (\(name))"])
        }
    }

    /// The C library reached through its Swift overlay (`errno`, the `open` wrapper).
    @Test(.enabled(if: CompilerReferences.applies, "measured on Linux"))
    func theCLibrarysSwiftOverlayIsRefused() {
        let found = findings(undefined: ["$s5Glibc5errnos5Int32Vvg"])
        expect(found.count == 1 && found[0].contains("through Swift"), "\(found)")
    }

    /// Every C name the known answers' modules use (measured), and Swift's mangled names.
    @Test func whatTheCompilerUsesIsAccepted() {
        let used: Set<String> = [
            "swift_retain", "swift_task_switch", "swift_once", "memcpy", "memset", "malloc", "free", "syscall",
            "__tls_get_addr", "_swiftEmptyArrayStorage", "_NSConcreteStackBlock", "_Block_copy", "_Block_release",
            "exit", "$s11Observation0A9RegistrarVACycfC", "$s12LabScenarios9CallMeterCACycfC",
        ]
        expect(findings(undefined: used).isEmpty)
    }

    /// Foundation's `pow`, `sqrt`, `log`, `floor`… compile to the C library's functions of those
    /// names (measured: a module calling them lists `pow`, `sqrt`, `exp`, `floor`, `round`…): an
    /// answer that computes a backoff is not refused for it.
    @Test func theCLibrarysMathematicsIsAccepted() {
        let mathematics: Set = ["pow", "sqrt", "log", "exp", "floor", "round", "atan2", "lround", "sinf"]
        expect(findings(undefined: mathematics).isEmpty)
        let pointerWriting = findings(undefined: ["frexp"])
        expectEqual(pointerWriting.count, (CompilerReferences.applies ? 1 : 0), "frexp writes through a pointer")
    }

    /// The compiler's own helpers are weak and hidden; an `@c(_swift_…)` definition is not, and
    /// would replace the runtime's hook of that name.
    @Test func aRuntimeNamedDefinitionIsRefusedUnlessItIsTheCompilersHelper() {
        let helpers: Set<String> = [
            "_swift_implicitisolationactor_to_executor_cast", "__swift_project_boxed_opaque_existential_1",
        ]
        expect(findings(defined: helpers, weakAndHidden: helpers).isEmpty)
        for name in ["_swift_runtime_on_report", "_swift_retain", "__swift_reflection_version_forged"] {
            let found = findings(defined: [name])
            expect(found.count == 1 && found[0].contains("C-named function or variable '\(name)'"), "\(found)")
        }
        // Weak and hidden, but not a helper's prefix: still a C name that could replace the check's.
        expectEqual(findings(defined: ["read"], weakAndHidden: ["read"]).count, 1)
    }

    /// An audit's answer to 01 remembered that it had been called in `NSTimeZone.default`, a
    /// static property of Foundation's: the whole process's, where the scan's kept-state rule
    /// does not look. Setting another module's static property is refused; reading one, or
    /// setting one the module defines itself (the given code's, in another of its objects), is not.
    @Test func settingAnotherModulesStaticPropertyIsRefused() {
        let setter = "$s10Foundation10NSTimeZoneC7default0A10Essentials04TimeC0VvsZ"
        let getter = "$s10Foundation10NSTimeZoneC7default0A10Essentials04TimeC0VvgZ"
        for name in [setter, "$s9LabCore8SettingsV5widthSivMZ", setter + "Tj"] {
            let found = findings(undefined: [name, getter])
            expect(found.count == 1 && found[0].contains("static property of another module's type"), "\(found)")
        }
        expectEqual(findings(undefined: [getter, "$s11StudentCode8SettingsV5widthSivgZ"]), [])
        var facts = ObjectFacts()
        facts.undefined = ["$s11StudentCode8SettingsV5widthSivsZ"]
        let own = ModuleInspection.findings(
            in: facts, object: "Exercise.swift.o", moduleDefines: ["$s11StudentCode8SettingsV5widthSivsZ"])
        expectEqual(own.map(\.what), [])
    }

    /// Helper 124's audit: the same answer to 01 remembered its first call in Foundation's table of
    /// archived class names (`NSKeyedArchiver.setClassName`, read back with `classNameForClass`), a
    /// static function, not a setter. A static function of Foundation's or Dispatch's that returns
    /// nothing is refused; one that returns something, and the standard library's, are not.
    @Test func aStaticFunctionOfFoundationsThatReturnsNothingIsRefused() {
        let refused = [
            "$s10Foundation15NSKeyedArchiverC12setClassName_3forySSSg_yXlXptFZ",
            "$s10Foundation17NSKeyedUnarchiverC8setClass_03forE4NameyyXlXpSg_SStFZ",
            "$s10Foundation7NSErrorC24setUserInfoValueProvider9forDomain8providerySS_ypSgs5Error_p_SStYbcSgtFZ",
        ]
        for name in refused {
            let found = findings(undefined: [name])
            expect(
                found.count == 1 && found[0].contains("a static function of Foundation's that returns nothing"),
                "\(found)")
        }
        let allowed = [
            "$s10Foundation15NSKeyedArchiverC17classNameForClassySSSgyXlXpFZ",  // returns a String?
            "$s20FoundationEssentials4DateV3nowACvgZ",  // a getter
            "$s8Dispatch0A5QueueC6global3qosAcA0A3QoSV0E6SClassO_tFZ",  // returns a queue
            "$s8Dispatch0A4TimeV3nowACyFZ",
            "$sScTss5NeverORszABRs_rlE17checkCancellationyyKFZ",  // the standard library's
            "$s11StudentCode5StoreC5resetyyFZ",  // the answer's own
            // Compound assignments change their inout operand, not the process (`deadline += 5`).
            "$s20FoundationEssentials4DateV2peoiyyACz_SdtFZ",
            "$s20FoundationEssentials7DecimalV2peoiyyACz_ACtFZ",
        ]
        expectEqual(findings(undefined: Set(allowed)), [])
    }

    /// Of the same shape, but not a change of the process: each is refused with what it does.
    @Test(arguments: [
        ("$s8Dispatch0A5QueueC17concurrentPerform10iterations7executeySi_ySiXEtFZ", "until every iteration has run"),
        ("$s10Foundation6ThreadC5sleep15forTimeIntervalySd_tFZ", "for the whole wait"),
        ("$s10Foundation6ThreadC5sleep5untily0A10Essentials4DateV_tFZ", "for the whole wait"),
        ("$s10Foundation6ThreadC09detachNewB0yyyyYbcFZ", "starts a thread of its own"),
        ("$s10Foundation6ThreadC4exityyFZ", "ends the thread that calls it"),
    ])
    func aStaticFunctionThatDoesSomethingElseIsRefusedForWhatItDoes(name: String, what: String) {
        let found = findings(undefined: [name])
        expect(found.count == 1 && found[0].contains(what) && !found[0].contains("whole process"), "\(found)")
    }
}

/// Swift 6.3's `@c` defines a C-named function as `@_cdecl` did: refused by the scan too.
@Suite("The scan refuses C names")
struct CAttributeScanTests {
    @Test(arguments: [
        "@c(_swift_runtime_on_report) func onReport(_ a: Int) {}",
        "@c func exported() {}",
        "@c\nfunc exported() {}",
        "@implementation @c func exported() {}",
    ])
    func theCAttributeIsRefused(source: String) {
        let exercise = TestLab.catalog.exercise(named: "02")!
        let found = SourceScanner.findings(in: source, forbidden: exercise.forbidden).map(\.code)
        expect(found.contains("`@c`"), "\(source): \(found)")
    }
}
