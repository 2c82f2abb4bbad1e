#ifndef ROWHEIGHT_CLIBPNG_SHIM_H
#define ROWHEIGHT_CLIBPNG_SHIM_H
// libpng (Debian libpng-dev): an independent PNG decoder for the tests of `rowheight render`
// (its simplified read API, png_image_*). Not linked into the tool.
#include <png.h>
#endif
