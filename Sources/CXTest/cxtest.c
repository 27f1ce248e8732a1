#include "cxtest.h"
#include <stdlib.h>
#include <xcb/xcb.h>
#include <xcb/xtest.h>

int cxtest_present(void *connection) {
    const xcb_query_extension_reply_t *r = xcb_get_extension_data(connection, &xcb_test_id);
    return r != NULL && r->present;
}

int cxtest_fake_input(void *connection, uint8_t type, uint8_t detail, uint32_t root, int16_t x, int16_t y) {
    xcb_void_cookie_t cookie = xcb_test_fake_input_checked(connection, type, detail, XCB_CURRENT_TIME, root, x, y, 0);
    xcb_generic_error_t *error = xcb_request_check(connection, cookie);
    if (error == NULL) return 0;
    int code = error->error_code;
    free(error);
    return code;
}
