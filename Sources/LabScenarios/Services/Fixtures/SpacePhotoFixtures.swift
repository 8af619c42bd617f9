import Foundation
import LabCore

/// APOD-like entries shipped with the lab. Titles name real objects; the
/// explanations are the lab's own short texts. URLs point at an example host.
enum SpacePhotoFixtures {
    struct Entry {
        let day: String
        let title: String
        let explanation: String
    }

    static let entries: [Entry] = [
        Entry(
            day: "2024-01-03", title: "The Pillars of Creation",
            explanation:
                "Columns of cold gas and dust in the Eagle Nebula, sculpted by the light of young stars nearby."),
        Entry(
            day: "2024-01-17", title: "Orion Nebula in Infrared",
            explanation:
                "The closest large star-forming region to Earth, seen through the dust that hides it in visible light."),
        Entry(
            day: "2024-02-02", title: "Saturn's Rings Edge On",
            explanation: "Every fifteen years the rings tilt toward us and almost vanish into a thin bright line."),
        Entry(
            day: "2024-02-21", title: "The Andromeda Galaxy",
            explanation:
                "A spiral of a trillion stars, 2.5 million light-years away and slowly approaching the Milky Way."),
        Entry(
            day: "2024-03-08", title: "Aurora over Iceland",
            explanation: "Charged particles from the Sun light up oxygen high in the atmosphere in curtains of green."),
        Entry(
            day: "2024-03-25", title: "Jezero Crater from Orbit",
            explanation: "An ancient river delta on Mars, where the Perseverance rover collects samples of the past."),
        Entry(
            day: "2024-04-08", title: "Totality over Texas",
            explanation: "The Moon covers the Sun completely and the faint corona appears for a few minutes."),
        Entry(
            day: "2024-05-11", title: "A Great Aurora Night",
            explanation: "A strong geomagnetic storm brought northern lights far south of where they are usually seen."),
        Entry(
            day: "2024-06-19", title: "The Whirlpool Galaxy",
            explanation: "Two galaxies in a slow collision: the smaller one pulls at the spiral arms of the larger."),
        Entry(
            day: "2024-07-30", title: "Comet over the Desert",
            explanation: "A comet's dust tail curves away from the Sun while its ion tail points straight back."),
        Entry(
            day: "2024-08-12", title: "Perseids and the Milky Way",
            explanation: "Meteors from the debris of comet Swift–Tuttle streak across the summer sky."),
        Entry(
            day: "2024-09-18", title: "Supermoon Eclipse",
            explanation: "A partial lunar eclipse of a full Moon near its closest point to Earth."),
        Entry(
            day: "2024-10-14", title: "The Crab Nebula",
            explanation: "The expanding remains of a star whose explosion was recorded by astronomers in the year 1054."
        ),
        Entry(
            day: "2024-11-05", title: "Europa's Cracked Ice",
            explanation: "Ridges and bands on Jupiter's moon hint at an ocean of liquid water beneath the shell."),
    ]

    static func photo(_ entry: Entry) -> FixtureJSON {
        .object([
            "date": .string(entry.day), "title": .string(entry.title), "explanation": .string(entry.explanation),
            "url": .string("https://apod.example/image/\(entry.day).jpg"),
        ])
    }

    /// A response for "apod date=…" (the entry for that day, or one re-dated to it)
    /// or "apod count=N" (N distinct entries, chosen by seed and call).
    static func respond(to request: ServiceRequest, seed: UInt64, callIndex: Int) throws -> Data {
        if let day = request.parameters["date"] {
            guard WireFormat.dayFormatter().date(from: day) != nil else {
                throw ServiceError.badResponse("bad date \(day)")
            }
            var random = SeededRandom(seed: seed, event: "apod \(day)")
            var entry = entries.first { $0.day == day } ?? entries[Int(random.next() % UInt64(entries.count))]
            entry = Entry(day: day, title: entry.title, explanation: entry.explanation)
            return photo(entry).data
        }
        let count = min(Int(try request.parameter("count")) ?? 0, entries.count)
        var random = SeededRandom(seed: seed, event: "apod count #\(callIndex)")
        let chosen = entries.shuffled(using: &random).prefix(count).map(photo)
        return FixtureJSON.array(Array(chosen)).data
    }
}
