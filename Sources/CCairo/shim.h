#include <cairo/cairo.h>
// why: text goes through FreeType (the font file) into Cairo (the masks)
#include <ft2build.h>
#include FT_FREETYPE_H
#include <cairo/cairo-ft.h>
