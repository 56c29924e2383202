// The JPEG decoder behind SpringLabRender's image loading. Written in C
// because libjpeg reports a fatal error by calling `error_exit`, which must
// not return: the only way back is longjmp, which Swift cannot do.
#include "CJPEGDecode.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

// why: real encoders write at most a few dozen scans; libjpeg would otherwise
// spend minutes on a small file of thousands of empty progressive scans
enum { max_scans = 1000 };

struct guarded_error {
  struct jpeg_error_mgr base;
  jmp_buf escape;
  char *error;
  size_t error_size;
  char *warning;
  size_t warning_size;
};

struct scan_guard {
  struct jpeg_progress_mgr base;
  j_decompress_ptr cinfo;
};

static void copy_line(char *dst, size_t dst_size, const char *src) {
  if (dst == NULL || dst_size == 0) return;
  snprintf(dst, dst_size, "%s", src);
}

// why: the default prints to stderr and calls exit(); this keeps the message
// and leaves through the jmp_buf set in springlab_jpeg_decode
static void error_exit(j_common_ptr cinfo) {
  struct guarded_error *e = (struct guarded_error *)cinfo->err;
  char message[JMSG_LENGTH_MAX];
  e->base.format_message(cinfo, message);
  copy_line(e->error, e->error_size, message);
  longjmp(e->escape, 1);
}

// why: libjpeg calls this for warnings (premature end of data, skipped
// bytes); the default prints them, this keeps the first one for the caller
static void output_message(j_common_ptr cinfo) {
  struct guarded_error *e = (struct guarded_error *)cinfo->err;
  if (e->warning == NULL || e->warning[0] != '\0') return;
  char message[JMSG_LENGTH_MAX];
  e->base.format_message(cinfo, message);
  copy_line(e->warning, e->warning_size, message);
}

static void check_scans(j_common_ptr cinfo) {
  struct scan_guard *g = (struct scan_guard *)cinfo->progress;
  if (g->cinfo->input_scan_number > max_scans) {
    struct guarded_error *e = (struct guarded_error *)cinfo->err;
    snprintf(e->error, e->error_size, "more than %d progressive scans", max_scans);
    longjmp(e->escape, 1);
  }
}

// CMYK as Adobe writes it is inverted (0 is full ink); others are not.
static uint32_t pixel_from_cmyk(const JSAMPLE *p, int inverted) {
  unsigned c = p[0], m = p[1], y = p[2], k = p[3];
  if (!inverted) {
    c = 255 - c;
    m = 255 - m;
    y = 255 - y;
    k = 255 - k;
  }
  unsigned r = (c * k + 127) / 255, g = (m * k + 127) / 255, b = (y * k + 127) / 255;
  return 0xFF000000u | r << 16 | g << 8 | b;
}

int springlab_jpeg_decode(const unsigned char *data, size_t size, int max_side, long max_pixels,
                          struct springlab_jpeg_image *out, char *error, size_t error_size) {
  // why: everything longjmp can come back to is volatile or set before setjmp
  struct jpeg_decompress_struct cinfo;
  struct guarded_error err;
  struct scan_guard guard;
  JSAMPLE *volatile row = NULL;
  memset(out, 0, sizeof *out);
  copy_line(error, error_size, "");
  if (data == NULL || size == 0) {
    copy_line(error, error_size, "the file is empty");
    return -1;
  }
  cinfo.err = jpeg_std_error(&err.base);
  err.base.error_exit = error_exit;
  err.base.output_message = output_message;
  err.error = error;
  err.error_size = error_size;
  err.warning = out->warning;
  err.warning_size = sizeof out->warning;
  if (setjmp(err.escape)) {
    jpeg_destroy_decompress(&cinfo);
    free(row);
    free(out->pixels);
    out->pixels = NULL;
    out->width = out->height = 0;
    if (error != NULL && error_size > 0 && error[0] == '\0') copy_line(error, error_size, "libjpeg failed");
    return -1;
  }
  jpeg_create_decompress(&cinfo);
  guard.base.progress_monitor = check_scans;
  guard.cinfo = &cinfo;
  cinfo.progress = &guard.base;
  jpeg_mem_src(&cinfo, data, (unsigned long)size);
  jpeg_read_header(&cinfo, TRUE);
  long w = (long)cinfo.image_width, h = (long)cinfo.image_height;
  if (w <= 0 || h <= 0 || w > max_side || h > max_side || w * h > max_pixels) {
    snprintf(error, error_size, "it declares %ld × %ld pixels (at most %d × %d)", w, h, max_side,
             max_side);
    longjmp(err.escape, 1);
  }
  int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
  cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
  jpeg_start_decompress(&cinfo);
  int channels = cinfo.output_components;
  if ((cmyk && channels != 4) || (!cmyk && channels != 3)) {
    snprintf(error, error_size, "unexpected %d colour channels", channels);
    longjmp(err.escape, 1);
  }
  out->width = (int)cinfo.output_width;
  out->height = (int)cinfo.output_height;
  out->pixels = malloc((size_t)out->width * (size_t)out->height * sizeof(uint32_t));
  row = malloc((size_t)out->width * (size_t)channels);
  if (out->pixels == NULL || row == NULL) {
    copy_line(error, error_size, "out of memory");
    longjmp(err.escape, 1);
  }
  int inverted = cmyk && cinfo.saw_Adobe_marker;
  while (cinfo.output_scanline < cinfo.output_height) {
    JSAMPROW rows[1] = {row};
    uint32_t *dst = out->pixels + (size_t)cinfo.output_scanline * (size_t)out->width;
    if (jpeg_read_scanlines(&cinfo, rows, 1) != 1) {
      copy_line(error, error_size, "the decoder stopped before the last row");
      longjmp(err.escape, 1);
    }
    for (int x = 0; x < out->width; x++) {
      const JSAMPLE *p = row + (size_t)x * (size_t)channels;
      dst[x] = cmyk ? pixel_from_cmyk(p, inverted)
                    : 0xFF000000u | (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
    }
  }
  jpeg_finish_decompress(&cinfo);
  jpeg_destroy_decompress(&cinfo);
  free(row);
  return 0;
}

void springlab_jpeg_free(struct springlab_jpeg_image *image) {
  if (image == NULL) return;
  free(image->pixels);
  image->pixels = NULL;
}
