// mistake: returns the example’s two samples
// expect: expected samples
import Foundation
import LabScenarios

func caffeineSamples(since anchor: QueryAnchor?, in store: CaffeineHealthStore) async throws -> [CaffeineSample] {
    [CaffeineSample(milligrams: 64, date: Date()), CaffeineSample(milligrams: 128, date: Date())]
}
