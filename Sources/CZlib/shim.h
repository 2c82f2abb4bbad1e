#ifndef ROWHEIGHT_CZLIB_SHIM_H
#define ROWHEIGHT_CZLIB_SHIM_H
// zlib (Debian zlib1g-dev): compress2 and crc32 for the PNG encoder of `rowheight render`.
#include <zlib.h>
#endif
