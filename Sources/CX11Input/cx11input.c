#include "cx11input.h"

#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>

enum springlab_x11_input_kind springlab_x11_input_time(const void *sdl_event,
                                                       unsigned long *time_ms) {
#if defined(SDL_VIDEO_DRIVER_X11)
  const SDL_Event *e = (const SDL_Event *)sdl_event;
  if (e->type != SDL_SYSWMEVENT || e->syswm.msg == NULL ||
      e->syswm.msg->subsystem != SDL_SYSWM_X11) {
    return SPRINGLAB_X11_INPUT_NONE;
  }
  const XEvent *x = &e->syswm.msg->msg.x11.event;
  switch (x->type) {
  case ButtonPress:
    /* wheel "buttons" (4-7) scroll; only real presses count */
    if (x->xbutton.button > 3) return SPRINGLAB_X11_INPUT_NONE;
    *time_ms = x->xbutton.time;
    return SPRINGLAB_X11_INPUT_BUTTON_PRESS;
  case KeyPress:
    *time_ms = x->xkey.time;
    return SPRINGLAB_X11_INPUT_KEY_PRESS;
  case MotionNotify:
    if ((x->xmotion.state & (Button1Mask | Button2Mask | Button3Mask)) == 0)
      return SPRINGLAB_X11_INPUT_NONE;
    *time_ms = x->xmotion.time;
    return SPRINGLAB_X11_INPUT_DRAG;
  default:
    return SPRINGLAB_X11_INPUT_NONE;
  }
#else
  (void)sdl_event;
  (void)time_ms;
  return SPRINGLAB_X11_INPUT_NONE;
#endif
}
