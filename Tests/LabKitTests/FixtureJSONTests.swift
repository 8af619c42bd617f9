import Foundation
import Testing

@testable import LabCore
@testable import LabScenarios

/// The simulated services write their JSON by hand (`FixtureJSON`); these tests hold it to what
/// `JSONSerialization` with sorted keys writes for the same value, byte for byte, so that a
/// client decodes a response as it did.
@Suite("Services: the fixtures' JSON is Foundation's, byte for byte")
struct FixtureJSONTests {
    static func foundation(_ value: FixtureJSON) throws -> Data {
        try JSONSerialization.data(withJSONObject: value.foundationObject, options: [.sortedKeys])
    }

    @Test func everyKindOfResponseIsWhatFoundationWrites() throws {
        let rovers = try MarsRoverFixtures.rovers()
        var written: [FixtureJSON] = []
        for rover in rovers {
            written.append(MarsRoverFixtures.manifest(rover, seed: 7))
            for index in 0..<3 {
                written.append(
                    MarsRoverFixtures.photo(rover, sol: 100, earthDate: rover.maxDate, index: index, seed: 7))
            }
        }
        written += SpacePhotoFixtures.entries.map(SpacePhotoFixtures.photo)
        written.append(.array(SpacePhotoFixtures.entries.map(SpacePhotoFixtures.photo)))
        for value in written {
            let ours = value.data
            expectEqual(ours, try Self.foundation(value), String(decoding: ours, as: UTF8.self))
        }
    }

    @Test func stringsAreEscapedAsFoundationEscapesThem() throws {
        let awkward = [
            "", "plain", "a \"quote\"", #"back\slash"#, "https://a.example/b/c.jpg", "tab\there", "new\nline",
            "return\r", "bell\u{07}", "unit\u{1F}sep", "backspace\u{08}", "feed\u{0C}", "nul\u{00}", "delete\u{7F}",
            "é à ü", "Swift–Tuttle", "line\u{2028}separator", "🪐 emoji", "\u{FEFF}bom",
        ]
        for text in awkward {
            let value = FixtureJSON.object([text: .array([.string(text), .int(-12), .int(0), .int(Int.max)])])
            expectEqual(value.data, try Self.foundation(value), text.debugDescription)
        }
    }

    /// Foundation sorts keys as words (numbers by value, case ignored); `FixtureJSON` by their
    /// bytes, which agree for the snake_case keys of the APIs it stands in for: an underscore
    /// before any letter, a key before the longer ones it begins.
    @Test func snakeCaseKeysAreSortedAsFoundationSortsThem() throws {
        let keys = [
            "b", "a", "a_b", "ab", "abc", "ab_c", "a_bc", "photo_manifest", "photos", "photo", "max_sol", "max_date",
            "landing_date", "launch_date", "img_src", "id", "total_photos", "cameras", "camera", "earth_date", "_x",
        ]
        let value = FixtureJSON.object(
            Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, FixtureJSON.int($0)) })
                .merging(["nested": .object(["z": .array([]), "y": .object([:])])]) { first, _ in first })
        let foundation = try Self.foundation(value)
        expectEqual(value.data, foundation, String(decoding: foundation, as: UTF8.self))
    }

    /// A page of photos decodes into the photos the client shows, as it did through Foundation.
    @Test func aPageOfPhotosDecodes() async throws {
        let client = MarsRoverClient.simulated(
            ServiceBehavior(latency: .fixed(0), seed: 3, scale: TimeScale(factor: 0.001)))
        let rover = try #require(try await client.allRovers().first)
        let page = try await client.photos(rover: rover, earthDate: rover.maxDate, page: 1)
        expectEqual(page.count, MarsRoverFixtures.pageSize)
        expect(page.allSatisfy { $0.imgSrc.hasPrefix("https://mars.example/") })
    }
}

extension FixtureJSON {
    /// The same value as Foundation's objects, for `JSONSerialization` to write.
    fileprivate var foundationObject: Any {
        switch self {
        case .string(let text): text
        case .int(let number): number
        case .array(let items): items.map(\.foundationObject)
        case .object(let members): members.mapValues(\.foundationObject)
        }
    }
}
