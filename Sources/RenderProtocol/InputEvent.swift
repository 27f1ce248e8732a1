import RenderCore

/// One event of the pointer, the wheel or the keyboard, as the daemon receives it from a
/// window output (X11, Wayland) or from an injection request, before hit-testing and
/// delivery (PROTOCOL.md §5.3). Coordinates are display points: the space of the clients'
/// root layers, origin at the display's top left, y down.
public struct InputEvent: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: UInt8, Sendable, CaseIterable {
        /// A button pressed, or a finger touching.
        case pointerDown = 1
        /// The pointer moved (with or without buttons held), or a finger moved.
        case pointerMove = 2
        /// A button released, or a finger lifted.
        case pointerUp = 3
        /// The gesture ends without a release (the window lost the pointer, a touch was
        /// cancelled by the system).
        case pointerCancel = 4
        /// A wheel or axis event: `scrollX`, `scrollY` in points.
        case scroll = 5
        case keyDown = 6
        case keyUp = 7
    }

    public var kind: Kind
    /// 0 for the mouse, a touch point's id (1 and up) for a finger.
    public var pointerID: UInt32
    /// Display points (for key events, where the pointer was; may be NaN when unknown).
    public var x: Double
    public var y: Double
    /// The button that changed for `pointerDown`/`pointerUp`: 1 primary (left), 2 middle,
    /// 3 secondary (right), 8 back, 9 forward; 0 for motion, scroll, keys and touch.
    public var button: UInt8
    /// Modifier keys held, X11's mask bits (`InputModifiers`).
    public var modifiers: InputModifiers
    /// For `scroll`: how far the content should move, in points; positive y shows what is
    /// further down (the content moves up), positive x what is further right. One notch of a
    /// mouse wheel is `InputEvent.pointsPerWheelNotch`.
    public var scrollX: Double
    public var scrollY: Double
    /// For keys: the X keysym of the key with the modifiers applied (`XK_a` = 0x61,
    /// `XK_Return` = 0xff0d), the hardware keycode (evdev + 8, as X numbers them) and the
    /// text the key types (UTF-8, empty for keys that type nothing).
    public var keysym: UInt32
    public var keycode: UInt32
    public var text: String
    /// Media time (CLOCK_MONOTONIC seconds) the event happened.
    public var time: Double

    public init(kind: Kind, pointerID: UInt32 = 0, x: Double, y: Double, button: UInt8 = 0,
                modifiers: InputModifiers = [], scrollX: Double = 0, scrollY: Double = 0,
                keysym: UInt32 = 0, keycode: UInt32 = 0, text: String = "", time: Double) {
        self.kind = kind; self.pointerID = pointerID; self.x = x; self.y = y; self.button = button
        self.modifiers = modifiers; self.scrollX = scrollX; self.scrollY = scrollY
        self.keysym = keysym; self.keycode = keycode; self.text = text; self.time = time
    }

    /// Points one notch of a mouse wheel scrolls (X11 buttons 4–7 and Wayland's discrete
    /// axis steps): 40, between GTK's and Chromium's.
    public static let pointsPerWheelNotch: Double = 40

    public var isPointer: Bool { kind.rawValue <= Kind.scroll.rawValue }
    public var isKey: Bool { kind == .keyDown || kind == .keyUp }

    public var description: String {
        switch kind {
        case .keyDown, .keyUp:
            return "\(kind) keysym 0x\(String(keysym, radix: 16)) keycode \(keycode)"
                + (text.isEmpty ? "" : " \"\(text)\"") + " at \(time)"
        case .scroll:
            return "scroll (\(scrollX), \(scrollY)) at (\(x), \(y)) t \(time)"
        default:
            return "\(kind) pointer \(pointerID)" + (button != 0 ? " button \(button)" : "") + " at (\(x), \(y)) t \(time)"
        }
    }
}

/// Modifier keys held during an event, with X11's bit assignments (`ShiftMask` … `Mod5Mask`).
public struct InputModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let shift = InputModifiers(rawValue: 1 << 0)
    public static let capsLock = InputModifiers(rawValue: 1 << 1)
    public static let control = InputModifiers(rawValue: 1 << 2)
    /// Alt (X11's Mod1).
    public static let alt = InputModifiers(rawValue: 1 << 3)
    /// Num Lock (X11's Mod2).
    public static let numLock = InputModifiers(rawValue: 1 << 4)
    /// Super, the logo key (X11's Mod4).
    public static let `super` = InputModifiers(rawValue: 1 << 6)
}
