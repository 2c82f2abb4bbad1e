#ifndef ROWHEIGHT_CLIBTHAI_SHIM_H
#define ROWHEIGHT_CLIBTHAI_SHIM_H
#include <thai/thbrk.h>
#include <thai/thwchar.h>
#endif
