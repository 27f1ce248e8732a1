import RenderCore
import RenderProtocol

/// The `treeRequest` answer: the model or presentation tree of one session, or of all.
///
///     {"mediaTime":t,"presentation":bool,"sessions":[
///       {"session":id,"client":name,"pid":pid,"root":id|null,"layers":[
///         {"id":n,"kind":"layer|shape|text","superlayer":id|null,"sublayers":[ids],
///          "timing":{"beginTime":s,"speed":x,"timeOffset":s},
///          "properties":{"position":[x,y],"bounds":[x,y,w,h],…},
///          "animations":[{"key":k,"id":n,"state":"pending|active|finished"}]}]}]}
///
/// Layers are listed by id. A presentation dump evaluates every animated layer at the
/// requested time with the same code a frame runs, with no effect on the animations'
/// lifecycle (no events, nothing retired); a model dump shows the committed values and
/// each animation's state as of the latest frame. Numbers are printed round-trip exact;
/// NaN and infinities as null.
extension ServerCore {
    /// A tree request that cannot be answered; the text is the error's message.
    struct TreeRefusal: Error { let message: String }

    /// The layers a tree request dumps, per chosen session, sorted by id; refused past
    /// `maxTreeReplyLayers` before any JSON is built (counting costs O(sessions) for whole
    /// trees, O(cap) for a subtree).
    func treeSelection(_ request: TreeRequest) throws(TreeRefusal) -> [(ClientSession, [LayerID])] {
        let cap = configuration.maxTreeReplyLayers
        let refusal = { (count: Int) in
            TreeRefusal(message: "the dump would hold \(count) layers, over this rendersrvd's limit of \(cap) per "
                + "reply (--max-tree-reply-layers); ask for one session's tree, or a subtree by layer id")
        }
        if request.sessionID == 0 {
            guard request.layer == 0 else {
                throw TreeRefusal(message: "a subtree (layer \(request.layer)) needs a session id; layer ids are per session")
            }
            let chosen = sessions.filter(\.isEstablished)
            let total = chosen.reduce(0) { $0 + $1.store.layerCount }
            guard total <= cap else { throw refusal(total) }
            return chosen.map { ($0, $0.store.layerIDs.sorted()) }
        }
        guard let s = sessions.first(where: { $0.id == request.sessionID && $0.isEstablished }) else {
            let ids = sessions.filter(\.isEstablished).map { "\($0.id)" }.joined(separator: ", ")
            throw TreeRefusal(message: "no client session \(request.sessionID) (open sessions: "
                + "\(ids.isEmpty ? "none" : ids)); pass 0 for every session")
        }
        guard request.layer != 0 else {
            guard s.store.layerCount <= cap else { throw refusal(s.store.layerCount) }
            return [(s, s.store.layerIDs.sorted())]
        }
        guard s.store.node(request.layer) != nil else {
            throw TreeRefusal(message: "session \(s.id) has no layer \(request.layer)")
        }
        var ids: [LayerID] = []
        var stack: [LayerID] = [request.layer]
        while let id = stack.popLast() {
            ids.append(id)
            guard ids.count <= cap else { throw refusal(ids.count) }
            if let node = s.store.node(id) { stack.append(contentsOf: node.sublayers) }
        }
        return [(s, ids.sorted())]
    }

