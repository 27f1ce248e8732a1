import CXCB
import Glibc

/// A keyboard's keymap and state through xkbcommon: keycode → keysym with modifiers and group
/// applied, and the text it types.
///
/// From an X server (`init(connection:)`): the core keyboard's keymap as the server has it
/// (`xkb_x11_keymap_new_from_device`), and its state (`xkb_x11_state_new_from_device`), kept
/// current by the XKB events `X11Input` selects: `StateNotify` carries the base, latched and
/// locked modifiers and groups (`update(…)`); `NewKeyboardNotify` and `MapNotify` mean the
/// keymap changed (`reload`). The state is the server's, not rebuilt from the key events
/// this window sees, so modifiers pressed while another window had the focus, and Caps
/// Lock set before the daemon started, count.
///
/// From a Wayland compositor (`init(keymapFile:size:)`): the keymap text it sends in a file
/// (`wl_keyboard.keymap`), and a state the client keeps: the compositor's modifier masks
/// are applied as they come (`updateMasks`, `wl_keyboard.modifiers`).
///
/// From rule names (`init(layout:)`): a keymap compiled from xkeyboard-config (tests); from
/// text (`init(keymapText:)`).
///
/// Thread affinity: the loop thread.
final class XKBKeyboard: KeyboardState {
    private let context: OpaquePointer
    private var keymap: OpaquePointer
    private var state: OpaquePointer
    /// The X device the keymap is of (the core keyboard), -1 for a keymap from names.
    let deviceID: Int32

    struct SetupError: Error, CustomStringConvertible { let description: String }

    /// The core keyboard of the X server on `connection`. XKB must be set up on it
    /// (`xkb_x11_setup_xkb_extension`).
    init(connection: OpaquePointer) throws {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else {
            throw SetupError(description: "xkbcommon could not create a context")
        }
        let device = xkb_x11_get_core_keyboard_device_id(connection)
        guard device >= 0 else {
            xkb_context_unref(context)
            throw SetupError(description: "the X server names no core keyboard (XkbGetDeviceInfo failed)")
        }
        guard let keymap = xkb_x11_keymap_new_from_device(context, connection, device, XKB_KEYMAP_COMPILE_NO_FLAGS) else {
            xkb_context_unref(context)
            throw SetupError(description: "xkbcommon could not read the keymap of X keyboard \(device)")
        }
        guard let state = xkb_x11_state_new_from_device(keymap, connection, device) else {
            xkb_keymap_unref(keymap); xkb_context_unref(context)
            throw SetupError(description: "xkbcommon could not read the state of X keyboard \(device)")
        }
        self.context = context; self.keymap = keymap; self.state = state; deviceID = device
    }

    /// A keymap compiled from rule names (xkeyboard-config), in its initial state (nothing held).
    init(rules: String = "evdev", model: String = "pc105", layout: String, variant: String = "") throws {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else {
            throw SetupError(description: "xkbcommon could not create a context")
        }
        let keymap = rules.withCString { r in model.withCString { m in layout.withCString { l in variant.withCString { v in
            var names = xkb_rule_names(rules: r, model: m, layout: l, variant: v, options: nil)
            return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
        } } } }
        guard let keymap, let state = xkb_state_new(keymap) else {
            xkb_context_unref(context)
            throw SetupError(description: "xkbcommon could not compile the keymap \(rules)/\(model)/\(layout) "
                + "(is xkb-data installed?)")
        }
        self.context = context; self.keymap = keymap; self.state = state; deviceID = -1
    }

    /// A keymap in xkbcommon's text format (XKB_KEYMAP_FORMAT_TEXT_V1), in its initial state.
    /// The text ends at its first NUL, if any (a Wayland compositor's keymap file ends with
    /// one, which xkbcommon 1.5's buffer parser rejects as a token), or at its end: nothing
    /// beyond `text` is read even when no NUL ends it.
    init(keymapText text: UnsafeRawBufferPointer) throws {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else {
            throw SetupError(description: "xkbcommon could not create a context")
        }
        let length = text.firstIndex(of: 0) ?? text.count
        let keymap = text.withMemoryRebound(to: CChar.self) { chars in
            xkb_keymap_new_from_buffer(context, chars.baseAddress, length, XKB_KEYMAP_FORMAT_TEXT_V1,
                                       XKB_KEYMAP_COMPILE_NO_FLAGS)
        }
        guard let keymap, let state = xkb_state_new(keymap) else {
            xkb_context_unref(context)
            throw SetupError(description: "xkbcommon could not compile the keymap text of \(length) bytes (xkbcommon wrote why to standard error)")
        }
        self.context = context; self.keymap = keymap; self.state = state; deviceID = -1
    }

