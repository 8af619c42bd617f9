import Foundation
import LabCore

/// The four rovers of the Mars Rover Photos API with their real names, dates and
/// statuses. Photo ids, counts per day and image paths are generated from the seed.
enum MarsRoverFixtures {
    static let roversJSON = """
        {"rovers": [
          {"id": 5, "name": "Curiosity", "status": "active", "landing_date": "2012-08-06", "launch_date": "2011-11-26",
           "max_sol": 4102, "max_date": "2024-02-19", "total_photos": 695670},
          {"id": 8, "name": "Perseverance", "status": "active", "landing_date": "2021-02-18", "launch_date": "2020-07-30",
           "max_sol": 1094, "max_date": "2024-02-26", "total_photos": 218579},
          {"id": 6, "name": "Opportunity", "status": "complete", "landing_date": "2004-01-25", "launch_date": "2003-07-07",
           "max_sol": 5111, "max_date": "2018-06-11", "total_photos": 198439},
          {"id": 7, "name": "Spirit", "status": "complete", "landing_date": "2004-01-04", "launch_date": "2003-06-10",
           "max_sol": 2208, "max_date": "2010-03-21", "total_photos": 124550}
        ]}
        """

    static let cameras: [String: [(String, String)]] = [
        "Curiosity": [
            ("FHAZ", "Front Hazard Avoidance Camera"), ("RHAZ", "Rear Hazard Avoidance Camera"),
            ("MAST", "Mast Camera"), ("NAVCAM", "Navigation Camera"), ("CHEMCAM", "Chemistry and Camera Complex"),
        ],
        "Perseverance": [
            ("NAVCAM_LEFT", "Navigation Camera - Left"),
            ("FRONT_HAZCAM_LEFT_A", "Front Hazard Avoidance Camera - Left"),
            ("MCZ_RIGHT", "Mast Camera Zoom - Right"), ("SKYCAM", "MEDA Skycam"),
        ],
        "Opportunity": [
            ("FHAZ", "Front Hazard Avoidance Camera"), ("NAVCAM", "Navigation Camera"), ("PANCAM", "Panoramic Camera"),
        ],
        "Spirit": [
            ("FHAZ", "Front Hazard Avoidance Camera"), ("NAVCAM", "Navigation Camera"), ("PANCAM", "Panoramic Camera"),
        ],
    ]

    static let pageSize = MarsRoverClient.photosPerPage

    static func rovers() throws -> [Rover] {
        guard let rovers = decodedRovers else { throw ServiceError.badResponse("rover fixture does not decode") }
        return rovers
    }

    /// Decoded once: every request needs the list.
    private static let decodedRovers: [Rover]? = {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        struct Wrapper: Decodable { let rovers: [Rover] }
        return try? decoder.decode(Wrapper.self, from: Data(roversJSON.utf8)).rovers
    }()

    static func respond(to request: ServiceRequest, seed: UInt64) throws -> Data {
        if request.operation == "rovers" { return Data(roversJSON.utf8) }
        let name = try request.parameter("rover")
        guard let rover = try rovers().first(where: { $0.name == name }) else {
            throw ServiceError.notFound("rover \(name)")
        }
        switch request.operation {
        case "latest_photos":
            let photos = (0..<3).map {
                photo(rover, sol: rover.maxSol, earthDate: rover.maxDate, index: $0, seed: seed)
            }
            return FixtureJSON.object(["latest_photos": .array(photos)]).data
        case "manifests":
            return FixtureJSON.object(["photo_manifest": manifest(rover, seed: seed)]).data
        case "photos":
            let earthDate = try request.parameter("earth_date")
            let page = max(1, Int(try request.parameter("page")) ?? 1)
            let total = photosPerDay(rover, earthDate: earthDate, seed: seed)
            let sol = solFor(rover, earthDate: earthDate)
            // Past the last page the real API answers with an empty list.
            let range = min(total, (page - 1) * pageSize)..<min(total, page * pageSize)
            let photos =
                range.isEmpty ? [] : range.map { photo(rover, sol: sol, earthDate: earthDate, index: $0, seed: seed) }
            return FixtureJSON.object(["photos": .array(photos)]).data
        default:
            throw ServiceError.notFound(request.operation)
        }
    }

    static func photosPerDay(_ rover: Rover, earthDate: String, seed: UInt64) -> Int {
        var random = SeededRandom(seed: seed, event: "count \(rover.name) \(earthDate)")
        // Curiosity and Perseverance send 100–300 photos on a busy day.
        return 110 + Int(random.next() % 200)
    }

    static func solFor(_ rover: Rover, earthDate: String) -> Int {
        let formatter = WireFormat.dayFormatter()
        guard let day = formatter.date(from: earthDate), let landing = formatter.date(from: rover.landingDate) else {
            return 0
        }
        // A sol is 24 h 39 min 35 s.
        return max(0, Int(day.timeIntervalSince(landing) / 88_775.244))
    }

    static func photo(_ rover: Rover, sol: Int, earthDate: String, index: Int, seed: UInt64) -> FixtureJSON {
        var random = SeededRandom(seed: seed, event: "photo \(rover.name) \(earthDate) \(index)")
        let roverCameras = cameras[rover.name] ?? [("NAVCAM", "Navigation Camera")]
        let camera = roverCameras[Int(random.next() % UInt64(roverCameras.count))]
        let id = 100_000 + Int(random.next() % 1_200_000)
        return .object([
            "id": .int(id), "sol": .int(sol), "earth_date": .string(earthDate),
            "camera": .object(["name": .string(camera.0), "full_name": .string(camera.1)]),
            "img_src": .string("https://mars.example/\(rover.name.lowercased())/\(sol)/\(camera.0)_\(id).jpg"),
            "rover": .object(["id": .int(rover.id), "name": .string(rover.name), "status": .string(rover.status)]),
        ])
    }

    static func manifest(_ rover: Rover, seed: UInt64) -> FixtureJSON {
        let formatter = WireFormat.dayFormatter()
        let lastDay = formatter.date(from: rover.maxDate) ?? Date(timeIntervalSince1970: 0)
        let entries: [FixtureJSON] = (0..<30).reversed().map { back in
            let day = formatter.string(from: lastDay.addingTimeInterval(Double(-back) * 88_775.244))
            let names = (cameras[rover.name] ?? []).map(\.0)
            return .object([
                "sol": .int(rover.maxSol - back), "earth_date": .string(day),
                "total_photos": .int(photosPerDay(rover, earthDate: day, seed: seed)),
                "cameras": .array(names.map(FixtureJSON.string)),
            ])
        }
        return .object([
            "name": .string(rover.name), "status": .string(rover.status), "landing_date": .string(rover.landingDate),
            "launch_date": .string(rover.launchDate), "max_sol": .int(rover.maxSol), "max_date": .string(rover.maxDate),
            "total_photos": .int(rover.totalPhotos), "photos": .array(entries),
        ])
    }
}
