import Testing

@testable import lab

@Suite("lab doctor: the executor-width row reads right for any width measured")
struct DoctorWordsTests {
    @Test func aOneThreadPoolIsSingular() {
        let one = DoctorCommand.widthRow(1)
        expectEqual(one.value, "1 thread")
        expectEqual(one.why, "at most 1 blocking task runs at once")
        let two = DoctorCommand.widthRow(2)
        expectEqual(two.value, "2 threads")
        expectEqual(two.why, "at most 2 blocking tasks run at once")
    }
}
