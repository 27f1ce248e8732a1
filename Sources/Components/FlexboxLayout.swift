import RenderCore

/// The flexbox algorithm behind `FlexboxComponent`: Yoga's rules (facebook/yoga,
/// `yoga/algorithm/CalculateLayout.cpp`) over ComponentKit's API, with Yoga's defaults.
/// `YogaCaseTests` holds Yoga's generated cases: all 494 match, in both directions; the
/// README lists what still differs (outside those cases) and why.
///
///     0. right-to-left: edges are mirrored (start/end resolved, left ↔ right) and the layout
///        runs left-to-right, then children's x are mirrored; nested flexboxes inherit it
///     1. inner box = constraint − padding − border (on an axis whose min = max the size is
///        exact); percentages of padding and margins are of the parent's width. At the root
///        the constraint bounds the size (ComponentKit's); for a flexbox laid out by a
///        flexbox its maximum is the space available, which content that does not shrink
///        may exceed up to the child's own maximum, unless it scrolls (Yoga's fit-content)
///     2. each relative child's flex basis: `flexBasis`, else its own exact length, else the
///        other length × aspect ratio, else its content measured with this box's inner main
///        length, less its margins, as the space available (Yoga's fit-content; unbounded
///        when this box scrolls), so text wraps there and percentages inside resolve;
///        the hypothetical size is the basis clamped to the child's min/max and never below
///        its padding + border
///     3. lines: one, or (wrap) as many as the inner main length allows (gaps included)
///     4. per line, free space → grow by `flexGrow`, or shrink by `flexShrink × basis`, with
///        min/max violations frozen and the rest redistributed (CSS §9.7; factor sums below
///        one take that share). When the main length is not exact the line takes its
///        content's length, the bound (the child's own maximum, see 1) if it overflows, the
///        minimum if it is short; a wrapping container whose items overflow takes the space
///     5. each child laid out with its final main length; its cross length from the aspect
///        ratio, its own (even past the line), the line's when it stretches (`.stretch`,
///        cross size auto, no auto cross margin) on the one line of an exact cross length,
///        or its content (which may exceed the line). A percentage of an indefinite length
///        (no bound) is auto; a cross percentage of a bounded, not exact length is measured
///        as content and does not stretch
///     6. line cross lengths (row gaps between); the container's; `alignContent` between
///        lines, negative space falling back as Yoga's does
///     7. positions: auto margins, else `justifyContent` (negative space: center and end
///        overflow, the rest start), `alignSelf` or auto margins across (a child larger than
///        its line centred or end-aligned overflows toward the start), mirrored for reverse
///        directions and `wrapReverse`; relative insets move a child. A stretched child not
///        yet laid out at an exact cross length is laid out again at the line's, so
///        percentages inside it resolve (skipped when only a size is measured)
///     8. absolute children: sized in the padding box; placed by their insets from it, else
///        by justify/align (centred with their margins). Those of static children are sized
///        and inset against this box (their containing block); on an axis without insets
///        they take their static position, aligned in their parent at their new size
///
/// Lengths are points; frames are not rounded here: the host rounds the whole tree once
/// (`Layout.roundedToPixelGrid(scale:origin:)`), as Yoga rounds at the end of a layout pass.
/// Pure: runs on any thread.
struct FlexboxLayout {
    let style: FlexboxStyle
    let children: [FlexboxChild]

    /// The layout direction of the flexbox being laid out, for nested ones that inherit it.
    @TaskLocal static var inheritedRightToLeft = false
    /// The flexbox whose range's maximum is only the space available (`layoutOfChild`), not
    /// a bound: laid out by a flexbox parent, it may come out larger.
    @TaskLocal static var laidOutAsChild: ObjectIdentifier? = nil
    /// Whether only the size of the layout being made counts (a flex basis measured): no
    /// step changes a size after step 6, so stretched children are not laid out again
    /// (Yoga skips the alignment steps when it only measures).
    @TaskLocal static var measuringOnly = false

