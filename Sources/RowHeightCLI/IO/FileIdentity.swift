#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file an open descriptor or a path is, whatever name reaches it: its device and inode
/// numbers (the same through symbolic links, hard links and `/dev/stdin`).
struct FileIdentity: Sendable, Equatable {
    /// The device holding the file (`st_dev`).
    let device: UInt64
    /// The file's inode number on that device (`st_ino`).
    let inode: UInt64

    /// The file open as `fd`, or `nil` if `fstat(2)` fails.
    init?(fileDescriptor fd: Int32) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The file `path` names (symbolic links followed), or `nil` if there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    private init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
