// `lab`: the front door of Concurrency Lab. See LabCommand for the commands.
import Foundation

let status = await LabCommand.run(Array(CommandLine.arguments.dropFirst()))
exit(status)
