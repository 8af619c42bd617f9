import LabScenarios

// Exercise 03 · async-let · Three rovers at once
//
// The rover app shows the newest photo of three rovers. This version asks for them
// one after the other, so the screen waits for the sum of three calls.
//
// TODO: start the three calls at the same time with `async let`, then await them.
// Keep the order: the result's photos are in the rovers' order.

func latestPhotos(of rovers: [Rover], using api: any MarsRoverService) async throws -> [MarsPhoto] {
    let first = try await api.latestPhotos(rover: rovers[0])
    let second = try await api.latestPhotos(rover: rovers[1])
    let third = try await api.latestPhotos(rover: rovers[2])
    return [first.first, second.first, third.first].compactMap { $0 }
}
