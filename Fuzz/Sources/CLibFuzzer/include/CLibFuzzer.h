// libFuzzer's driver, for fuzz targets that have their own `main` (SwiftPM names every
// executable's entry point itself, so a target cannot rely on libFuzzer's `main`).
#ifndef ROWHEIGHT_CLIBFUZZER_H
#define ROWHEIGHT_CLIBFUZZER_H
#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer with the command line `argc`/`argv` on `callback` (the body of
/// LLVMFuzzerTestOneInput). Provided by `-sanitize=fuzzer`.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
