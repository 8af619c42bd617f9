import Foundation

/// What a worker process of `lab bench --processes N` sends its parent: the samples it took,
/// by suite and variant, and nothing computed from them. The parent pools every worker's
/// samples and analyses them once (a worker that analysed too would spend its time on
/// statistics and timelines the parent throws away).
struct WorkerSamples: Codable, Equatable {
    /// Says what the text is, so anything else a worker prints is refused rather than misread.
    static let schema = "concurrency-lab.bench-worker/2"

    let schema: String
    let suites: [String: [String: [Sample]]]

    init(_ suites: [String: [String: [Sample]]]) {
        self.schema = Self.schema
        self.suites = suites
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    static func decode(_ data: Data) throws -> WorkerSamples {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let decoded = try decoder.decode(WorkerSamples.self, from: data)
        guard decoded.schema == schema else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "not \(schema)"))
        }
        return decoded
    }
}