    /// Physical lengths on four sides, points, already mirrored for right-to-left: the
    /// layout runs left-to-right and mirrors its children's x at the end.
    struct Box {
        var top = 0.0, left = 0.0, bottom = 0.0, right = 0.0
        var horizontal: Double { left + right }
        var vertical: Double { top + bottom }
        static func + (a: Box, b: Box) -> Box {
            Box(top: a.top + b.top, left: a.left + b.left, bottom: a.bottom + b.bottom, right: a.right + b.right)
        }
    }
    /// `e` resolved against `width` (percentages of every edge are of the width) with
    /// `start`/`end` and the direction applied; `.auto` sides count 0 and are reported.
    static func resolve(_ e: Edges, rtl: Bool, width: Double) -> (Box, auto: (top: Bool, left: Bool, bottom: Bool, right: Bool)) {
        let l = e.start ?? (rtl ? e.right : e.left), r = e.end ?? (rtl ? e.left : e.right)
        func v(_ d: Dimension) -> Double { d.resolve(width) ?? 0 }
        return (Box(top: v(e.top), left: v(l), bottom: v(e.bottom), right: v(r)),
                (e.top == .auto, l == .auto, e.bottom == .auto, r == .auto))
    }
    /// Insets of a position, mirrored for right-to-left; `nil` where `auto`.
    static func insets(_ p: FlexboxChild.Position, rtl: Bool, size: Size) -> (top: Double?, left: Double?, bottom: Double?, right: Double?) {
        let l = p.start != .auto ? p.start : (rtl ? p.right : p.left)
        let r = p.end != .auto ? p.end : (rtl ? p.left : p.right)
        return (p.top.resolve(size.height), l.resolve(size.width), p.bottom.resolve(size.height), r.resolve(size.width))
    }

    /// Main/cross views of sizes for the style's direction.
    struct Axes {
        let row: Bool
        func main(_ s: Size) -> Double { row ? s.width : s.height }
        func cross(_ s: Size) -> Double { row ? s.height : s.width }
        func size(main: Double, cross: Double) -> Size {
            row ? Size(width: main, height: cross) : Size(width: cross, height: main)
        }
        func point(main: Double, cross: Double) -> Point {
            row ? Point(x: main, y: cross) : Point(x: cross, y: main)
        }
    }

    /// One relative child in the flow.
    struct Item {
        let index: Int
        let child: FlexboxChild
        let component: Component
        /// The component's own minimum and maximum, resolved against the inner box (its
        /// exact width and height are only where flexing starts, as in Yoga).
        let own: SizeRange
        /// The component's own exact main and cross lengths, if it gives them.
        let ownMain: Double?, ownCross: Double?
        /// Margins on the flow's leading and trailing sides (spacing before/after included).
        let mainLead: Double, mainTrail: Double, crossLead: Double, crossTrail: Double
        let align: FlexboxStyle.AlignItems
        /// Whether the component leaves its cross length to the layout.
        let crossAuto: Bool
        /// Which margins are `auto` (they take free space), leading and trailing.
        var autoMain = (false, false), autoCross = (false, false)
        /// Whether its cross percentage is measured as content (the container's cross is not exact).
        var loose = false
        var base = 0.0, hypothetical = 0.0, target = 0.0
        var frozen = false
        var layout: Layout? = nil
        /// Whether `layout` was made at an exact cross length (else a stretch lays it out again).
        var crossExact = false
        var mainPosition = 0.0, crossPosition = 0.0
        var mainMargins: Double { mainLead + mainTrail }
        /// The aspect ratio, if it is one (Yoga treats 0 as none).
        var ratio: Double? { child.aspectRatio.flatMap { $0 > 0 && $0.isFinite ? $0 : nil } }
        var crossMargins: Double { crossLead + crossTrail }
    }

    /// Lays out `owner` (whose style and children these are) within `range`; `parentSize`
    /// is the parent's inner size, against which percent padding resolves (its width).
    func layout(of owner: Component, in range: SizeRange, parentSize: Size) -> Layout {
        let rtl: Bool
        switch style.layoutDirection {
        case .inherit: rtl = FlexboxLayout.inheritedRightToLeft
        case .leftToRight: rtl = false
        case .rightToLeft: rtl = true
        }
        let asChild = FlexboxLayout.laidOutAsChild == ObjectIdentifier(owner)
        return FlexboxLayout.$inheritedRightToLeft.withValue(rtl) {
            FlexboxLayout.$laidOutAsChild.withValue(nil) {
                layoutLeftToRight(of: owner, in: range, parentSize: parentSize, rtl: rtl, maxIsAvailable: asChild)
            }
        }
    }

