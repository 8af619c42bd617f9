// mistake: returns true without asking the store
// expect: should throw
import LabScenarios

func requestAccess(to store: CaffeineHealthStore) async throws -> Bool {
    true
}
