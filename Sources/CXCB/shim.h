#include <stdlib.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <xcb/xcb.h>
#include <xcb/shm.h>

/* Whether the server has MIT-SHM (xcb_shm_id has an incomplete type Swift cannot name). */
static inline int cxcb_shm_present(xcb_connection_t *c) {
    const xcb_query_extension_reply_t *r = xcb_get_extension_data(c, &xcb_shm_id);
    return r != NULL && r->present;
}