    /// `maxIsAvailable`: where `range` is not exact its maximum is the space available,
    /// which content may exceed (Yoga's fit-content, `layoutOfChild`), not a bound.
    func layoutLeftToRight(of owner: Component, in range: SizeRange, parentSize: Size, rtl: Bool, maxIsAvailable: Bool) -> Layout {
        let ax = Axes(row: style.isRow)
        let ownerWidth = parentSize.width
        let border = FlexboxLayout.resolve(style.border, rtl: rtl, width: .nan).0
        let pad = FlexboxLayout.resolve(style.padding, rtl: rtl, width: ownerWidth).0 + border
        let padMain = style.isRow ? pad.horizontal : pad.vertical
        let padCross = style.isRow ? pad.vertical : pad.horizontal
        let innerMinMain = max(0, ax.main(range.min) - padMain), innerMaxMain = max(0, ax.main(range.max) - padMain)
        let innerMinCross = max(0, ax.cross(range.min) - padCross), innerMaxCross = max(0, ax.cross(range.max) - padCross)
        let exactMain = innerMinMain == innerMaxMain, exactCross = innerMinCross == innerMaxCross
        // Laid out by a flexbox, where the size is not exact `range.max` is the space
        // available: lines flex to fit the component's own maximum, not to it, and content
        // that does not shrink exceeds it, unless it scrolls (Yoga's fit-content). At the
        // root, `range` bounds as ComponentKit's constraint does.
        let lineBound = maxIsAvailable ? FlexboxLayout.bound(of: owner, in: range, parentSize: parentSize) : range
        let bound = style.overflow == .scroll ? range : lineBound
        let innerBoundMain = max(0, ax.main(bound.max) - padMain), innerBoundCross = max(0, ax.cross(bound.max) - padCross)
        let innerLineBound = max(0, ax.main(lineBound.max) - padMain)
        // Percentages resolve against the inner box where it is known.
        let innerParent = ax.size(main: innerMaxMain, cross: innerMaxCross)

        let mainGap = style.spacing + ((style.isRow ? style.columnGap : style.rowGap).resolve(innerMaxMain) ?? 0)
        let crossGap = (style.isRow ? style.rowGap : style.columnGap).resolve(innerMaxCross) ?? 0

        var items: [Item] = []
        var absolutes: [(Int, FlexboxChild, Component)] = []
        var hidden: [(Int, LayoutChild)] = []
        for (i, c) in children.enumerated() {
            guard let comp = c.component else { continue }
            if c.display == .none { hidden.append((i, LayoutChild(position: .zero, layout: FlexboxLayout.emptied(comp)))); continue }
            if c.position.kind == .absolute { absolutes.append((i, c, comp)); continue }
            let (m, mAuto) = FlexboxLayout.resolve(c.margin, rtl: rtl, width: innerParent.width)
            let reverse = style.isReverse, wrapReverse = style.wrap == .wrapReverse
            let (mLead, mTrail) = style.isRow ? (reverse ? (m.right, m.left) : (m.left, m.right))
                                              : (reverse ? (m.bottom, m.top) : (m.top, m.bottom))
            let (cLead, cTrail) = style.isRow ? (wrapReverse ? (m.bottom, m.top) : (m.top, m.bottom))
                                              : (wrapReverse ? (m.right, m.left) : (m.left, m.right))
            let (aLead, aTrail) = style.isRow ? (reverse ? (mAuto.right, mAuto.left) : (mAuto.left, mAuto.right))
                                              : (reverse ? (mAuto.bottom, mAuto.top) : (mAuto.top, mAuto.bottom))
            let (acLead, acTrail) = style.isRow ? (wrapReverse ? (mAuto.bottom, mAuto.top) : (mAuto.top, mAuto.bottom))
                                                : (wrapReverse ? (mAuto.right, mAuto.left) : (mAuto.left, mAuto.right))
            var bounds = comp.size
            bounds.width = .auto; bounds.height = .auto
            // A box is never smaller than its padding and border (Yoga), whatever its size says.
            let pb = FlexboxLayout.paddingAndBorder(of: comp, ownerWidth: innerParent.width)
            var own = bounds.resolve(parentSize: innerParent)
            own.min = Size(width: max(own.min.width, pb.width), height: max(own.min.height, pb.height))
            own.max = Size(width: max(own.max.width, pb.width), height: max(own.max.height, pb.height))
            let ownMain = comp.size.exact(width: style.isRow).resolve(ax.main(innerParent))
                .map { min(max($0, ax.main(own.min)), ax.main(own.max)) }
            // A percentage across a container whose cross length is not exact but bounded is
            // measured as content (Yoga's loose percentage measurement); it does not stretch
            // either. Of an indefinite length (no bound) it is no length at all: auto, so it
            // stretches (Yoga's `hasDefiniteLength`).
            let crossDimension = comp.size.exact(width: !style.isRow)
            var loose = false
            if case .percent = crossDimension, !exactCross, innerMaxCross.isFinite { loose = true }
            let ownCross = (loose ? nil : crossDimension.resolve(ax.cross(innerParent)))
                .map { min(max($0, ax.cross(own.min)), ax.cross(own.max)) }
            items.append(Item(index: i, child: c, component: comp, own: own, ownMain: ownMain, ownCross: ownCross,
                              mainLead: mLead + c.spacingBefore, mainTrail: mTrail + c.spacingAfter,
                              crossLead: cLead, crossTrail: cTrail, align: c.alignSelf ?? style.alignItems,
                              crossAuto: ownCross == nil && !loose, autoMain: (aLead, aTrail), autoCross: (acLead, acTrail),
                              loose: loose))
        }

        func measure(_ it: Item, main: Double?, cross: Double?, mainAvailable: Double = .infinity) -> Layout {
            let m0 = max(main.map { max(0, $0) } ?? 0, ax.main(it.own.min)), m1 = max(main.map { max(0, $0) } ?? mainAvailable, m0)
            let c0 = max(cross.map { max(0, $0) } ?? 0, ax.cross(it.own.min)), c1 = cross.map { max(0, $0) } ?? max(0, innerMaxCross - it.crossMargins)
            let r = SizeRange(min: ax.size(main: m0, cross: c0), max: ax.size(main: m1, cross: Swift.max(c0, c1)))
            let parent = it.loose ? ax.size(main: ax.main(innerParent), cross: .infinity) : innerParent
            return FlexboxLayout.layoutOfChild(it.component, in: r, parentSize: parent)
        }
        func stretches(_ it: Item) -> Bool {
            it.align == .stretch && it.crossAuto && it.ratio == nil && !it.autoCross.0 && !it.autoCross.1
        }
        /// The cross length known before layout, if any.
        func knownCross(_ it: Item) -> Double? {
            if let c = it.ownCross { return c }
            if it.align == .stretch && it.crossAuto && exactCross { return max(0, innerMinCross - it.crossMargins) }
            return nil
        }

        // 2. Flex basis and hypothetical main size.
        for k in items.indices {
            let it = items[k]
            var base: Double
            if let b = it.child.flexBasis.resolve(ax.main(innerParent)) {
                base = b
            } else if let m = it.ownMain {
                base = m
            } else if let r = it.ratio, let c = knownCross(it) {
                base = style.isRow ? c * r : c / r
            } else {
                let stretchedCross = stretches(it) && exactCross ? max(0, innerMinCross - it.crossMargins) : nil
                let available = style.overflow == .scroll ? .infinity : max(0, innerMaxMain - it.mainMargins)
                base = ax.main(FlexboxLayout.$measuringOnly.withValue(true) {
                    measure(it, main: nil, cross: stretchedCross, mainAvailable: available)
                }.size)
            }
            items[k].base = max(0, base)
            items[k].hypothetical = min(max(items[k].base, ax.main(it.own.min)), ax.main(it.own.max))
        }

        // 3. Lines.
        var lines: [[Int]] = []
        if style.wrap == .noWrap || !innerMaxMain.isFinite {
            lines = items.isEmpty ? [] : [Array(items.indices)]
        } else {
            var current: [Int] = [], used = 0.0
            for k in items.indices {
                let outer = items[k].hypothetical + items[k].mainMargins
                let add = current.isEmpty ? outer : mainGap + outer
                if !current.isEmpty && used + add > innerMaxMain + 1e-9 {
                    lines.append(current); current = [k]; used = outer
                } else {
                    current.append(k); used += add
                }
            }
            if !current.isEmpty { lines.append(current) }
        }

        // 4–5. Flexible lengths, then each child's layout at its main length. Sized to fit, a
        // wrapping container whose items overflow the space takes all of it (Yoga).
        let unwrapped = items.reduce(mainGap * Double(items.count - 1)) { $0 + $1.hypothetical + $1.mainMargins }
        let fixedMain: Double? = exactMain ? innerMinMain
            : (style.wrap != .noWrap && innerMaxMain.isFinite && unwrapped > innerMaxMain ? innerMaxMain : nil)
        var lineMains: [Double] = []
        for line in lines {
            let spacing = mainGap * Double(line.count - 1)
            let margins = line.reduce(0) { $0 + items[$1].mainMargins }
            let used = line.reduce(spacing + margins) { $0 + items[$1].hypothetical }
            let lineMain: Double
            if let fixedMain { lineMain = fixedMain }
            else if innerLineBound.isFinite && used > innerLineBound { lineMain = innerLineBound }
            else { lineMain = max(used, innerMinMain) }
            lineMains.append(lineMain)
            resolveFlexibleLengths(&items, line: line, available: lineMain - spacing - margins, growing: used < lineMain)
            for k in line {
                let it = items[k]
                // An explicit cross length is kept even where it overflows the line (Yoga). On
                // one line of an exact cross length a stretched child takes it now (Yoga).
                let stretched = stretches(it) && style.wrap == .noWrap ? knownCross(it).map {
                    min(max($0, ax.cross(it.own.min)), ax.cross(it.own.max))
                } : nil
                let cross: Double? = it.ratio.map { r in style.isRow ? it.target / r : it.target * r } ?? it.ownCross ?? stretched
                items[k].layout = measure(it, main: it.target, cross: cross)
                items[k].crossExact = cross != nil
            }
        }

        // 6. Line cross lengths and the container's cross length.
        var lineCross: [Double] = []
        var lineAscent: [Double] = []
        for line in lines {
            var c = 0.0, ascent = 0.0, descent = 0.0
            for k in line {
                let it = items[k], l = it.layout!
                c = max(c, ax.cross(l.size) + it.crossMargins)
                if it.align == .baseline && style.isRow {
                    ascent = max(ascent, it.crossLead + l.effectiveBaseline)
                    descent = max(descent, l.size.height - l.effectiveBaseline + it.crossTrail)
                }
            }
            lineCross.append(max(c, ascent + descent))
            lineAscent.append(ascent)
        }
        let contentCross = lineCross.reduce(0, +) + crossGap * Double(max(0, lineCross.count - 1))
        let innerCross = exactCross ? innerMinCross : min(max(contentCross, innerMinCross), innerBoundCross)
        if style.wrap == .noWrap, !lineCross.isEmpty { lineCross[0] = innerCross }
        let innerMain = fixedMain ?? min(max(lineMains.max() ?? 0, innerMinMain), innerBoundMain)

        var lead = 0.0, between = 0.0
        let extra = innerCross - contentCross
        if style.wrap != .noWrap, !lines.isEmpty {
            let n = Double(lines.count)
            // Negative space: the spreading alignments fall back to the start (Yoga's fallback).
            switch extra < 0 && style.alignContent != .center && style.alignContent != .end ? .start : style.alignContent {
            case .start: break
            case .end: lead = extra
            case .center: lead = extra / 2
            case .spaceBetween: if lines.count > 1 { between = extra / (n - 1) }
            case .spaceAround: between = extra / n; lead = between / 2
            case .spaceEvenly: between = extra / (n + 1); lead = between
            case .stretch: for i in lineCross.indices { lineCross[i] += extra / n }
            }
        }

        // 7. Positions.
        let measuring = FlexboxLayout.measuringOnly
        var crossCursor = lead
        for (li, line) in lines.enumerated() {
            let lc = lineCross[li]
            for k in line {
                var it = items[k]
                if stretches(it) && !measuring {
                    // Laid out again at the line's length even when its size is that already:
                    // percentages inside it now resolve against a definite length (Yoga).
                    let c = min(max(lc - it.crossMargins, ax.cross(it.own.min)), ax.cross(it.own.max))
                    if c != ax.cross(it.layout!.size) || !it.crossExact {
                        it.layout = measure(it, main: it.target, cross: c)
                        it.crossExact = true
                    }
                }
                let l = it.layout!
                let size = ax.cross(l.size)
                var pos: Double
                switch it.align {
                case .stretch, .start: pos = it.crossLead
                case .end: pos = lc - it.crossTrail - size
                case .center: pos = it.crossLead + (lc - it.crossMargins - size) / 2
                case .baseline: pos = style.isRow ? lineAscent[li] - l.effectiveBaseline : it.crossLead
                }
                if it.autoCross.0 || it.autoCross.1 {
                    let free = max(0, lc - it.crossMargins - size)
                    pos = it.crossLead + (it.autoCross.0 && it.autoCross.1 ? free / 2 : (it.autoCross.0 ? free : 0))
                }
                it.crossPosition = crossCursor + pos
                items[k] = it
            }
            crossCursor += lc + between + crossGap

            let n = line.count
            let content = line.reduce(mainGap * Double(n - 1)) { $0 + ax.main(items[$1].layout!.size) + items[$1].mainMargins }
            let remaining = innerMain - content
            let autoMargins = line.reduce(0) { $0 + (items[$1].autoMain.0 ? 1 : 0) + (items[$1].autoMain.1 ? 1 : 0) }
            var mainLead = 0.0, gap = 0.0
            if autoMargins == 0 {
                // Negative space: center and end overflow as they are; the spreading ones start.
                let j = remaining < 0 && style.justifyContent != .center && style.justifyContent != .end ? .start : style.justifyContent
                switch j {
                case .start: break
                case .center: mainLead = remaining / 2
                case .end: mainLead = remaining
                case .spaceBetween: if n > 1 { gap = remaining / Double(n - 1) }
                case .spaceAround: gap = remaining / Double(n); mainLead = gap / 2
                case .spaceEvenly: gap = remaining / Double(n + 1); mainLead = gap
                }
            }
            let perAuto = autoMargins > 0 && remaining > 0 ? remaining / Double(autoMargins) : 0
            var cursor = mainLead
            for k in line {
                if items[k].autoMain.0 { cursor += perAuto }
                cursor += items[k].mainLead
                items[k].mainPosition = cursor
                cursor += ax.main(items[k].layout!.size) + items[k].mainTrail + mainGap + gap
                if items[k].autoMain.1 { cursor += perAuto }
            }
        }

        let padMainLead = style.isRow ? pad.left : pad.top, padCrossLead = style.isRow ? pad.top : pad.left
        var placed: [(Int, LayoutChild)] = []
        for it in items {
            let l = it.layout!
            let m = style.isReverse ? innerMain - it.mainPosition - ax.main(l.size) : it.mainPosition
            let c = style.wrap == .wrapReverse ? innerCross - it.crossPosition - ax.cross(l.size) : it.crossPosition
            var p = ax.point(main: padMainLead + m, cross: padCrossLead + c)
            if it.child.position.kind == .relative {
                let ins = FlexboxLayout.insets(it.child.position, rtl: rtl, size: innerParent)
                p.x += ins.left ?? ins.right.map { -$0 } ?? 0
                p.y += ins.top ?? ins.bottom.map { -$0 } ?? 0
            }
            placed.append((it.index, LayoutChild(position: p, layout: l)))
        }
        // Never smaller than the padding and border (Yoga).
        var size = bound.clamp(ax.size(main: innerMain + padMain, cross: innerCross + padCross))
        size.width = max(size.width, pad.horizontal); size.height = max(size.height, pad.vertical)

        // 8. Absolute children.
        for (i, c, comp) in absolutes {
            placed.append((i, placeAbsolute(c, comp, in: size, padding: pad, border: border, rtl: rtl)))
        }
        if rtl {
            for i in placed.indices {
                placed[i].1.position.x = size.width - placed[i].1.position.x - placed[i].1.layout.size.width
            }
        }
        // Absolute children of static children have this box as their containing block.
        for k in placed.indices {
            let i = placed[k].0
            guard children[i].position.kind == .static, let f = children[i].component as? FlexboxComponent else { continue }
            placed[k].1.layout = rehome(placed[k].1.layout, of: f, offset: placed[k].1.position, ownerWidth: innerParent.width,
                                        inheritedRTL: rtl, in: size, padding: pad, border: border, rtl: rtl)
        }
        placed += hidden
        placed.sort { $0.0 < $1.0 }
        for k in placed.indices where children[placed[k].0].useTextRounding { placed[k].1.layout.usesTextRounding = true }

        // Baseline (Yoga): the first child of the first line aligned by baseline, else the
        // first child of that line.
        var baseline: Double? = nil
        let firstLine = lines.first ?? []
        if let k = firstLine.first(where: { items[$0].align == .baseline }) ?? firstLine.first,
           let p = placed.first(where: { $0.0 == items[k].index }) {
            baseline = p.1.position.y + p.1.layout.effectiveBaseline
        }
        return Layout(component: owner, size: size, children: placed.map(\.1), baseline: baseline)
    }