    /// A keymap file a Wayland compositor sent (`wl_keyboard.keymap`, format XKB_V1): `size`
    /// bytes of text at the start of `fd`, mapped read-only and privately (the compositor may
    /// share one file with every client), compiled, and unmapped. The caller closes `fd`.
    convenience init(keymapFile fd: Int32, size: Int) throws {
        guard size > 0 else {
            throw SetupError(description: "the compositor's keymap file (fd \(fd)) has size 0; expected XKB text")
        }
        let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0)
        guard let mapped, mapped != UnsafeMutableRawPointer(bitPattern: -1) else {
            throw SetupError(description: "cannot map the compositor's keymap file (fd \(fd), \(size) bytes): "
                + String(cString: strerror(errno)))
        }
        defer { munmap(mapped, size) }
        try self.init(keymapText: UnsafeRawBufferPointer(start: mapped, count: size))
    }

    deinit {
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    /// Reads the keymap and state again (the server's keymap changed). Keeps the old ones
    /// when the new cannot be read.
    func reload(connection: OpaquePointer) -> Bool {
        guard deviceID >= 0,
              let newKeymap = xkb_x11_keymap_new_from_device(context, connection, deviceID, XKB_KEYMAP_COMPILE_NO_FLAGS)
        else { return false }
        guard let newState = xkb_x11_state_new_from_device(newKeymap, connection, deviceID) else {
            xkb_keymap_unref(newKeymap)
            return false
        }
        xkb_state_unref(state); xkb_keymap_unref(keymap)
        keymap = newKeymap; state = newState
        return true
    }

    /// The server's modifier and group state (an XKB StateNotify's fields).
    func update(baseMods: UInt32, latchedMods: UInt32, lockedMods: UInt32,
                baseGroup: Int32, latchedGroup: Int32, lockedGroup: Int32) {
        _ = xkb_state_update_mask(state, baseMods, latchedMods, lockedMods,
                                  UInt32(bitPattern: baseGroup), UInt32(bitPattern: latchedGroup),
                                  UInt32(bitPattern: lockedGroup))
    }

    /// A Wayland compositor's modifier masks and group (`wl_keyboard.modifiers`): the
    /// compositor keeps the state, the client applies it.
    func updateMasks(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        _ = xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
    }

    /// Whether the keymap lets `keycode` repeat when held (modifiers do not, letters do).
    func repeats(keycode: UInt32) -> Bool { xkb_keymap_key_repeats(keymap, keycode) != 0 }

    /// The keymap as xkbcommon's text format (what a Wayland compositor sends its clients).
    var keymapText: String {
        guard let text = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) else { return "" }
        defer { free(text) }
        return String(cString: text)
    }

    /// The serialized modifier masks of this state, as a Wayland compositor sends them.
    var masks: (depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        (xkb_state_serialize_mods(state, XKB_STATE_MODS_DEPRESSED), xkb_state_serialize_mods(state, XKB_STATE_MODS_LATCHED),
         xkb_state_serialize_mods(state, XKB_STATE_MODS_LOCKED), xkb_state_serialize_layout(state, XKB_STATE_LAYOUT_EFFECTIVE))
    }

    /// Presses or releases a key in this state (for a keymap from names, which has no server
    /// to report its state).
    func updateKey(_ keycode: UInt32, down: Bool) {
        _ = xkb_state_update_key(state, keycode, down ? XKB_KEY_DOWN : XKB_KEY_UP)
    }

    /// The effective modifiers in X's mask layout: xkbcommon numbers the eight real
    /// modifiers of an X keymap as X does (Shift 0 … Mod5 7).
    var modifiers: UInt32 { xkb_state_serialize_mods(state, XKB_STATE_MODS_EFFECTIVE) & 0xFF }

    func translate(keycode: UInt32) -> (keysym: UInt32, text: String) {
        let keysym = xkb_state_key_get_one_sym(state, keycode)
        // Most keys type at most a few bytes; the call says how many it needs.
        var text = ""
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            let n = Int(xkb_state_key_get_utf8(state, keycode, buffer.baseAddress, 64))
            if n > 0 && n < 64 {
                text = String(cString: buffer.baseAddress!)
            } else if n >= 64 {
                var big = [CChar](repeating: 0, count: n + 1)
                _ = xkb_state_key_get_utf8(state, keycode, &big, big.count)
                text = String(decoding: big.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
        return (keysym, text)
    }
}
