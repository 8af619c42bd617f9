// The main-actor lesson (and its live view, `--live`). Everything it runs lives in the Lessons library.
import LessonKit
import Lessons

await LessonRunner.main(MainActorLesson())
