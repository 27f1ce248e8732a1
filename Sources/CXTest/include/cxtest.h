#ifndef CXTEST_H
#define CXTEST_H
#include <stdint.h>

/* XTest for tests: fakes input on an X server the way a real device would produce it.
   `connection` is an xcb_connection_t * (opened with CXCB); no xcb header is included here,
   so that only CXCB's module defines xcb's types. */

/* Whether the server has the XTEST extension. */
int cxtest_present(void *connection);

/* Fakes one event: `type` is the core event code (2 KeyPress, 3 KeyRelease, 4 ButtonPress,
   5 ButtonRelease, 6 MotionNotify), `detail` the keycode or button (0 for an absolute
   motion to `x`, `y` on `root`). Returns 0, or the X error code. Checked: a round trip. */
int cxtest_fake_input(void *connection, uint8_t type, uint8_t detail, uint32_t root, int16_t x, int16_t y);

#endif
