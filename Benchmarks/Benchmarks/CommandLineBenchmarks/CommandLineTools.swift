import BenchmarkSupport
import Foundation

/// The programs and files the command-line benchmarks run: the release `rowheight` of the
/// repository (built here when missing), the Pango oracle (`make -C Tools/pango-oracle`), and the
/// datasets, generated once into the temporary directory.
enum CommandLineTools {
    static let root = BenchmarkRows.repositoryRoot

    /// `.build/release/rowheight` of the repository root, built first (`swift build -c release`).
    static let rowheight: String = {
        run("/usr/bin/env", ["swift", "build", "-c", "release", "--product", "rowheight", "--package-path", root.path])
        return root.appendingPathComponent(".build/release/rowheight").path
    }()

    /// The Pango 1.50 oracle, built by its Makefile.
    static let pangoOracle: String = {
        run("/usr/bin/env", ["make", "-s", "-C", root.appendingPathComponent("Tools/pango-oracle").path])
        return root.appendingPathComponent("Tools/pango-oracle/build/pango-oracle").path
    }()

    static let directory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rowheight-cli-benchmarks")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// 60,000 English rows of `Tools/corpus/generate.py` (the accuracy corpora's generator).
    static let englishCorpus60k: String = {
        let file = directory.appendingPathComponent("en.jsonl")
        if !FileManager.default.fileExists(atPath: file.path) {
            run(
                "/usr/bin/env",
                [
                    "python3", root.appendingPathComponent("Tools/corpus/generate.py").path, "--rows", "60000", "--out",
                    directory.path, "en",
                ])
        }
        return file.path
    }()

    /// 60,000 rows of the Arabic, Hindi and Hebrew corpora (real translations) in turn, one word
    /// of each replaced by a pseudo-random number, so that the word cache keeps meeting new pieces
    /// (the same for every run: a fixed seed).
    static let shapedCorpus60k: String = {
        let file = directory.appendingPathComponent("ar-hi-he-60000.jsonl")
        if !FileManager.default.fileExists(atPath: file.path) {
            var out = ""
            for row in BenchmarkShapedRows.rows(count: 60_000) {
                let data = try! JSONSerialization.data(withJSONObject: ["text": row])
                out += String(decoding: data, as: UTF8.self) + "\n"
            }
            try! out.write(to: file, atomically: true, encoding: .utf8)
        }
        return file.path
    }()

    /// The fonts of the shaped rows, in chain order (Debian's `fonts-noto-core`).
    static let shapedFonts = BenchmarkShapedRows.fontPaths

    /// 1,000,000 rows of `rowheight dataset --kind KIND --seed 1`.
    static func dataset(_ kind: String) -> String {
        let file = directory.appendingPathComponent("dataset-\(kind)-1000000.jsonl")
        if !FileManager.default.fileExists(atPath: file.path) {
            run(rowheight, ["dataset", "--rows", "1000000", "--kind", kind, "--seed", "1", "-o", file.path])
        }
        return file.path
    }

    /// Runs a program to the end, its output discarded; stops the benchmark run if it fails.
    ///
    /// Started with `posix_spawn` and awaited with `waitpid`, as `perf stat` or `hyperfine` start
    /// a command, in this process's environment but for `LD_PRELOAD`
    /// (`commandEnvironment`).
    static func run(_ program: String, _ arguments: [String]) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = commandEnvironment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, envp)
        guard spawned == 0 else { fatalError("cannot run \(program): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { fatalError("waitpid for \(program): \(String(cString: strerror(errno)))") }
        }
        // Exited (the low seven bits 0) with status 0.
        guard status == 0 else {
            fatalError("\(program) \(arguments.joined(separator: " ")) ended with wait status \(status)")
        }
    }

    /// The environment of the commands `run` starts: this process's, without `LD_PRELOAD`.
    /// package-benchmark's `MallocInterposer` trait runs the benchmarks with its malloc
    /// interposer preloaded (a Swift library, `libMallocInterposerSwift.so`), which every child
    /// would inherit: `rowheight` and the Pango oracle would then load the Swift runtime
    /// dynamically and count every allocation, as no user runs them. (Foundation's `Process`
    /// passed it on too: every start-up and end-to-end figure measured before 2026-11-24 20:47 includes it.)
    static let commandEnvironment: [String] = ProcessInfo.processInfo.environment
        .filter { $0.key != "LD_PRELOAD" }
        .map { "\($0.key)=\($0.value)" }
}
