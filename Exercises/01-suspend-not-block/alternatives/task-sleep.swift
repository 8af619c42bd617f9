// alternative: suspends with Task.sleep for the scaled time, and has its own helper named sleep
import Foundation
import LabCore

func sleep(_ duration: Duration) async { try? await Task.sleep(for: duration) }

func takesTooLong(_ work: SimulatedWork) async -> Date {
    print("Not Thread.sleep: \("we suspend")")
    await sleep(work.scale.duration(sourceSeconds: 5))
    return Date()
}