    /// Step 4 for one line: CSS §9.7 "resolve the flexible lengths". `available` is the
    /// line's main length less spacing and margins. Sets `target` of each item.
    func resolveFlexibleLengths(_ items: inout [Item], line: [Int], available: Double, growing: Bool) {
        let ax = Axes(row: style.isRow)
        let used = line.reduce(0) { $0 + items[$1].hypothetical }
        for k in line {
            let it = items[k]
            let factor = growing ? it.child.flexGrow : it.child.flexShrink
            items[k].target = it.hypothetical
            items[k].frozen = factor == 0 || used == available
                || (growing && it.base > it.hypothetical) || (!growing && it.base < it.hypothetical)
        }
        while line.contains(where: { !items[$0].frozen }) {
            let unfrozen = line.filter { !items[$0].frozen }
            let frozenSum = line.filter { items[$0].frozen }.reduce(0) { $0 + items[$1].target }
            let free = available - frozenSum - unfrozen.reduce(0) { $0 + items[$1].base }
            // Factors summing to less than one take only that share of the free space (CSS, Yoga).
            let sumGrow = max(1, unfrozen.reduce(0) { $0 + items[$1].child.flexGrow })
            let sumScaled = max(1, unfrozen.reduce(0) { $0 + items[$1].child.flexShrink * items[$1].base })
            var violation = 0.0
            var clamped: [Int: Double] = [:], unclamped: [Int: Double] = [:]
            for k in unfrozen {
                let it = items[k]
                var t = it.base
                if growing, sumGrow > 0 { t += free * it.child.flexGrow / sumGrow }
                if !growing, sumScaled > 0 { t += free * it.child.flexShrink * it.base / sumScaled }
                let c = max(0, min(max(t, ax.main(it.own.min)), ax.main(it.own.max)))
                clamped[k] = c; unclamped[k] = t
                violation += c - t
            }
            for k in unfrozen {
                let c = clamped[k]!, t = unclamped[k]!
                items[k].target = c
                if abs(violation) < 1e-9 || (violation > 0 && c > t) || (violation < 0 && c < t) { items[k].frozen = true }
            }
        }
    }

