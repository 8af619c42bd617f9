// The main-actor lesson. Everything it runs lives in the Lessons library.
import Foundation
import LabKit
import Lessons

// `main-actor --live`: the interactive view, for as long as the student wants.
if CommandLine.arguments.dropFirst().first == "--live" {
    exit(await LiveMainActorView.run(scale: .realTime))
}
await LessonRunner.main(MainActorLesson())
