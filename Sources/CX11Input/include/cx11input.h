#ifndef SPRINGLAB_CX11INPUT_H
#define SPRINGLAB_CX11INPUT_H

/* The X server's timestamp of an input event, for `springlab bench`'s
   input-to-frame latency. Kept in C so Swift never imports Xlib's names. */

/* What an X input event was. */
enum springlab_x11_input_kind {
  SPRINGLAB_X11_INPUT_NONE = 0,
  SPRINGLAB_X11_INPUT_BUTTON_PRESS = 1,
  SPRINGLAB_X11_INPUT_KEY_PRESS = 2,
  /* pointer motion with a button held (a drag) */
  SPRINGLAB_X11_INPUT_DRAG = 3
};

/* For an SDL_SYSWMEVENT (`sdl_event` points to an SDL_Event) carrying an X11
   button press, key press or motion with a button held: stores the event's X
   server time (milliseconds, wrapping at 2^32) in `*time_ms` and returns its
   kind; SPRINGLAB_X11_INPUT_NONE for anything else (another event, another
   video driver, or SDL built without X11). */
enum springlab_x11_input_kind springlab_x11_input_time(const void *sdl_event,
                                                       unsigned long *time_ms);

#endif
