// The observing-state lesson. Everything it runs lives in the Lessons library.
import LabKit
import Lessons

await LessonRunner.main(ObservingStateLesson())
