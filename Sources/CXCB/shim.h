#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <xcb/xcb.h>
#include <xcb/shm.h>
#include <xcb/xkb.h>
#include <xcb/xinput.h>
#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-x11.h>

/* Whether the server has MIT-SHM (xcb_shm_id has an incomplete type Swift cannot name). */
static inline int cxcb_shm_present(xcb_connection_t *c) {
    const xcb_query_extension_reply_t *r = xcb_get_extension_data(c, &xcb_shm_id);
    return r != NULL && r->present;
}

/* XInput's major opcode (XI2 events are GenericEvents carrying it), 0 when the server lacks
   the extension. */
static inline uint8_t cxcb_xinput_opcode(xcb_connection_t *c) {
    const xcb_query_extension_reply_t *r = xcb_get_extension_data(c, &xcb_input_id);
    return r != NULL && r->present ? r->major_opcode : 0;
}

/* Selects XI 2.2 TouchBegin, TouchUpdate and TouchEnd (only together, as XI2 requires) on
   `window` for every master device. */
static inline xcb_void_cookie_t cxcb_select_touch(xcb_connection_t *c, xcb_window_t window) {
    struct { xcb_input_event_mask_t head; uint32_t mask; } m;
    m.head.deviceid = XCB_INPUT_DEVICE_ALL_MASTER;
    m.head.mask_len = 1;
    m.mask = XCB_INPUT_XI_EVENT_MASK_TOUCH_BEGIN | XCB_INPUT_XI_EVENT_MASK_TOUCH_UPDATE
        | XCB_INPUT_XI_EVENT_MASK_TOUCH_END;
    return xcb_input_xi_select_events_checked(c, window, 1, &m.head);
}

/* How many input devices have a touch class (XIQueryDevice of every device). */
static inline int cxcb_touch_device_count(xcb_connection_t *c) {
    xcb_input_xi_query_device_reply_t *r =
        xcb_input_xi_query_device_reply(c, xcb_input_xi_query_device(c, XCB_INPUT_DEVICE_ALL), NULL);
    if (r == NULL) return 0;
    int count = 0;
    for (xcb_input_xi_device_info_iterator_t d = xcb_input_xi_query_device_infos_iterator(r); d.rem;
         xcb_input_xi_device_info_next(&d)) {
        for (xcb_input_device_class_iterator_t k = xcb_input_xi_device_info_classes_iterator(d.data); k.rem;
             xcb_input_device_class_next(&k)) {
            if (k.data->type == XCB_INPUT_DEVICE_CLASS_TYPE_TOUCH) { count++; break; }
        }
    }
    free(r);
    return count;
}

/* Asks for the XKB events that keep an xkbcommon keymap and state current for `device`:
   a new keyboard, a changed map, and modifier and group changes (the way libxkbcommon's
   interactive-x11 tool does). */
static inline xcb_void_cookie_t cxcb_xkb_select_events(xcb_connection_t *c, uint16_t device) {
    enum {
        events = XCB_XKB_EVENT_TYPE_NEW_KEYBOARD_NOTIFY | XCB_XKB_EVENT_TYPE_MAP_NOTIFY
            | XCB_XKB_EVENT_TYPE_STATE_NOTIFY,
        nkn = XCB_XKB_NKN_DETAIL_KEYCODES,
        map = XCB_XKB_MAP_PART_KEY_TYPES | XCB_XKB_MAP_PART_KEY_SYMS | XCB_XKB_MAP_PART_MODIFIER_MAP
            | XCB_XKB_MAP_PART_EXPLICIT_COMPONENTS | XCB_XKB_MAP_PART_KEY_ACTIONS
            | XCB_XKB_MAP_PART_VIRTUAL_MODS | XCB_XKB_MAP_PART_VIRTUAL_MOD_MAP,
        state = XCB_XKB_STATE_PART_MODIFIER_BASE | XCB_XKB_STATE_PART_MODIFIER_LATCH
            | XCB_XKB_STATE_PART_MODIFIER_LOCK | XCB_XKB_STATE_PART_GROUP_BASE
            | XCB_XKB_STATE_PART_GROUP_LATCH | XCB_XKB_STATE_PART_GROUP_LOCK,
    };
    xcb_xkb_select_events_details_t details;
    memset(&details, 0, sizeof details);
    details.affectNewKeyboard = nkn;
    details.newKeyboardDetails = nkn;
    details.affectState = state;
    details.stateDetails = state;
    return xcb_xkb_select_events_aux_checked(c, device, events, 0, 0, map, map, &details);
}
