import Foundation

/// One day's astronomy photo, decoded as the Space Photos sample does:
/// the wire's `explanation` becomes `description`, and dates are "yyyy-MM-dd".
public struct SpacePhoto: Sendable, Equatable, Identifiable {
    public var title: String
    public var description: String
    public var date: Date
    public var url: URL

    public var id: Date { date }

    public init(title: String, description: String, date: Date, url: URL) {
        self.title = title
        self.description = description
        self.date = date
        self.url = url
    }
}

extension SpacePhoto: Codable {
    enum CodingKeys: String, CodingKey {
        case title
        case description = "explanation"
        case date
        case url
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        description = try container.decode(String.self, forKey: .description)
        let day = try container.decode(String.self, forKey: .date)
        guard let parsed = WireFormat.dayFormatter().date(from: day) else {
            throw DecodingError.dataCorruptedError(
                forKey: .date, in: container,
                debugDescription: "expected yyyy-MM-dd, got \(day)")
        }
        date = parsed
        url = try container.decode(URL.self, forKey: .url)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encode(description, forKey: .description)
        try container.encode(WireFormat.dayFormatter().string(from: date), forKey: .date)
        try container.encode(url, forKey: .url)
    }
}

/// The APOD-style backend the Space Photos sample talks to.
public protocol SpacePhotosService: Sendable {
    func photo(for date: Date) async throws -> SpacePhoto
    func randomPhotos(count: Int) async throws -> [SpacePhoto]
}

public struct SpacePhotosClient: SpacePhotosService {
    public let transport: any Transport

    public init(transport: any Transport) { self.transport = transport }

    public static func simulated(_ behavior: ServiceBehavior = ServiceBehavior(), meter: CallMeter = CallMeter())
        -> SpacePhotosClient
    {
        SpacePhotosClient(
            transport: SimulatedTransport(behavior: behavior, meter: meter) { request, callIndex in
                try SpacePhotoFixtures.respond(to: request, seed: behavior.seed, callIndex: callIndex)
            })
    }

    public func photo(for date: Date) async throws -> SpacePhoto {
        let day = WireFormat.dayFormatter().string(from: date)
        let data = try await transport.data(for: ServiceRequest("apod", ["date": day]))
        return try WireFormat.decoder().decode(SpacePhoto.self, from: data)
    }

    public func randomPhotos(count: Int) async throws -> [SpacePhoto] {
        let data = try await transport.data(for: ServiceRequest("apod", ["count": "\(count)"]))
        return try WireFormat.decoder().decode([SpacePhoto].self, from: data)
    }
}
