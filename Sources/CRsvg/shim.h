// librsvg (≥ 2.46: rsvg_handle_render_document): SVG icons into Cairo.
#include <librsvg/rsvg.h>
