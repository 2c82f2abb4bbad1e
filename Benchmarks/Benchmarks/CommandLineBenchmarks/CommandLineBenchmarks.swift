import Benchmark
import Foundation

// End-to-end benchmarks of the `rowheight` command (JSON parsing and writing included) and of the
// Pango 1.50 oracle on the same rows. Run from Benchmarks/:
//   swift package benchmark --target CommandLineBenchmarks
// Each iteration is one whole run of a program; the wall clock of an iteration is the time for
// all its rows (rows/s = rows ÷ that time).
let benchmarks: @Sendable () -> Void = {
    let runs = Benchmark.Configuration(
        metrics: [.wallClock], warmupIterations: 1, maxDuration: .seconds(60), maxIterations: 5)
    let english = CommandLineTools.englishCorpus60k
    let font = CommandLineTools.root.appendingPathComponent("fonts/DejaVuSans.ttf").path

    // Issue goal: rowheight ≥ 40× faster than the Pango oracle on the same 60,000 rows.
    Benchmark("rowheight measure --jobs 1, 60,000 English rows (generate.py), 280 pt", configuration: runs) { _ in
        CommandLineTools.run(
            CommandLineTools.rowheight, ["measure", "--input", english, "--width", "280", "--jobs", "1"])
    }
    Benchmark("Pango 1.50 oracle, the same 60,000 English rows, 280 pt", configuration: runs) { _ in
        CommandLineTools.run(
            CommandLineTools.pangoOracle,
            ["--font", font, "--size", "17", "--width", "280", "--input", english])
    }

    // Issue goal: `--profile pango --jobs 1` ≥ 40× the oracle on 60,000 English rows (the font
    // the oracle uses), ≥ 20× on Arabic + Hindi + Hebrew rows (the Noto chain, fonts in the same
    // order for both).
    Benchmark("rowheight measure --profile pango --jobs 1, 60,000 English rows, DejaVu Sans, 280 pt", configuration: runs) { _ in
        CommandLineTools.run(
            CommandLineTools.rowheight,
            ["measure", "--input", english, "--profile", "pango", "--font", font, "--width", "280", "--jobs", "1"])
    }
    let shaped = CommandLineTools.shapedCorpus60k
    let shapedFonts = CommandLineTools.shapedFonts.flatMap { ["--font", $0] }
    Benchmark("rowheight measure --profile pango --jobs 1, 60,000 Arabic/Hindi/Hebrew rows, Noto chain, 280 pt", configuration: runs) { _ in
        CommandLineTools.run(
            CommandLineTools.rowheight,
            ["measure", "--input", shaped, "--profile", "pango", "--width", "280", "--jobs", "1"] + shapedFonts)
    }
    Benchmark("Pango 1.50 oracle, the same 60,000 Arabic/Hindi/Hebrew rows, Noto chain, 280 pt", configuration: runs) { _ in
        CommandLineTools.run(
            CommandLineTools.pangoOracle, ["--size", "17", "--width", "280", "--input", shaped, "--quiet"] + shapedFonts)
    }

    // Issue goal: 2 jobs ≥ 1.8× faster than 1 on a 1,000,000-row dataset.
    for jobs in [1, 2] {
        Benchmark(
            "rowheight measure --jobs \(jobs), 1,000,000 dataset rows (en), widths 320,375,414", configuration: runs
        ) { _ in
            CommandLineTools.run(
                CommandLineTools.rowheight,
                ["measure", "--input", CommandLineTools.dataset("en"), "--widths", "320,375,414", "--jobs", "\(jobs)"])
        }
    }

    templateBenchmarks(runs)
    startupBenchmarks()

    // Issue goal: `rowheight dataset` writes ≥ 1,000,000 rows/s.
    for kind in ["en", "ja", "mixed", "chat"] {
        Benchmark("rowheight dataset --rows 1000000 --kind \(kind) --jobs 1", configuration: runs) { _ in
            CommandLineTools.run(
                CommandLineTools.rowheight,
                ["dataset", "--rows", "1000000", "--kind", kind, "--jobs", "1", "-o", "/dev/null"])
        }
    }
}
