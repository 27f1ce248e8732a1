#include <cairo.h>
#include <pixman.h>
#include <pango/pangocairo.h>