    /// The JSON and the media time it describes.
    func treeJSON(_ request: TreeRequest) throws(TreeRefusal) -> (mediaTime: Double, json: String) {
        let t = request.mediaTime.isNaN ? lastFrameTime : request.mediaTime
        let selection = try treeSelection(request)
        var w = JSONWriter(reservingCapacity: 1024)
        w.beginObject()
        w.member("mediaTime", t)
        w.member("presentation", request.presentation)
        w.key("sessions")
        w.beginArray()
        var lifecycle: [AnimationLifecycle] = []
        for (s, ids) in selection {
            let store = s.store
            w.beginObject()
            w.member("session", s.id)
            w.member("client", s.clientName)
            w.member("pid", s.pid)
            w.key("root")
            if store.root == 0 { w.null() } else { w.value(store.root) }
            w.key("layers")
            w.beginArray()
            for id in ids {
                guard let node = store.node(id) else { continue }
                let properties: LayerProperties
                if request.presentation {
                    properties = engine.presentation(of: id, in: store, at: t, lifecycle: &lifecycle) ?? node.model
                } else {
                    properties = node.model
                    lifecycle = store.animation(of: id)?.lifecycle ?? []
                }
                w.beginObject()
                w.member("id", id)
                w.member("kind", node.kind.description)
                w.key("superlayer")
                if node.superlayer == 0 { w.null() } else { w.value(node.superlayer) }
                w.key("sublayers")
                w.beginArray()
                for c in node.sublayers { w.value(c) }
                w.endArray()
                w.key("timing")
                w.beginObject()
                w.member("beginTime", node.timing.beginTime)
                w.member("speed", node.timing.speed)
                w.member("timeOffset", node.timing.timeOffset)
                w.endObject()
                w.key("properties")
                ServerCore.write(properties, kind: node.kind, into: &w)
                w.key("animations")
                w.beginArray()
                if let state = store.animation(of: id) {
                    for i in state.attached.indices {
                        w.beginObject()
                        w.member("key", state.attached[i].key)
                        w.member("id", state.records[i].id)
                        let life = i < lifecycle.count ? lifecycle[i] : .pending
                        w.member("state", life == .pending ? "pending" : life == .active ? "active" : "finished")
                        w.endObject()
                    }
                }
                w.endArray()
                w.endObject()
            }
            w.endArray()
            w.endObject()
        }
        w.endArray()
        w.endObject()
        return (t, w.output)
    }

    /// Writes a layer's properties: those of every layer, plus the shape or text ones.
    static func write(_ p: LayerProperties, kind: LayerKind, into w: inout JSONWriter) {
        func color(_ k: String, _ c: Color) { w.member(k, numbers: [c.red, c.green, c.blue, c.alpha]) }
        func rect(_ k: String, _ r: Rect) { w.member(k, numbers: [r.origin.x, r.origin.y, r.size.width, r.size.height]) }
        func matrix(_ k: String, _ m: Transform3D) {
            w.member(k, numbers: [m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24,
                                  m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44])
        }
        w.beginObject()
        w.member("position", numbers: [p.position.x, p.position.y])
        rect("bounds", p.bounds)
        w.member("anchorPoint", numbers: [p.anchorPoint.x, p.anchorPoint.y])
        w.member("zPosition", p.zPosition)
        matrix("transform", p.transform)
        matrix("sublayerTransform", p.sublayerTransform)
        w.member("opacity", p.opacity)
        color("backgroundColor", p.backgroundColor)
        color("borderColor", p.borderColor)
        w.member("borderWidth", p.borderWidth)
        w.member("cornerRadius", p.cornerRadius)
        color("shadowColor", p.shadowColor)
        w.member("shadowOpacity", p.shadowOpacity)
        w.member("shadowOffset", numbers: [p.shadowOffset.width, p.shadowOffset.height])
        w.member("shadowRadius", p.shadowRadius)
        rect("contentsRect", p.contentsRect)
        w.member("hidden", p.isHidden)
        w.member("masksToBounds", p.masksToBounds)
        w.key("contents")
        if let c = p.contents {
            w.beginObject(); w.member("width", c.width); w.member("height", c.height); w.endObject()
        } else {
            w.null()
        }
        switch kind {
        case .layer:
            break
        case .shape:
            w.member("path", p.path.elements.count)
            color("fillColor", p.fillColor)
            color("strokeColor", p.strokeColor)
            w.member("lineWidth", p.lineWidth)
            w.member("strokeStart", p.strokeStart)
            w.member("strokeEnd", p.strokeEnd)
        case .text:
            w.member("string", p.string)
            w.member("fontSize", p.fontSize)
            color("foregroundColor", p.foregroundColor)
        }
        w.endObject()
    }
}