    /// Step 8: an absolute child within a container of `size`.
    func placeAbsolute(_ c: FlexboxChild, _ comp: Component, in outer: Size, padding pad: Box, border: Box, rtl: Bool) -> LayoutChild {
        // Insets are from the padding box (inside the border).
        let size = Size(width: max(0, outer.width - border.horizontal), height: max(0, outer.height - border.vertical))
        let layout = FlexboxLayout.absoluteLayout(c, comp, containingBlock: size, rtl: rtl)
        let p = absolutePosition(c, layout.size, in: outer, padding: pad, border: border, containingBlock: size, rtl: rtl)
        return LayoutChild(position: p, layout: layout)
    }

    /// An absolute child laid out in its containing block (the padding box of `size`): its own
    /// lengths, else the space between opposite insets, else the aspect ratio, else its content.
    static func absoluteLayout(_ c: FlexboxChild, _ comp: Component, containingBlock size: Size, rtl: Bool) -> Layout {
        let m = resolve(c.margin, rtl: rtl, width: size.width).0
        let own = comp.size.resolve(parentSize: size)
        let (t, l, b, r) = insets(c.position, rtl: rtl, size: size)
        var w: Double? = own.min.width == own.max.width ? own.min.width : nil
        var h: Double? = own.min.height == own.max.height ? own.min.height : nil
        if w == nil, let l, let r { w = max(0, size.width - l - r - m.horizontal) }
        if h == nil, let t, let b { h = max(0, size.height - t - b - m.vertical) }
        if let ratio = c.aspectRatio, ratio > 0 {
            if let w0 = w, h == nil { h = w0 / ratio } else if let h0 = h, w == nil { w = h0 * ratio }
        }
        let pb = paddingAndBorder(of: comp, ownerWidth: size.width)
        let minW = max(w ?? 0, pb.width), minH = max(h ?? 0, pb.height)
        let range = SizeRange(min: Size(width: minW, height: minH),
                              max: Size(width: max(w ?? .infinity, minW), height: max(h ?? .infinity, minH)))
        return comp.layoutThatFits(range, parentSize: size)
    }

