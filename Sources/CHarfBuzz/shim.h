#ifndef ROWHEIGHT_CHARFBUZZ_SHIM_H
#define ROWHEIGHT_CHARFBUZZ_SHIM_H
#include <hb.h>
#include <hb-ot.h>
#endif
