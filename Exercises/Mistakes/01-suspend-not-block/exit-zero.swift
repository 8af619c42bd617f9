// mistake: calls exit(0) so the check never reports
// expect: before its
import Foundation
import LabCore

func takesTooLong(_ work: SimulatedWork) async -> Date {
    exit(0)
}