    /// Where an absolute child of `length` goes in this container of size `outer`: by its
    /// insets from the containing block's padding box, else (its static position) by
    /// `justifyContent` along the main axis and its alignment across, within the padding.
    /// Its margins are resolved against the width of `containingBlock`. Left-to-right.
    func absolutePosition(_ c: FlexboxChild, _ length: Size, in outer: Size, padding pad: Box, border: Box,
                          containingBlock: Size, rtl: Bool) -> Point {
        let m = FlexboxLayout.resolve(c.margin, rtl: rtl, width: containingBlock.width).0
        let (t, l, b, r) = FlexboxLayout.insets(c.position, rtl: rtl, size: containingBlock)
        enum Place { case start, center, end }
        func place(_ align: FlexboxStyle.AlignItems) -> Place {
            switch align { case .center: return .center; case .end: return .end; default: return .start }
        }
        func place(_ j: FlexboxStyle.JustifyContent) -> Place {
            switch j { case .center: return .center; case .end: return .end; default: return .start }
        }
        func flip(_ pl: Place) -> Place { pl == .start ? .end : (pl == .end ? .start : .center) }
        let justify = style.isReverse ? flip(place(style.justifyContent)) : place(style.justifyContent)
        // Without insets an absolute child follows wrap-reverse across the lines (Yoga).
        let align = style.wrap == .wrapReverse ? flip(place(c.alignSelf ?? style.alignItems)) : place(c.alignSelf ?? style.alignItems)
        func axis(_ lead: Double?, _ trail: Double?, _ len: Double, _ total: Double, _ mLead: Double, _ mTrail: Double,
                  _ pLead: Double, _ pTrail: Double, _ bLead: Double, _ bTrail: Double, _ pl: Place) -> Double {
            if let lead { return bLead + lead + mLead }
            if let trail { return total - bTrail - trail - mTrail - len }
            switch pl {
            case .start: return pLead + mLead
            // Centred with its margins, in the content box (Yoga).
            case .center: return pLead + mLead + (total - pLead - pTrail - len - mLead - mTrail) / 2
            case .end: return total - pTrail - mTrail - len
            }
        }
        let x = axis(l, r, length.width, outer.width, m.left, m.right, pad.left, pad.right, border.left, border.right,
                     style.isRow ? justify : align)
        let y = axis(t, b, length.height, outer.height, m.top, m.bottom, pad.top, pad.bottom, border.top, border.bottom,
                     style.isRow ? align : justify)
        return Point(x: x, y: y)
    }

