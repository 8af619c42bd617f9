import Foundation
import LabCore
import LabScenarios
@testable import StudentCode

let plannedExpectations = 3

/// The photo service with every call logged, so the check sees which fetches overlapped.
struct LoggedPhotos: SpacePhotosService {
    let base: any SpacePhotosService
    let log: CallLog
    /// The last day's photo arrives first, the first day's last (see ArrivalGate).
    let arrivals: ArrivalGate

    func photo(for date: Date) async throws -> SpacePhoto {
        try await log.record("photo \(date.timeIntervalSince1970)") {
            let photo = try await base.photo(for: date)
            await arrivals.turn("\(date.timeIntervalSince1970)")
            return photo
        }
    }

    func randomPhotos(count: Int) async throws -> [SpacePhoto] { try await base.randomPhotos(count: count) }
}

func runCheck(_ report: CheckReport) async {
    // More days than the pool has threads (its width is the CPU count), a different number each run.
    let count = ProcessInfo.processInfo.activeProcessorCount * 2 + CheckServices.random(in: 2...6)
    let first = CheckServices.random(in: 0...1_800)
    let days = (0..<count).map { Date(timeIntervalSince1970: 1_577_836_800 + 86_400 * Double(first + $0)) }
    let log = CallLog()
    // 20–60 ms each, varying by day; the arrivals gate then hands the answers back last day first.
    let service = LoggedPhotos(
        base: SpacePhotosClient.simulated(CheckServices.behavior(latency: .jitter(base: 4, spread: 2))), log: log,
        arrivals: ArrivalGate(order: days.reversed().map { "\($0.timeIntervalSince1970)" }))
    let reference = SpacePhotosClient.simulated(CheckServices.behavior(latency: .fixed(0)))
    var expected: [String] = []
    for day in days { expected.append((try? await reference.photo(for: day).title) ?? "?") }
    report.waiting("loadWall(days:from:) for \(count) days (if it never returns: is every pool thread waiting synchronously?)")
    let titles = await loadWall(days: days, from: service)
    report.expect(titles == expected, "the wall shows the \(count) days' titles, in the order of the days",
                  otherwise: titles.count != count ? "loadWall returned \(titles.count) titles for \(count) days"
                      : Set(titles) == Set(expected) ? "the titles are not in the order of the days: keep each day's index"
                      : "the titles are not those the service returns for the days")
    let fetches = log.keys(startingWith: "photo ").count
    report.expect(fetches == count, "each day was fetched once", otherwise: "\(fetches) fetches for \(count) days: fetch each day once")
    let together = log.maxInFlight(startingWith: "photo ")
    report.expect(together >= max(2, count / 2), "the days were fetched at the same time (\(together) at once)",
                  otherwise: "the days were fetched one at a time (at most \(together) at once): start every fetch before awaiting any")
}
