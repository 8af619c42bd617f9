import Foundation

/// Standard input, output and error held open from the start. A stream the shell closed
/// (`lab list >&-`) leaves its number free, and the next file the process opens takes it: the
/// lab's output then went into whatever that was (the dispatch runtime's epoll descriptor, a
/// progress file's temporary), and a child process inherited it as its own output. Each closed
/// one is given /dev/null, opened read-only for output, so a write still fails (EBADF) and
/// `StandardOutput` still says the output cannot be written; for input and error, as usual.
public enum StandardStreams {
    /// Call first, before anything opens a file.
    public static func holdOpen() {
        for (descriptor, flags) in [(STDIN_FILENO, O_RDONLY), (STDOUT_FILENO, O_RDONLY), (STDERR_FILENO, O_WRONLY)]
        where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            // open(2) returns the lowest free number: the closed one, since those below it are open.
            let opened = open("/dev/null", flags)
            if opened >= 0, opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }
}