    /// `layout` of the static flexbox `f` (at `offset` in this box, of `size`) with its
    /// absolute children, and those of its static children, laid out against this box, their
    /// containing block: sized by it, and placed by insets from its padding box; on an axis
    /// without insets a child takes its static position, placed by `f`'s justification and
    /// alignment within `f` at its new size, with margins of this box's width (Yoga's
    /// `layoutAbsoluteDescendants`). `ownerWidth` is the width `f`'s percent padding is of;
    /// `inheritedRTL` the direction `f` inherits.
    func rehome(_ layout: Layout, of f: FlexboxComponent, offset: Point, ownerWidth: Double, inheritedRTL: Bool,
                in size: Size, padding: Box, border: Box, rtl: Bool) -> Layout {
        var l = layout
        let fRTL: Bool
        switch f.style.layoutDirection {
        case .inherit: fRTL = inheritedRTL
        case .leftToRight: fRTL = false
        case .rightToLeft: fRTL = true
        }
        let fBorder = FlexboxLayout.resolve(f.style.border, rtl: fRTL, width: .nan).0
        let fPad = FlexboxLayout.resolve(f.style.padding, rtl: fRTL, width: ownerWidth).0 + fBorder
        let inner = Size(width: max(0, size.width - border.horizontal), height: max(0, size.height - border.vertical))
        let fLayout = FlexboxLayout(style: f.style, children: f.children)
        var k = 0
        for c in f.children {
            guard let comp = c.component else { continue }
            defer { k += 1 }
            guard k < l.children.count, c.display == .flex else { continue }
            switch c.position.kind {
            case .absolute:
                let ins = FlexboxLayout.insets(c.position, rtl: fRTL, size: inner)
                var placed = placeAbsolute(c, comp, in: size, padding: padding, border: border, rtl: fRTL)
                if rtl { placed.position.x = size.width - placed.position.x - placed.layout.size.width }
                placed.position.x -= offset.x; placed.position.y -= offset.y
                var home = fLayout.absolutePosition(c, placed.layout.size, in: l.size, padding: fPad, border: fBorder,
                                                    containingBlock: inner, rtl: fRTL)
                if fRTL { home.x = l.size.width - home.x - placed.layout.size.width }
                if ins.left == nil && ins.right == nil { placed.position.x = home.x }
                if ins.top == nil && ins.bottom == nil { placed.position.y = home.y }
                l.children[k] = placed
            case .static:
                if let g = comp as? FlexboxComponent {
                    let here = Point(x: offset.x + l.children[k].position.x, y: offset.y + l.children[k].position.y)
                    l.children[k].layout = rehome(l.children[k].layout, of: g, offset: here,
                                                  ownerWidth: max(0, l.size.width - fPad.horizontal), inheritedRTL: fRTL,
                                                  in: size, padding: padding, border: border, rtl: rtl)
                }
            case .relative: break
            }
        }
        return l
    }

