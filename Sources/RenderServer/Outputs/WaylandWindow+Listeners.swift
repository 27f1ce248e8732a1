import CWayland

/// The window's listener tables: C structs of function pointers, allocated once and alive as
/// long as the window. Each callback finds the window through its `data` pointer.
final class WaylandListeners {
    let registry = zeroed(wl_registry_listener.self)
    let shm = zeroed(wl_shm_listener.self)
    let wmBase = zeroed(xdg_wm_base_listener.self)
    let xdgSurface = zeroed(xdg_surface_listener.self)
    let toplevel = zeroed(xdg_toplevel_listener.self)
    let frame = zeroed(wl_callback_listener.self)
    let presentation = zeroed(wp_presentation_listener.self)
    let feedback = zeroed(wp_presentation_feedback_listener.self)
    let output = zeroed(wl_output_listener.self)
    let surface = zeroed(wl_surface_listener.self)
    let decoration = zeroed(zxdg_toplevel_decoration_v1_listener.self)

    /// Filled field by field (not with memberwise initialisers): newer libwayland headers add
    /// events for protocol versions the window does not bind, which stay null.
    func install(_ w: WaylandWindow) {
        registry.pointee.global = { data, _, name, interface, version in
            window(data).global(name: name, interface: String(cString: interface!), version: version)
        }
        registry.pointee.global_remove = { _, _, _ in }
        shm.pointee.format = { data, _, format in window(data).shmFormat(format) }
        wmBase.pointee.ping = { data, _, serial in window(data).ping(serial) }
        xdgSurface.pointee.configure = { data, _, serial in window(data).surfaceConfigured(serial: serial) }
        toplevel.pointee.configure = { data, _, width, height, array in
            var states = Set<UInt32>()
            if let a = array, let bytes = a.pointee.data {
                let p = bytes.assumingMemoryBound(to: UInt32.self)
                for i in 0..<(a.pointee.size / MemoryLayout<UInt32>.size) { states.insert(p[i]) }
            }
            window(data).toplevelConfigured(width: width, height: height, states: states)
        }
        toplevel.pointee.close = { data, _ in window(data).closeRequestedByCompositor() }
        toplevel.pointee.configure_bounds = { _, _, _, _ in }
        toplevel.pointee.wm_capabilities = { _, _, _ in }
        frame.pointee.done = { data, callback, _ in window(data).frameDone(callback!) }
        presentation.pointee.clock_id = { data, _, id in window(data).presentationClockID(id) }
        feedback.pointee.sync_output = { _, _, _ in }
        feedback.pointee.presented = { data, fb, hi, lo, nsec, refresh, _, _, _ in
            window(data).feedbackPresented(fb!, seconds: UInt64(hi) << 32 | UInt64(lo), nanoseconds: nsec, refresh: refresh)
        }
        feedback.pointee.discarded = { data, fb in window(data).feedbackDiscarded(fb!) }
        output.pointee.geometry = { _, _, _, _, _, _, _, _, _, _ in }
        output.pointee.mode = { data, o, flags, _, _, refresh in
            window(data).outputMode(o!, current: flags & WL_OUTPUT_MODE_CURRENT.rawValue != 0, refresh: refresh)
        }
        output.pointee.done = { _, _ in }
        output.pointee.scale = { data, o, factor in window(data).outputScale(o!, factor) }
        surface.pointee.enter = { data, _, o in window(data).surfaceEntered(o!) }
        surface.pointee.leave = { data, _, o in window(data).surfaceLeft(o!) }
        decoration.pointee.configure = { data, _, mode in window(data).decorationConfigured(mode: mode) }
    }

    deinit {
        registry.deallocate(); shm.deallocate(); wmBase.deallocate(); xdgSurface.deallocate(); toplevel.deallocate()
        frame.deallocate(); presentation.deallocate(); feedback.deallocate(); output.deallocate()
        surface.deallocate(); decoration.deallocate()
    }
}

/// A listener table with every function pointer null.
private func zeroed<T>(_: T.Type) -> UnsafeMutablePointer<T> {
    let p = UnsafeMutablePointer<T>.allocate(capacity: 1)
    UnsafeMutableRawPointer(p).initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<T>.size)
    return p
}

private func window(_ data: UnsafeMutableRawPointer?) -> WaylandWindow {
    Unmanaged<WaylandWindow>.fromOpaque(data!).takeUnretainedValue()
}

extension WaylandWindow {
    func closeRequestedByCompositor() { closeRequested = true }
}
