import LabTrace

/// What only a drawn page needs of a place: the letter's ink and the bar's fill pattern.
extension ExecutionPlace {
    /// The letter's colour on the bar: the one with more contrast.
    var inkOnColour: String { self == .mainActor ? "#ffffff" : "#000000" }

    /// The id of the SVG pattern that fills its bars.
    var patternID: String { "place-\(rawValue)" }
}
