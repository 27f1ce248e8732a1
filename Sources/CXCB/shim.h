#include <stdlib.h>
#include <xcb/xcb.h>
