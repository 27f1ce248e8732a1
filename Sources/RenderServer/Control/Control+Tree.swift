import RenderCore
import RenderProtocol

/// The `treeRequest` answer: the model or presentation tree of one session, or of all
/// (`TreeReport` in RenderProtocol, as JSON).
///
///     {"mediaTime":t,"presentation":bool,"sessions":[
///       {"session":id,"client":name,"pid":pid,"root":id|null,"layers":[
///         {"id":n,"kind":"layer|shape|text","superlayer":id|null,"sublayers":[ids],
///          "timing":{"beginTime":s,"speed":x,"timeOffset":s},
///          "properties":{"position":[x,y],"bounds":[x,y,w,h],…},
///          "animations":[{"key":k,"id":n,"state":"pending|active|finished|completed",
///                         "settlingDuration":s (springs)}]}]}]}
///
/// Layers are listed by id. A presentation dump evaluates every animated layer at the
/// requested time with the same code a frame runs, with no effect on the animations'
/// lifecycle (no events, nothing retired); a model dump shows the committed values and
/// each animation's state as of the latest frame. NaN and infinities are written as null.
///
/// Off the frame's critical path: the loop thread only selects the layers (refusing a dump
/// over `maxTreeReplyLayers` before copying anything) and copies what the dump needs — each
/// layer's model, animations (copy-on-write) and local time. Evaluating and encoding run on
/// the control worker (`ServerCore.submitControl`: bounded per client and in total, served
/// in turn), and the reply is sent when it is done.
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
            // A client in the middle of a large commit is left out: its tree is half applied.
            let chosen = sessions.filter { $0.isEstablished && !$0.isFrozen }
            let total = chosen.reduce(0) { $0 + $1.store.layerCount }
            guard total <= cap else { throw refusal(total) }
            return chosen.map { ($0, $0.store.layerIDs.sorted()) }
        }
        guard let s = sessions.first(where: { $0.id == request.sessionID && $0.isEstablished }) else {
            let ids = sessions.filter(\.isEstablished).map { "\($0.id)" }.joined(separator: ", ")
            throw TreeRefusal(message: "no client session \(request.sessionID) (open sessions: "
                + "\(ids.isEmpty ? "none" : ids)); pass 0 for every session")
        }
        guard !s.isFrozen else {
            throw TreeRefusal(message: "session \(s.id) is applying a large commit; ask again after its commitApplied")
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

    /// One layer as the dump needs it, copied on the loop thread.
    struct LayerCopy: Sendable {
        let id: LayerID
        let kind: LayerKind
        let superlayer: LayerID
        let sublayers: [LayerID]
        let timing: LayerTiming
        let model: LayerProperties
        let animations: [AttachedAnimation]
        let animationIDs: [UInt64]
        /// Each animation's lifecycle as of the latest frame (model dumps).
        let lifecycle: [AnimationLifecycle]
        /// The layer's local time at the dump's time (presentation dumps).
        let layerTime: Double?
    }

    /// A tree dump's input, independent of the store.
    struct TreeSnapshot: Sendable {
        let mediaTime: Double
        let presentation: Bool
        let sessions: [(id: UInt32, client: String, pid: Int32, root: LayerID, layers: [LayerCopy])]
    }

    /// What a snapshot of `layers` layers with `animations` animations holds while it waits
    /// for the control worker (`ControlWork`): each layer's copy (its model inline; its
    /// sublayers shared with the store until the store changes them) and each animation's,
    /// rebuilt from its row (`LayerStore.attachedAnimations(of:)`: an `AttachedAnimation` and
    /// its boxed kind, counted at a basic animation's size).
    static func heldByteCount(layers: Int, animations: Int = 0) -> Int {
        layers * MemoryLayout<LayerCopy>.stride
            + animations * (MemoryLayout<AttachedAnimation>.stride + MemoryLayout<BasicAnimation>.stride)
    }

    /// How many animations the layers of `selection` hold (what their snapshot copies).
    static func animationCount(of selection: [(ClientSession, [LayerID])]) -> Int {
        selection.reduce(0) { sum, s in s.1.reduce(sum) { $0 + Int(s.0.store.animation(of: $1)?.count ?? 0) } }
    }

    /// Copies the layers `treeSelection` chose (loop thread). Cost: O(selected layers), at
    /// most `maxTreeReplyLayers`.
    func treeSnapshot(_ request: TreeRequest, of selection: [(ClientSession, [LayerID])]) -> TreeSnapshot {
        let t = request.mediaTime.isNaN ? lastFrameTime : request.mediaTime
        var sessions: [(id: UInt32, client: String, pid: Int32, root: LayerID, layers: [LayerCopy])] = []
        for (s, ids) in selection {
            let store = s.store
            var layers: [LayerCopy] = []
            layers.reserveCapacity(ids.count)
            for id in ids {
                guard let node = store.node(id) else { continue }
                let state = store.animation(of: id)
                layers.append(LayerCopy(id: id, kind: node.kind, superlayer: node.superlayer, sublayers: node.sublayers,
                                        timing: store.timing(of: id) ?? .identity, model: node.model, animations: store.attachedAnimations(of: id),
                                        animationIDs: store.records(of: id).map(\.id),
                                        lifecycle: store.lifecycles(of: id),
                                        layerTime: request.presentation && state != nil ? store.localTime(of: id, at: t) : nil))
            }
            sessions.append((s.id, s.clientName, s.pid, store.root, layers))
        }
        return TreeSnapshot(mediaTime: t, presentation: request.presentation, sessions: sessions)
    }

    /// Evaluates and builds the report (any thread).
    static func report(of snapshot: TreeSnapshot) -> TreeReport {
        var lifecycle: [AnimationLifecycle] = []
        let sessions = snapshot.sessions.map { s in
            TreeReport.Session(session: s.id, client: s.client, pid: s.pid, root: s.root == 0 ? nil : s.root,
                               layers: s.layers.map { l in
                var properties = l.model
                if let layerTime = l.layerTime {
                    Presentation.evaluate(model: l.model, animations: l.animations, layerTime: layerTime,
                                          into: &properties, lifecycle: &lifecycle)
                } else {
                    lifecycle = l.lifecycle
                }
                let animations = l.animations.indices.map { i in
                    let life = i < lifecycle.count ? lifecycle[i] : .pending
                    let animation = l.animations[i].animation
                    let state: String
                    switch life {
                    case .pending: state = "pending"
                    case .active: state = "active"
                    case .finished: state = animation.isRemovedOnCompletion ? "completed" : "finished"
                    }
                    var settling: Double?
                    if case let .spring(s) = animation.kind { settling = s.retargetedSettlingDuration }
                    return TreeReport.AnimationEntry(key: l.animations[i].key, id: l.animationIDs[i], state: state,
                                                     settlingDuration: settling.flatMap { $0.isFinite ? $0 : nil })
                }
                return TreeReport.Layer(id: l.id, kind: l.kind.description, superlayer: l.superlayer == 0 ? nil : l.superlayer,
                                        sublayers: l.sublayers,
                                        timing: TreeReport.Timing(beginTime: JSONNumber(l.timing.beginTime),
                                                                  speed: JSONNumber(l.timing.speed),
                                                                  timeOffset: JSONNumber(l.timing.timeOffset)),
                                        properties: report(of: properties, kind: l.kind), animations: animations)
            })
        }
        return TreeReport(mediaTime: snapshot.mediaTime, presentation: snapshot.presentation, sessions: sessions)
    }

    /// A layer's properties: those of every layer, plus the shape or text ones.
    static func report(of p: LayerProperties, kind: LayerKind) -> TreeReport.Properties {
        func n(_ values: Double...) -> [JSONNumber] { values.map { JSONNumber($0) } }
        func color(_ c: Color) -> [JSONNumber] { n(c.red, c.green, c.blue, c.alpha) }
        func rect(_ r: Rect) -> [JSONNumber] { n(r.origin.x, r.origin.y, r.size.width, r.size.height) }
        func matrix(_ m: Transform3D) -> [JSONNumber] {
            n(m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24, m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44)
        }
        var r = TreeReport.Properties(
            position: n(p.position.x, p.position.y), bounds: rect(p.bounds), anchorPoint: n(p.anchorPoint.x, p.anchorPoint.y),
            zPosition: JSONNumber(p.zPosition), transform: matrix(p.transform), sublayerTransform: matrix(p.sublayerTransform),
            opacity: JSONNumber(p.opacity), backgroundColor: color(p.backgroundColor), borderColor: color(p.borderColor),
            borderWidth: JSONNumber(p.borderWidth), cornerRadius: JSONNumber(p.cornerRadius), shadowColor: color(p.shadowColor),
            shadowOpacity: JSONNumber(p.shadowOpacity), shadowOffset: n(p.shadowOffset.width, p.shadowOffset.height),
            shadowRadius: JSONNumber(p.shadowRadius), contentsRect: rect(p.contentsRect), hidden: p.isHidden,
            masksToBounds: p.masksToBounds,
            contents: p.contents.map { TreeReport.ContentsSize(width: Int($0.width), height: Int($0.height)) })
        r.mask = p.mask == 0 ? nil : p.mask
        r.contentsGravity = p.contentsGravity; r.contentsScale = JSONNumber(p.contentsScale)
        r.shadowPath = p.shadowPath.isEmpty ? nil : p.shadowPath.elements.count
        switch kind {
        case .layer:
            break
        case .shape:
            r.path = p.path.elements.count
            r.fillColor = color(p.fillColor); r.strokeColor = color(p.strokeColor)
            r.lineWidth = JSONNumber(p.lineWidth); r.strokeStart = JSONNumber(p.strokeStart)
            r.strokeEnd = JSONNumber(p.strokeEnd)
            r.lineDashPattern = p.lineDashPattern.map { JSONNumber($0) }; r.lineDashPhase = JSONNumber(p.lineDashPhase)
        case .text:
            r.string = p.string; r.fontSize = JSONNumber(p.fontSize); r.foregroundColor = color(p.foregroundColor)
            r.truncationMode = p.truncationMode
        }
        return r
    }
}
