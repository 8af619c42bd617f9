import Foundation

/// Results files written before figures were typed (schemas 1–3) kept a variant's own figures
/// as numbers by key (`"extra": {"frames_dropped": 2}`), in each sample and each variant. Read
/// as typed figures (see `Figure.legacy`) before decoding, so old baselines still load and compare.
enum LegacyFigures {
    static let schemas: Set<String> = ["concurrency-lab.bench/1", "concurrency-lab.bench/2", "concurrency-lab.bench/3"]

    /// The file with every `extra` object turned into a `figures` array; other files unchanged.
    static func upgrade(_ data: Data) throws -> Data {
        guard var report = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let schema = report["schema"] as? String, schemas.contains(schema),
            let suites = report["suites"] as? [[String: Any]]
        else { return data }
        report["suites"] = suites.map { suite in
            var suite = suite
            suite["variants"] = (suite["variants"] as? [[String: Any]])?.map { variant in
                var variant = upgraded(variant)
                variant["samples"] = (variant["samples"] as? [[String: Any]])?.map(upgraded)
                return variant
            }
            return suite
        }
        return try JSONSerialization.data(withJSONObject: report)
    }

    /// One sample or variant: its `extra` numbers as figures, by key order.
    static func upgraded(_ object: [String: Any]) -> [String: Any] {
        var object = object
        let extra = object.removeValue(forKey: "extra") as? [String: Any] ?? [:]
        object["figures"] = extra.sorted { $0.key < $1.key }.compactMap { key, value -> [String: Any]? in
            // A number (the strings written for non-finite values are left out: JSON has no NaN).
            let number = (value as? NSNumber)?.doubleValue ?? (value as? String).flatMap(Double.init)
            guard let number, number.isFinite else { return nil }
            let figure = Figure.legacy(key: key, value: number)
            return ["name": figure.name, "value": number, "unit": figure.unit.rawValue]
        }
        return object
    }
}
