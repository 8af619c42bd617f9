import Foundation
import LabKit

func runCheck(_ report: CheckReport) async {
    let meter = CallMeter()
    let cache = PhotoCache(service: SpacePhotosClient.simulated(CheckServices.behavior(latency: .fixed(5)), meter: meter))
    let today = Date(timeIntervalSince1970: 1_731_974_400)
    report.waiting("10 views asking for today's photo at once")
    let titles = await withTaskGroup(of: String?.self) { group in
        for _ in 0..<10 { group.addTask { try? await cache.photo(for: today).title } }
        var titles: [String?] = []
        for await title in group { titles.append(title) }
        return titles
    }
    report.expect(titles.allSatisfy { $0 != nil } && Set(titles).count == 1, "all 10 views got the same photo",
                  otherwise: "the views got \(Set(titles.map { $0 ?? "an error" }))")
    report.expect(meter.stats.calls == 1, "one download for 10 requests", otherwise: "\(meter.stats.calls) downloads for 10 requests of one photo")
    _ = try? await cache.photo(for: today.addingTimeInterval(86_400))
    report.expect(meter.stats.calls == 2, "another day is downloaded on its own", otherwise: "expected 2 downloads after asking for a second day, saw \(meter.stats.calls)")
}