    /// The sizes `owner` may take when laid out within `range` (its own bounds already in it)
    /// whose maximum is only the space available: exact axes keep `range`; elsewhere the
    /// maximum is the component's own (none unless it gives one).
    static func bound(of owner: Component, in range: SizeRange, parentSize: Size) -> SizeRange {
        let own = owner.size.resolve(parentSize: parentSize).max
        func axis(_ lo: Double, _ hi: Double, _ ownHi: Double) -> Double { lo == hi ? hi : max(lo, ownHi) }
        return SizeRange(min: range.min, max: Size(width: axis(range.min.width, range.max.width, own.width),
                                                   height: axis(range.min.height, range.max.height, own.height)))
    }

    /// `c` laid out within `r` as Yoga lays out a child: a flexbox takes `r.max` where `r` is
    /// not exact as the space available, not as a bound (see `layoutLeftToRight`), and may
    /// come out larger unless it scrolls; any other component is held to `r`
    /// (`Component.layoutThatFits`, ComponentKit's contract).
    static func layoutOfChild(_ c: Component, in r: SizeRange, parentSize: Size) -> Layout {
        guard let f = c as? FlexboxComponent else { return c.layoutThatFits(r, parentSize: parentSize) }
        let range = r.intersect(f.size.resolve(parentSize: parentSize))
        var l = $laidOutAsChild.withValue(ObjectIdentifier(f)) { f.computeLayout(thatFits: range, parentSize: parentSize) }
        l.size = (f.style.overflow == .scroll ? range : bound(of: f, in: range, parentSize: parentSize)).clamp(l.size)
        return l
    }

    /// The padding plus border of `c` when it is a flexbox (percent padding of `ownerWidth`),
    /// else zero: the least size Yoga gives a box.
    static func paddingAndBorder(of c: Component, ownerWidth: Double) -> Size {
        guard let f = c as? FlexboxComponent else { return .zero }
        let b = resolve(f.style.padding, rtl: false, width: ownerWidth).0 + resolve(f.style.border, rtl: false, width: .nan).0
        return Size(width: b.horizontal, height: b.vertical)
    }

    /// `c` out of layout (`display: none`): its layout and its subtree's with empty frames.
    static func emptied(_ c: Component) -> Layout {
        func zero(_ l: Layout) -> Layout {
            var l = l
            l.size = .zero; l.baseline = nil
            l.children = l.children.map { LayoutChild(position: .zero, layout: zero($0.layout)) }
            return l
        }
        return zero(c.layoutThatFits(.unconstrained, parentSize: .zero))
    }
}
