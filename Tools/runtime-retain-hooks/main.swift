// Copies small strings (12 bytes: their payload is not a pointer) with or without the runtime's
// instrumentation flag set. See run.sh and docs/MEASUREMENTS.md ("Retain/release counting").
@inline(never) func keep<T>(_ value: T) -> T { value }

if CommandLine.arguments.dropFirst().first == "flag" { set_instrumentation_flag() }
var strings: [String] = []
for index in 0..<100 { strings.append(keep("abcdefghijk\(index % 10)")) }
let copies = strings.map { keep($0) }
print("copied \(copies.count) small strings")
