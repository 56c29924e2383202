#ifndef SPRINGLAB_CJPEGDECODE_H
#define SPRINGLAB_CJPEGDECODE_H

#include <stddef.h>
#include <stdint.h>

/* A decoded image: `width` × `height` pixels, row after row with no padding,
   each pixel one native-endian 32-bit word 0xAARRGGBB (Cairo's ARGB32 layout;
   a JPEG is opaque, so alpha is always 0xFF and the colour needs no
   premultiplying). Free `pixels` with springlab_jpeg_free. */
struct springlab_jpeg_image {
  uint32_t *pixels;
  int width;
  int height;
  /* libjpeg's first warning (a truncated file, corrupt data it skipped), or
     empty: the image decoded, but parts of it may be grey. */
  char warning[200];
};

/* Decodes the baseline or progressive JPEG in `data` (`size` bytes) into
   `*out`. Grey, YCbCr, RGB, CMYK and YCCK (Adobe) files are accepted.

   Refuses, before any pixel is decoded, an image wider or taller than
   `max_side` pixels or larger than `max_pixels`, and a progressive file with
   more scans than any encoder writes (a few thousand empty scans would take
   minutes to decode). Never prints and never exits: libjpeg's fatal errors
   come back here as one line in `error` (at most `error_size` bytes, NUL
   terminated). Data that ends early decodes as far as it goes; the rest is
   grey and `out->warning` says why.

   Returns 0 on success, -1 with `error` set on failure (then `out->pixels`
   is NULL). Safe to call from several threads at once (no shared state). */
int springlab_jpeg_decode(const unsigned char *data, size_t size, int max_side, long max_pixels,
                          struct springlab_jpeg_image *out, char *error, size_t error_size);

/* Frees what springlab_jpeg_decode allocated (NULL is allowed). */
void springlab_jpeg_free(struct springlab_jpeg_image *image);

#endif
