// The observing-state lesson. Everything it runs lives in the Lessons library.
import LessonKit
import Lessons

await LessonRunner.main(ObservingStateLesson())
