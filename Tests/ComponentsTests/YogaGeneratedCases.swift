// Generated from facebook/yoga javascript/tests/generated/*.test.ts: the expected frames of
// Yoga's generated tests (gentest/fixtures/*.html), one case per `@ file name pointScaleFactor`
// line, then one line per node, depth first: `depth, LTR left top width height | RTL frame |
// the node's style setters`. Skipped: text measurement, content-box sizing, experimental
// flags, display: contents, cases Yoga itself skips.
// skipped (skipped in Yoga): 18
// skipped (display contents): 8
// skipped (experimental/errata): 1
// skipped (content-box): 23

let yogaCaseText = #"""
@ YGJustifyContentTest justify_content_row_flex_start 1
0 0 0 102 102 | 0 0 102 102 | setPositionType PositionType.Absolute; setWidth 102; setHeight 102; setFlexDirection FlexDirection.Row
1 0 0 10 102 | 92 0 10 102 | setWidth 10
1 10 0 10 102 | 82 0 10 102 | setWidth 10
1 20 0 10 102 | 72 0 10 102 | setWidth 10
@ YGJustifyContentTest justify_content_row_flex_end 1
0 0 0 102 102 | 0 0 102 102 | setPositionType PositionType.Absolute; setWidth 102; setHeight 102; setFlexDirection FlexDirection.Row; setJustifyContent Justify.FlexEnd
1 72 0 10 102 | 20 0 10 102 | setWidth 10
1 82 0 10 102 | 10 0 10 102 | setWidth 10
1 92 0 10 102 | 0 0 10 102 | setWidth 10
@ YGJustifyContentTest justify_content_row_center 1
0 0 0 102 102 | 0 0 102 102 | setPositionType PositionType.Absolute; setWidth 102; setHeight 102; setFlexDirection FlexDirection.Row; setJustifyContent Justify.Center
1 36 0 10 102 | 56 0 10 102 | setWidth 10
1 46 0 10 102 | 46 0 10 102 | setWidth 10
1 56 0 10 102 | 36 0 10 102 | setWidth 10
@ YGJustifyContentTest justify_content_row_space_between 1
0 0 0 102 102 | 0 0 102 102 | setPositionType PositionType.Absolute; setWidth 102; setHeight 102; setFlexDirection FlexDirection.Row; setJustifyContent Justify.SpaceBetween
1 0 0 10 102 | 92 0 10 102 | setWidth 10
1 46 0 10 102 | 46 0 10 102 | setWidth 10
1 92 0 10 102 | 0 0 10 102 | setWidth 10
@ YGJustifyContentTest justify_content_row_space_around 1
0 0 0 102 102 | 0 0 102 102 | setPositionType PositionType.Absolute; setWidth 102; setHeight 102; setFlexDirection FlexDirection.Row; setJustifyContent Justify.SpaceAround
1 12 0 10 102 | 80 0 10 102 | setWidth 10
1 46 0 10 102 | 46 0 10 102 | setWidth 10
1 80 0 10 102 | 12 0 10 102 | setWidth 10
@ YGJustifyContentTest justify_content_column_flex_start 1
0 0 0 102 102 | 0 0 102 102 | setPositionType PositionType.Absolute; setWidth 102; setHeight 102
1 0 0 102 10 | 0 0 102 10 | setHeight 10
1 0 10 102 10 | 0 10 102 10 | setHeight 10
1 0 20 102 10 | 0 20 102 10 | setHeight 10
@ YGJustifyContentTest justify_content_column_flex_end 1
0 0 0 102 102 | 0 0 102 102 | setPositionType PositionType.Absolute; setWidth 102; setHeight 102; setJustifyContent Justify.FlexEnd
1 0 72 102 10 | 0 72 102 10 | setHeight 10
1 0 82 102 10 | 0 82 102 10 | setHeight 10
1 0 92 102 10 | 0 92 102 10 | setHeight 10
@ YGJustifyContentTest justify_content_column_center 1
0 0 0 102 102 | 0 0 102 102 | setPositionType PositionType.Absolute; setWidth 102; setHeight 102; setJustifyContent Justify.Center
1 0 36 102 10 | 0 36 102 10 | setHeight 10
1 0 46 102 10 | 0 46 102 10 | setHeight 10
1 0 56 102 10 | 0 56 102 10 | setHeight 10
@ YGJustifyContentTest justify_content_column_space_between 1
0 0 0 102 102 | 0 0 102 102 | setPositionType PositionType.Absolute; setWidth 102; setHeight 102; setJustifyContent Justify.SpaceBetween
1 0 0 102 10 | 0 0 102 10 | setHeight 10
1 0 46 102 10 | 0 46 102 10 | setHeight 10
1 0 92 102 10 | 0 92 102 10 | setHeight 10
@ YGJustifyContentTest justify_content_column_space_around 1
0 0 0 102 102 | 0 0 102 102 | setPositionType PositionType.Absolute; setWidth 102; setHeight 102; setJustifyContent Justify.SpaceAround
1 0 12 102 10 | 0 12 102 10 | setHeight 10
1 0 46 102 10 | 0 46 102 10 | setHeight 10
1 0 80 102 10 | 0 80 102 10 | setHeight 10
@ YGJustifyContentTest justify_content_row_min_width_and_margin 1
0 100 0 50 20 | 100 0 50 20 | setPositionType PositionType.Absolute; setMinWidth 50; setMargin Left 100; setJustifyContent Justify.Center; setFlexDirection FlexDirection.Row
1 15 0 20 20 | 15 0 20 20 | setHeight 20; setWidth 20
@ YGJustifyContentTest justify_content_row_max_width_and_margin 1
0 100 0 80 20 | 100 0 80 20 | setPositionType PositionType.Absolute; setWidth 100; setMaxWidth 80; setMargin Left 100; setJustifyContent Justify.Center; setFlexDirection FlexDirection.Row
1 30 0 20 20 | 30 0 20 20 | setHeight 20; setWidth 20
@ YGJustifyContentTest justify_content_column_min_height_and_margin 1
0 0 100 20 50 | 0 100 20 50 | setPositionType PositionType.Absolute; setMinHeight 50; setMargin Top 100; setJustifyContent Justify.Center
1 0 15 20 20 | 0 15 20 20 | setHeight 20; setWidth 20
@ YGJustifyContentTest justify_content_column_max_height_and_margin 1
0 0 100 20 80 | 0 100 20 80 | setPositionType PositionType.Absolute; setHeight 100; setMaxHeight 80; setMargin Top 100; setJustifyContent Justify.Center
1 0 30 20 20 | 0 30 20 20 | setHeight 20; setWidth 20
@ YGJustifyContentTest justify_content_column_space_evenly 1
0 0 0 102 102 | 0 0 102 102 | setPositionType PositionType.Absolute; setWidth 102; setHeight 102; setJustifyContent Justify.SpaceEvenly
1 0 18 102 10 | 0 18 102 10 | setHeight 10
1 0 46 102 10 | 0 46 102 10 | setHeight 10
1 0 74 102 10 | 0 74 102 10 | setHeight 10
@ YGJustifyContentTest justify_content_row_space_evenly 1
0 0 0 102 102 | 0 0 102 102 | setPositionType PositionType.Absolute; setWidth 102; setHeight 102; setJustifyContent Justify.SpaceEvenly; setFlexDirection FlexDirection.Row
1 26 0 0 10 | 77 0 0 10 | setHeight 10
1 51 0 0 10 | 51 0 0 10 | setHeight 10
1 77 0 0 10 | 26 0 0 10 | setHeight 10
@ YGJustifyContentTest justify_content_min_width_with_padding_child_width_greater_than_parent 1
0 0 0 1000 1584 | 0 0 1000 1584 | setPositionType PositionType.Absolute; setWidth 1000; setHeight 1584; setAlignContent Align.Stretch
1 0 0 1000 100 | 0 0 1000 100 | setFlexDirection FlexDirection.Row; setAlignContent Align.Stretch
2 0 0 500 100 | 500 0 500 100 | setFlexDirection FlexDirection.Row; setJustifyContent Justify.Center; setAlignContent Align.Stretch; setMinWidth 400; setPadding Left 100; setPadding Right 100
3 100 0 300 100 | 100 0 300 100 | setHeight 100; setWidth 300; setAlignContent Align.Stretch; setFlexDirection FlexDirection.Row
@ YGJustifyContentTest justify_content_min_width_with_padding_child_width_lower_than_parent 1
0 0 0 1080 1584 | 0 0 1080 1584 | setPositionType PositionType.Absolute; setWidth 1080; setHeight 1584; setAlignContent Align.Stretch
1 0 0 1080 100 | 0 0 1080 100 | setFlexDirection FlexDirection.Row; setAlignContent Align.Stretch
2 0 0 400 100 | 680 0 400 100 | setFlexDirection FlexDirection.Row; setJustifyContent Justify.Center; setAlignContent Align.Stretch; setMinWidth 400; setPadding Left 100; setPadding Right 100
3 101 0 199 100 | 101 0 199 100 | setHeight 100; setWidth 199; setAlignContent Align.Stretch; setFlexDirection FlexDirection.Row
@ YGJustifyContentTest justify_content_space_between_indefinite_container_dim_with_free_space 1
0 0 0 300 50 | 0 0 300 50 | setPositionType PositionType.Absolute; setWidth 300; setAlignItems Align.Center
1 50 0 200 50 | 50 0 200 50 | setFlexDirection FlexDirection.Row; setMinWidth 200; setJustifyContent Justify.SpaceBetween
2 0 0 50 50 | 150 0 50 50 | setWidth 50; setHeight 50
2 150 0 50 50 | 0 0 50 50 | setWidth 50; setHeight 50
@ YGJustifyContentTest justify_content_flex_start_row_reverse 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setFlexDirection FlexDirection.RowReverse
1 80 0 20 100 | 0 0 20 100 | setWidth 20
1 60 0 20 100 | 20 0 20 100 | setWidth 20
1 40 0 20 100 | 40 0 20 100 | setWidth 20
@ YGJustifyContentTest justify_content_flex_end_row_reverse 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setFlexDirection FlexDirection.RowReverse
1 80 0 20 100 | 0 0 20 100 | setWidth 20
1 60 0 20 100 | 20 0 20 100 | setWidth 20
1 40 0 20 100 | 40 0 20 100 | setWidth 20
@ YGJustifyContentTest justify_content_overflow_row_flex_start 1
0 0 0 102 102 | 0 0 102 102 | setPositionType PositionType.Absolute; setWidth 102; setHeight 102; setFlexDirection FlexDirection.Row
1 0 0 40 102 | 62 0 40 102 | setWidth 40
1 40 0 40 102 | 22 0 40 102 | setWidth 40
1 80 0 40 102 | -18 0 40 102 | setWidth 40
@ YGJustifyContentTest justify_content_overflow_row_flex_end 1
0 0 0 102 102 | 0 0 102 102 | setPositionType PositionType.Absolute; setWidth 102; setHeight 102; setFlexDirection FlexDirection.Row; setJustifyContent Justify.FlexEnd
1 -18 0 40 102 | 80 0 40 102 | setWidth 40
1 22 0 40 102 | 40 0 40 102 | setWidth 40
1 62 0 40 102 | 0 0 40 102 | setWidth 40
@ YGJustifyContentTest justify_content_overflow_row_center 1
0 0 0 102 102 | 0 0 102 102 | setPositionType PositionType.Absolute; setWidth 102; setHeight 102; setFlexDirection FlexDirection.Row; setJustifyContent Justify.Center
1 -9 0 40 102 | 71 0 40 102 | setWidth 40
1 31 0 40 102 | 31 0 40 102 | setWidth 40
1 71 0 40 102 | -9 0 40 102 | setWidth 40
@ YGJustifyContentTest justify_content_overflow_row_space_between 1
0 0 0 102 102 | 0 0 102 102 | setPositionType PositionType.Absolute; setWidth 102; setHeight 102; setFlexDirection FlexDirection.Row; setJustifyContent Justify.SpaceBetween
1 0 0 40 102 | 62 0 40 102 | setWidth 40
1 40 0 40 102 | 22 0 40 102 | setWidth 40
1 80 0 40 102 | -18 0 40 102 | setWidth 40
@ YGJustifyContentTest justify_content_overflow_row_space_around 1
0 0 0 102 102 | 0 0 102 102 | setPositionType PositionType.Absolute; setWidth 102; setHeight 102; setFlexDirection FlexDirection.Row; setJustifyContent Justify.SpaceAround
1 0 0 40 102 | 62 0 40 102 | setWidth 40
1 40 0 40 102 | 22 0 40 102 | setWidth 40
1 80 0 40 102 | -18 0 40 102 | setWidth 40
@ YGJustifyContentTest justify_content_overflow_row_space_evenly 1
0 0 0 102 102 | 0 0 102 102 | setPositionType PositionType.Absolute; setWidth 102; setHeight 102; setFlexDirection FlexDirection.Row; setJustifyContent Justify.SpaceEvenly
1 0 0 40 102 | 62 0 40 102 | setWidth 40
1 40 0 40 102 | 22 0 40 102 | setWidth 40
1 80 0 40 102 | -18 0 40 102 | setWidth 40
@ YGJustifyContentTest justify_content_overflow_row_space_evenly_auto_margin 1
0 0 0 102 102 | 0 0 102 102 | setPositionType PositionType.Absolute; setWidth 102; setHeight 102; setFlexDirection FlexDirection.Row; setJustifyContent Justify.SpaceEvenly
1 0 0 40 102 | 62 0 40 102 | setWidth 40; setMargin Right auto
1 40 0 40 102 | 22 0 40 102 | setWidth 40
1 80 0 40 102 | -18 0 40 102 | setWidth 40
@ YGAlignItemsTest align_items_stretch 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100
1 0 0 100 10 | 0 0 100 10 | setHeight 10
@ YGAlignItemsTest align_items_center 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setAlignItems Align.Center
1 45 0 10 10 | 45 0 10 10 | setHeight 10; setWidth 10
@ YGAlignItemsTest align_items_flex_start 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setAlignItems Align.FlexStart
1 0 0 10 10 | 90 0 10 10 | setHeight 10; setWidth 10
@ YGAlignItemsTest align_items_flex_end 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setAlignItems Align.FlexEnd
1 90 0 10 10 | 0 0 10 10 | setHeight 10; setWidth 10
@ YGAlignItemsTest align_baseline 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setFlexDirection FlexDirection.Row; setAlignItems Align.Baseline
1 0 0 50 50 | 50 0 50 50 | setWidth 50; setHeight 50
1 50 30 50 20 | 0 30 50 20 | setWidth 50; setHeight 20
@ YGAlignItemsTest align_baseline_child 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setFlexDirection FlexDirection.Row; setAlignItems Align.Baseline
1 0 0 50 50 | 50 0 50 50 | setWidth 50; setHeight 50
1 50 40 50 20 | 0 40 50 20 | setWidth 50; setHeight 20
2 0 0 50 10 | 0 0 50 10 | setWidth 50; setHeight 10
@ YGAlignItemsTest align_baseline_child_multiline 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setFlexDirection FlexDirection.Row; setAlignItems Align.Baseline
1 0 0 50 60 | 50 0 50 60 | setWidth 50; setHeight 60
1 50 40 50 25 | 0 40 50 25 | setWidth 50; setHeight 25; setFlexWrap Wrap.Wrap; setFlexDirection FlexDirection.Row
2 0 0 25 20 | 25 0 25 20 | setWidth 25; setHeight 20
2 25 0 25 10 | 0 0 25 10 | setWidth 25; setHeight 10
2 0 20 25 20 | 25 20 25 20 | setWidth 25; setHeight 20
2 25 20 25 10 | 0 20 25 10 | setWidth 25; setHeight 10
@ YGAlignItemsTest align_baseline_child_multiline_override 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setFlexDirection FlexDirection.Row; setAlignItems Align.Baseline
1 0 0 50 60 | 50 0 50 60 | setWidth 50; setHeight 60
1 50 50 50 25 | 0 50 50 25 | setWidth 50; setHeight 25; setFlexWrap Wrap.Wrap; setFlexDirection FlexDirection.Row
2 0 0 25 20 | 25 0 25 20 | setWidth 25; setHeight 20
2 25 0 25 10 | 0 0 25 10 | setWidth 25; setHeight 10; setAlignSelf Align.Baseline
2 0 20 25 20 | 25 20 25 20 | setWidth 25; setHeight 20
2 25 20 25 10 | 0 20 25 10 | setWidth 25; setHeight 10; setAlignSelf Align.Baseline
@ YGAlignItemsTest align_baseline_child_multiline_no_override_on_secondline 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setFlexDirection FlexDirection.Row; setAlignItems Align.Baseline
1 0 0 50 60 | 50 0 50 60 | setWidth 50; setHeight 60
1 50 40 50 25 | 0 40 50 25 | setWidth 50; setHeight 25; setFlexWrap Wrap.Wrap; setFlexDirection FlexDirection.Row
2 0 0 25 20 | 25 0 25 20 | setWidth 25; setHeight 20
2 25 0 25 10 | 0 0 25 10 | setWidth 25; setHeight 10
2 0 20 25 20 | 25 20 25 20 | setWidth 25; setHeight 20
2 25 20 25 10 | 0 20 25 10 | setWidth 25; setHeight 10; setAlignSelf Align.Baseline
@ YGAlignItemsTest align_baseline_child_top 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setFlexDirection FlexDirection.Row; setAlignItems Align.Baseline
1 0 10 50 50 | 50 10 50 50 | setWidth 50; setHeight 50; setPosition Top 10
1 50 40 50 20 | 0 40 50 20 | setWidth 50; setHeight 20
2 0 0 50 10 | 0 0 50 10 | setWidth 50; setHeight 10
@ YGAlignItemsTest align_baseline_child_top2 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setFlexDirection FlexDirection.Row; setAlignItems Align.Baseline
1 0 0 50 50 | 50 0 50 50 | setWidth 50; setHeight 50
1 50 45 50 20 | 0 45 50 20 | setWidth 50; setHeight 20; setPosition Top 5
2 0 0 50 10 | 0 0 50 10 | setWidth 50; setHeight 10
@ YGAlignItemsTest align_baseline_double_nested_child 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setFlexDirection FlexDirection.Row; setAlignItems Align.Baseline
1 0 0 50 50 | 50 0 50 50 | setWidth 50; setHeight 50
2 0 0 50 20 | 0 0 50 20 | setWidth 50; setHeight 20
1 50 5 50 20 | 0 5 50 20 | setWidth 50; setHeight 20
2 0 0 50 15 | 0 0 50 15 | setWidth 50; setHeight 15
@ YGAlignItemsTest align_baseline_column 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setAlignItems Align.Baseline
1 0 0 50 50 | 50 0 50 50 | setWidth 50; setHeight 50
1 0 50 50 20 | 50 50 50 20 | setWidth 50; setHeight 20
@ YGAlignItemsTest align_baseline_child_margin 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setFlexDirection FlexDirection.Row; setAlignItems Align.Baseline
1 5 5 50 50 | 45 5 50 50 | setWidth 50; setHeight 50; setMargin All 5
1 60 44 50 20 | -10 44 50 20 | setWidth 50; setHeight 20
2 1 1 50 10 | -1 1 50 10 | setWidth 50; setHeight 10; setMargin All 1
@ YGAlignItemsTest align_baseline_child_padding 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setPadding All 5; setFlexDirection FlexDirection.Row; setAlignItems Align.Baseline
1 5 5 50 50 | 45 5 50 50 | setWidth 50; setHeight 50
1 55 40 50 20 | -5 40 50 20 | setWidth 50; setHeight 20; setPadding All 5
2 5 5 50 10 | -5 5 50 10 | setWidth 50; setHeight 10
@ YGAlignItemsTest align_baseline_multiline 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setFlexDirection FlexDirection.Row; setAlignItems Align.Baseline; setFlexWrap Wrap.Wrap
1 0 0 50 50 | 50 0 50 50 | setWidth 50; setHeight 50
1 50 40 50 20 | 0 40 50 20 | setWidth 50; setHeight 20
2 0 0 50 10 | 0 0 50 10 | setWidth 50; setHeight 10
1 0 100 50 20 | 50 100 50 20 | setWidth 50; setHeight 20
2 0 0 50 10 | 0 0 50 10 | setWidth 50; setHeight 10
1 50 60 50 50 | 0 60 50 50 | setWidth 50; setHeight 50
@ YGAlignItemsTest align_baseline_multiline_row_and_column 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setFlexDirection FlexDirection.Row; setAlignItems Align.Baseline; setFlexWrap Wrap.Wrap
1 0 0 50 50 | 50 0 50 50 | setWidth 50; setHeight 50
1 50 40 50 50 | 0 40 50 50 | setWidth 50; setHeight 50
2 0 0 50 10 | 0 0 50 10 | setWidth 50; setHeight 10
1 0 100 50 20 | 50 100 50 20 | setWidth 50; setHeight 20
2 0 0 50 10 | 0 0 50 10 | setWidth 50; setHeight 10
1 50 90 50 20 | 0 90 50 20 | setWidth 50; setHeight 20
@ YGAlignItemsTest align_items_center_child_with_margin_bigger_than_parent 1
0 0 0 52 52 | 0 0 52 52 | setPositionType PositionType.Absolute; setHeight 52; setWidth 52; setAlignItems Align.Center; setJustifyContent Justify.Center
1 -10 0 72 52 | -10 0 72 52 | setAlignItems Align.Center
2 10 0 52 52 | 10 0 52 52 | setWidth 52; setHeight 52; setMargin Left 10; setMargin Right 10
@ YGAlignItemsTest align_items_flex_end_child_with_margin_bigger_than_parent 1
0 0 0 52 52 | 0 0 52 52 | setPositionType PositionType.Absolute; setHeight 52; setWidth 52; setAlignItems Align.Center; setJustifyContent Justify.Center
1 -10 0 72 52 | -10 0 72 52 | setAlignItems Align.FlexEnd
2 10 0 52 52 | 10 0 52 52 | setWidth 52; setHeight 52; setMargin Left 10; setMargin Right 10
@ YGAlignItemsTest align_items_center_child_without_margin_bigger_than_parent 1
0 0 0 52 52 | 0 0 52 52 | setPositionType PositionType.Absolute; setHeight 52; setWidth 52; setAlignItems Align.Center; setJustifyContent Justify.Center
1 -10 -10 72 72 | -10 -10 72 72 | setAlignItems Align.Center
2 0 0 72 72 | 0 0 72 72 | setWidth 72; setHeight 72
@ YGAlignItemsTest align_items_flex_end_child_without_margin_bigger_than_parent 1
0 0 0 52 52 | 0 0 52 52 | setPositionType PositionType.Absolute; setHeight 52; setWidth 52; setAlignItems Align.Center; setJustifyContent Justify.Center
1 -10 -10 72 72 | -10 -10 72 72 | setAlignItems Align.FlexEnd
2 0 0 72 72 | 0 0 72 72 | setWidth 72; setHeight 72
@ YGAlignItemsTest align_center_should_size_based_on_content 1
0 0 20 100 100 | 0 20 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setAlignItems Align.Center; setMargin Top 20
1 40 0 20 20 | 40 0 20 20 | setFlexShrink 1; setJustifyContent Justify.Center
2 0 0 20 20 | 0 0 20 20 | setFlexGrow 1; setFlexShrink 1
3 0 0 20 20 | 0 0 20 20 | setWidth 20; setHeight 20
@ YGAlignItemsTest align_stretch_should_size_based_on_parent 1
0 0 20 100 100 | 0 20 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setMargin Top 20
1 0 0 100 20 | 0 0 100 20 | setFlexShrink 1; setJustifyContent Justify.Center
2 0 0 100 20 | 0 0 100 20 | setFlexGrow 1; setFlexShrink 1
3 0 0 20 20 | 80 0 20 20 | setWidth 20; setHeight 20
@ YGAlignItemsTest align_flex_start_with_shrinking_children 1
0 0 0 500 500 | 0 0 500 500 | setPositionType PositionType.Absolute; setHeight 500; setWidth 500
1 0 0 500 0 | 0 0 500 0 | setAlignItems Align.FlexStart
2 0 0 0 0 | 500 0 0 0 | setFlexGrow 1; setFlexShrink 1
3 0 0 0 0 | 0 0 0 0 | setFlexGrow 1; setFlexShrink 1
@ YGAlignItemsTest align_flex_start_with_stretching_children 1
0 0 0 500 500 | 0 0 500 500 | setPositionType PositionType.Absolute; setHeight 500; setWidth 500
1 0 0 500 0 | 0 0 500 0 | 
2 0 0 500 0 | 0 0 500 0 | setFlexGrow 1; setFlexShrink 1
3 0 0 500 0 | 0 0 500 0 | setFlexGrow 1; setFlexShrink 1
@ YGAlignItemsTest align_flex_start_with_shrinking_children_with_stretch 1
0 0 0 500 500 | 0 0 500 500 | setPositionType PositionType.Absolute; setHeight 500; setWidth 500
1 0 0 500 0 | 0 0 500 0 | setAlignItems Align.FlexStart
2 0 0 0 0 | 500 0 0 0 | setFlexGrow 1; setFlexShrink 1
3 0 0 0 0 | 0 0 0 0 | setFlexGrow 1; setFlexShrink 1
@ YGAlignItemsTest align_flex_end_with_row_reverse 1
0 0 0 100 75 | 0 0 100 75 | setPositionType PositionType.Absolute; setWidth 100; setHeight 75; setAlignItems Align.FlexEnd; setFlexWrap Wrap.Wrap
1 3 0 50 50 | 45 0 50 50 | setWidth 50; setHeight 50; setMargin Right 5; setMargin Left 3
1 58 0 50 50 | -8 0 50 50 | setWidth 50; setHeight 50
@ YGAlignItemsTest align_stretch_with_row_reverse 1
0 0 0 100 75 | 0 0 100 75 | setPositionType PositionType.Absolute; setWidth 100; setHeight 75; setFlexWrap Wrap.Wrap
1 3 0 50 50 | 45 0 50 50 | setWidth 50; setHeight 50; setMargin Right 5; setMargin Left 3
1 58 0 50 50 | -8 0 50 50 | setWidth 50; setHeight 50
@ YGAlignItemsTest align_items_non_stretch_s526008 1
0 0 0 400 400 | 0 0 400 400 | setPositionType PositionType.Absolute; setWidth 400; setHeight 400
1 0 0 400 10 | 0 0 400 10 | setFlexDirection FlexDirection.Row
2 0 0 0 10 | 400 0 0 10 | setAlignItems Align.FlexStart
3 0 0 0 10 | 0 0 0 10 | 
4 0 0 0 10 | 0 0 0 10 | setWidth 0; setHeight 10
@ YGAlignSelfTest align_self_center 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100
1 45 0 10 10 | 45 0 10 10 | setHeight 10; setWidth 10; setAlignSelf Align.Center
@ YGAlignSelfTest align_self_flex_end 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100
1 90 0 10 10 | 0 0 10 10 | setHeight 10; setWidth 10; setAlignSelf Align.FlexEnd
@ YGAlignSelfTest align_self_flex_start 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100
1 0 0 10 10 | 90 0 10 10 | setHeight 10; setWidth 10; setAlignSelf Align.FlexStart
@ YGAlignSelfTest align_self_flex_end_override_flex_start 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setAlignItems Align.FlexStart
1 90 0 10 10 | 0 0 10 10 | setHeight 10; setWidth 10; setAlignSelf Align.FlexEnd
@ YGAlignSelfTest align_self_baseline 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setFlexDirection FlexDirection.Row
1 0 0 50 50 | 50 0 50 50 | setWidth 50; setHeight 50; setAlignSelf Align.Baseline
1 50 40 50 20 | 0 40 50 20 | setWidth 50; setHeight 20; setAlignSelf Align.Baseline
2 0 0 50 10 | 0 0 50 10 | setWidth 50; setHeight 10
@ YGAlignContentTest align_content_flex_start_nowrap 1
0 0 0 140 120 | 0 0 140 120 | setPositionType PositionType.Absolute; setWidth 140; setHeight 120; setFlexDirection FlexDirection.Row
1 0 0 50 10 | 90 0 50 10 | setWidth 50; setHeight 10
1 50 0 50 10 | 40 0 50 10 | setWidth 50; setHeight 10
@ YGAlignContentTest align_content_flex_start_wrap 1
0 0 0 140 120 | 0 0 140 120 | setPositionType PositionType.Absolute; setWidth 140; setHeight 120; setFlexWrap Wrap.Wrap; setFlexDirection FlexDirection.Row
1 0 0 50 10 | 90 0 50 10 | setWidth 50; setHeight 10
1 50 0 50 10 | 40 0 50 10 | setWidth 50; setHeight 10
1 0 10 50 10 | 90 10 50 10 | setWidth 50; setHeight 10
1 50 10 50 10 | 40 10 50 10 | setWidth 50; setHeight 10
1 0 20 50 10 | 90 20 50 10 | setWidth 50; setHeight 10
@ YGAlignContentTest align_content_flex_start_wrap_singleline 1
0 0 0 140 120 | 0 0 140 120 | setPositionType PositionType.Absolute; setWidth 140; setHeight 120; setFlexWrap Wrap.Wrap; setFlexDirection FlexDirection.Row
1 0 0 50 10 | 90 0 50 10 | setWidth 50; setHeight 10
1 50 0 50 10 | 40 0 50 10 | setWidth 50; setHeight 10
@ YGAlignContentTest align_content_flex_start_wrapped_negative_space 1
0 0 0 320 320 | 0 0 320 320 | setPositionType PositionType.Absolute; setWidth 320; setHeight 320; setBorder All 60
1 60 60 200 10 | 60 60 200 10 | setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setJustifyContent Justify.Center; setHeight 10
2 20 0 160 20 | 20 0 160 20 | setWidth 80%; setHeight 20
2 20 20 160 20 | 20 20 160 20 | setWidth 80%; setHeight 20
2 20 40 160 20 | 20 40 160 20 | setWidth 80%; setHeight 20
@ YGAlignContentTest align_content_flex_start_wrapped_negative_space_gap 1
0 0 0 320 320 | 0 0 320 320 | setPositionType PositionType.Absolute; setWidth 320; setHeight 320; setBorder All 60
1 60 60 200 10 | 60 60 200 10 | setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setJustifyContent Justify.Center; setHeight 10; setGap Gutter.All 10
2 20 0 160 20 | 20 0 160 20 | setWidth 80%; setHeight 20
2 20 30 160 20 | 20 30 160 20 | setWidth 80%; setHeight 20
2 20 60 160 20 | 20 60 160 20 | setWidth 80%; setHeight 20
@ YGAlignContentTest align_content_flex_start_without_height_on_children 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setFlexWrap Wrap.Wrap
1 0 0 50 0 | 50 0 50 0 | setWidth 50
1 0 0 50 10 | 50 0 50 10 | setWidth 50; setHeight 10
1 0 10 50 0 | 50 10 50 0 | setWidth 50
1 0 10 50 10 | 50 10 50 10 | setWidth 50; setHeight 10
1 0 20 50 0 | 50 20 50 0 | setWidth 50
@ YGAlignContentTest align_content_flex_start_with_flex 1
0 0 0 100 120 | 0 0 100 120 | setPositionType PositionType.Absolute; setWidth 100; setHeight 120; setFlexWrap Wrap.Wrap
1 0 0 50 40 | 50 0 50 40 | setWidth 50; setFlexGrow 1; setFlexBasis 0%
1 0 40 50 40 | 50 40 50 40 | setWidth 50; setFlexGrow 1; setFlexBasis 0%; setHeight 10
1 0 80 50 0 | 50 80 50 0 | setWidth 50
1 0 80 50 40 | 50 80 50 40 | setWidth 50; setFlexGrow 1; setFlexShrink 1; setFlexBasis 0%
1 0 120 50 0 | 50 120 50 0 | setWidth 50
@ YGAlignContentTest align_content_flex_end_nowrap 1
0 0 0 140 120 | 0 0 140 120 | setPositionType PositionType.Absolute; setWidth 140; setHeight 120; setFlexDirection FlexDirection.Row; setAlignContent Align.FlexEnd
1 0 0 50 10 | 90 0 50 10 | setWidth 50; setHeight 10
1 50 0 50 10 | 40 0 50 10 | setWidth 50; setHeight 10
@ YGAlignContentTest align_content_flex_end_wrap 1
0 0 0 140 120 | 0 0 140 120 | setPositionType PositionType.Absolute; setWidth 140; setHeight 120; setFlexWrap Wrap.Wrap; setFlexDirection FlexDirection.Row; setAlignContent Align.FlexEnd
1 0 90 50 10 | 90 90 50 10 | setWidth 50; setHeight 10
1 50 90 50 10 | 40 90 50 10 | setWidth 50; setHeight 10
1 0 100 50 10 | 90 100 50 10 | setWidth 50; setHeight 10
1 50 100 50 10 | 40 100 50 10 | setWidth 50; setHeight 10
1 0 110 50 10 | 90 110 50 10 | setWidth 50; setHeight 10
@ YGAlignContentTest align_content_flex_end_wrap_singleline 1
0 0 0 140 120 | 0 0 140 120 | setPositionType PositionType.Absolute; setWidth 140; setHeight 120; setFlexWrap Wrap.Wrap; setFlexDirection FlexDirection.Row; setAlignContent Align.FlexEnd
1 0 110 50 10 | 90 110 50 10 | setWidth 50; setHeight 10
1 50 110 50 10 | 40 110 50 10 | setWidth 50; setHeight 10
@ YGAlignContentTest align_content_flex_end_wrapped_negative_space 1
0 0 0 320 320 | 0 0 320 320 | setPositionType PositionType.Absolute; setWidth 320; setHeight 320; setBorder All 60
1 60 60 200 10 | 60 60 200 10 | setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setAlignContent Align.FlexEnd; setJustifyContent Justify.Center; setHeight 10
2 20 -50 160 20 | 20 -50 160 20 | setWidth 80%; setHeight 20
2 20 -30 160 20 | 20 -30 160 20 | setWidth 80%; setHeight 20
2 20 -10 160 20 | 20 -10 160 20 | setWidth 80%; setHeight 20
@ YGAlignContentTest align_content_flex_end_wrapped_negative_space_gap 1
0 0 0 320 320 | 0 0 320 320 | setPositionType PositionType.Absolute; setWidth 320; setHeight 320; setBorder All 60
1 60 60 200 10 | 60 60 200 10 | setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setAlignContent Align.FlexEnd; setJustifyContent Justify.Center; setHeight 10; setGap Gutter.All 10
2 20 -70 160 20 | 20 -70 160 20 | setWidth 80%; setHeight 20
2 20 -40 160 20 | 20 -40 160 20 | setWidth 80%; setHeight 20
2 20 -10 160 20 | 20 -10 160 20 | setWidth 80%; setHeight 20
@ YGAlignContentTest align_content_center_nowrap 1
0 0 0 140 120 | 0 0 140 120 | setPositionType PositionType.Absolute; setWidth 140; setHeight 120; setFlexDirection FlexDirection.Row; setAlignContent Align.Center
1 0 0 50 10 | 90 0 50 10 | setWidth 50; setHeight 10
1 50 0 50 10 | 40 0 50 10 | setWidth 50; setHeight 10
@ YGAlignContentTest align_content_center_wrap 1
0 0 0 140 120 | 0 0 140 120 | setPositionType PositionType.Absolute; setWidth 140; setHeight 120; setFlexWrap Wrap.Wrap; setFlexDirection FlexDirection.Row; setAlignContent Align.Center
1 0 45 50 10 | 90 45 50 10 | setWidth 50; setHeight 10
1 50 45 50 10 | 40 45 50 10 | setWidth 50; setHeight 10
1 0 55 50 10 | 90 55 50 10 | setWidth 50; setHeight 10
1 50 55 50 10 | 40 55 50 10 | setWidth 50; setHeight 10
1 0 65 50 10 | 90 65 50 10 | setWidth 50; setHeight 10
@ YGAlignContentTest align_content_center_wrap_singleline 1
0 0 0 140 120 | 0 0 140 120 | setPositionType PositionType.Absolute; setWidth 140; setHeight 120; setFlexWrap Wrap.Wrap; setFlexDirection FlexDirection.Row; setAlignContent Align.Center
1 0 55 50 10 | 90 55 50 10 | setWidth 50; setHeight 10
1 50 55 50 10 | 40 55 50 10 | setWidth 50; setHeight 10
@ YGAlignContentTest align_content_center_wrapped_negative_space 1
0 0 0 320 320 | 0 0 320 320 | setPositionType PositionType.Absolute; setWidth 320; setHeight 320; setBorder All 60
1 60 60 200 10 | 60 60 200 10 | setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setAlignContent Align.Center; setJustifyContent Justify.Center; setHeight 10
2 20 -25 160 20 | 20 -25 160 20 | setWidth 80%; setHeight 20
2 20 -5 160 20 | 20 -5 160 20 | setWidth 80%; setHeight 20
2 20 15 160 20 | 20 15 160 20 | setWidth 80%; setHeight 20
@ YGAlignContentTest align_content_center_wrapped_negative_space_gap 1
0 0 0 320 320 | 0 0 320 320 | setPositionType PositionType.Absolute; setWidth 320; setHeight 320; setBorder All 60
1 60 60 200 10 | 60 60 200 10 | setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setAlignContent Align.Center; setJustifyContent Justify.Center; setHeight 10; setGap Gutter.All 10
2 20 -35 160 20 | 20 -35 160 20 | setWidth 80%; setHeight 20
2 20 -5 160 20 | 20 -5 160 20 | setWidth 80%; setHeight 20
2 20 25 160 20 | 20 25 160 20 | setWidth 80%; setHeight 20
@ YGAlignContentTest align_content_space_between_nowrap 1
0 0 0 140 120 | 0 0 140 120 | setPositionType PositionType.Absolute; setWidth 140; setHeight 120; setFlexDirection FlexDirection.Row; setAlignContent Align.SpaceBetween
1 0 0 50 10 | 90 0 50 10 | setWidth 50; setHeight 10
1 50 0 50 10 | 40 0 50 10 | setWidth 50; setHeight 10
@ YGAlignContentTest align_content_space_between_wrap 1
0 0 0 140 120 | 0 0 140 120 | setPositionType PositionType.Absolute; setWidth 140; setHeight 120; setFlexWrap Wrap.Wrap; setFlexDirection FlexDirection.Row; setAlignContent Align.SpaceBetween
1 0 0 50 10 | 90 0 50 10 | setWidth 50; setHeight 10
1 50 0 50 10 | 40 0 50 10 | setWidth 50; setHeight 10
1 0 55 50 10 | 90 55 50 10 | setWidth 50; setHeight 10
1 50 55 50 10 | 40 55 50 10 | setWidth 50; setHeight 10
1 0 110 50 10 | 90 110 50 10 | setWidth 50; setHeight 10
@ YGAlignContentTest align_content_space_between_wrap_singleline 1
0 0 0 140 120 | 0 0 140 120 | setPositionType PositionType.Absolute; setWidth 140; setHeight 120; setFlexWrap Wrap.Wrap; setFlexDirection FlexDirection.Row; setAlignContent Align.SpaceBetween
1 0 0 50 10 | 90 0 50 10 | setWidth 50; setHeight 10
1 50 0 50 10 | 40 0 50 10 | setWidth 50; setHeight 10
@ YGAlignContentTest align_content_space_between_wrapped_negative_space 1
0 0 0 320 320 | 0 0 320 320 | setPositionType PositionType.Absolute; setWidth 320; setHeight 320; setBorder All 60
1 60 60 200 10 | 60 60 200 10 | setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setAlignContent Align.SpaceBetween; setJustifyContent Justify.Center; setHeight 10
2 20 0 160 20 | 20 0 160 20 | setWidth 80%; setHeight 20
2 20 20 160 20 | 20 20 160 20 | setWidth 80%; setHeight 20
2 20 40 160 20 | 20 40 160 20 | setWidth 80%; setHeight 20
@ YGAlignContentTest align_content_space_between_wrapped_negative_space_row_reverse 1
0 0 0 320 320 | 0 0 320 320 | setPositionType PositionType.Absolute; setWidth 320; setHeight 320; setBorder All 60
1 60 60 200 10 | 60 60 200 10 | setFlexDirection FlexDirection.RowReverse; setFlexWrap Wrap.Wrap; setAlignContent Align.SpaceBetween; setJustifyContent Justify.Center; setHeight 10
2 20 0 160 20 | 20 0 160 20 | setWidth 80%; setHeight 20
2 20 20 160 20 | 20 20 160 20 | setWidth 80%; setHeight 20
2 20 40 160 20 | 20 40 160 20 | setWidth 80%; setHeight 20
@ YGAlignContentTest align_content_space_between_wrapped_negative_space_gap 1
0 0 0 320 320 | 0 0 320 320 | setPositionType PositionType.Absolute; setWidth 320; setHeight 320; setBorder All 60
1 60 60 200 10 | 60 60 200 10 | setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setAlignContent Align.SpaceBetween; setJustifyContent Justify.Center; setHeight 10; setGap Gutter.All 10
2 20 0 160 20 | 20 0 160 20 | setWidth 80%; setHeight 20
2 20 30 160 20 | 20 30 160 20 | setWidth 80%; setHeight 20
2 20 60 160 20 | 20 60 160 20 | setWidth 80%; setHeight 20
@ YGAlignContentTest align_content_space_around_nowrap 1
0 0 0 140 120 | 0 0 140 120 | setPositionType PositionType.Absolute; setWidth 140; setHeight 120; setFlexDirection FlexDirection.Row; setAlignContent Align.SpaceAround
1 0 0 50 10 | 90 0 50 10 | setWidth 50; setHeight 10
1 50 0 50 10 | 40 0 50 10 | setWidth 50; setHeight 10
@ YGAlignContentTest align_content_space_around_wrap 1
0 0 0 140 120 | 0 0 140 120 | setPositionType PositionType.Absolute; setWidth 140; setHeight 120; setFlexWrap Wrap.Wrap; setFlexDirection FlexDirection.Row; setAlignContent Align.SpaceAround
1 0 15 50 10 | 90 15 50 10 | setWidth 50; setHeight 10
1 50 15 50 10 | 40 15 50 10 | setWidth 50; setHeight 10
1 0 55 50 10 | 90 55 50 10 | setWidth 50; setHeight 10
1 50 55 50 10 | 40 55 50 10 | setWidth 50; setHeight 10
1 0 95 50 10 | 90 95 50 10 | setWidth 50; setHeight 10
@ YGAlignContentTest align_content_space_around_wrap_singleline 1
0 0 0 140 120 | 0 0 140 120 | setPositionType PositionType.Absolute; setWidth 140; setHeight 120; setFlexWrap Wrap.Wrap; setFlexDirection FlexDirection.Row; setAlignContent Align.SpaceAround
1 0 55 50 10 | 90 55 50 10 | setWidth 50; setHeight 10
1 50 55 50 10 | 40 55 50 10 | setWidth 50; setHeight 10
@ YGAlignContentTest align_content_space_around_wrapped_negative_space 1
0 0 0 320 320 | 0 0 320 320 | setPositionType PositionType.Absolute; setWidth 320; setHeight 320; setBorder All 60
1 60 60 200 10 | 60 60 200 10 | setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setAlignContent Align.SpaceAround; setJustifyContent Justify.Center; setHeight 10
2 20 0 160 20 | 20 0 160 20 | setWidth 80%; setHeight 20
2 20 20 160 20 | 20 20 160 20 | setWidth 80%; setHeight 20
2 20 40 160 20 | 20 40 160 20 | setWidth 80%; setHeight 20
@ YGAlignContentTest align_content_space_around_wrapped_negative_space_row_reverse 1
0 0 0 320 320 | 0 0 320 320 | setPositionType PositionType.Absolute; setWidth 320; setHeight 320; setBorder All 60
1 60 60 200 10 | 60 60 200 10 | setFlexDirection FlexDirection.RowReverse; setFlexWrap Wrap.Wrap; setAlignContent Align.SpaceAround; setJustifyContent Justify.Center; setHeight 10
2 20 0 160 20 | 20 0 160 20 | setWidth 80%; setHeight 20
2 20 20 160 20 | 20 20 160 20 | setWidth 80%; setHeight 20
2 20 40 160 20 | 20 40 160 20 | setWidth 80%; setHeight 20
@ YGAlignContentTest align_content_space_around_wrapped_negative_space_gap 1
0 0 0 320 320 | 0 0 320 320 | setPositionType PositionType.Absolute; setWidth 320; setHeight 320; setBorder All 60
1 60 60 200 10 | 60 60 200 10 | setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setAlignContent Align.SpaceAround; setJustifyContent Justify.Center; setHeight 10; setGap Gutter.All 10
2 20 0 160 20 | 20 0 160 20 | setWidth 80%; setHeight 20
2 20 30 160 20 | 20 30 160 20 | setWidth 80%; setHeight 20
2 20 60 160 20 | 20 60 160 20 | setWidth 80%; setHeight 20
@ YGAlignContentTest align_content_space_evenly_nowrap 1
0 0 0 140 120 | 0 0 140 120 | setPositionType PositionType.Absolute; setWidth 140; setHeight 120; setFlexDirection FlexDirection.Row; setAlignContent Align.SpaceEvenly
1 0 0 50 10 | 90 0 50 10 | setWidth 50; setHeight 10
1 50 0 50 10 | 40 0 50 10 | setWidth 50; setHeight 10
@ YGAlignContentTest align_content_space_evenly_wrap 1
0 0 0 140 120 | 0 0 140 120 | setPositionType PositionType.Absolute; setWidth 140; setHeight 120; setFlexWrap Wrap.Wrap; setFlexDirection FlexDirection.Row; setAlignContent Align.SpaceEvenly
1 0 23 50 10 | 90 23 50 10 | setWidth 50; setHeight 10
1 50 23 50 10 | 40 23 50 10 | setWidth 50; setHeight 10
1 0 55 50 10 | 90 55 50 10 | setWidth 50; setHeight 10
1 50 55 50 10 | 40 55 50 10 | setWidth 50; setHeight 10
1 0 88 50 10 | 90 88 50 10 | setWidth 50; setHeight 10
@ YGAlignContentTest align_content_space_evenly_wrap_singleline 1
0 0 0 140 120 | 0 0 140 120 | setPositionType PositionType.Absolute; setWidth 140; setHeight 120; setFlexWrap Wrap.Wrap; setFlexDirection FlexDirection.Row; setAlignContent Align.SpaceEvenly
1 0 55 50 10 | 90 55 50 10 | setWidth 50; setHeight 10
1 50 55 50 10 | 40 55 50 10 | setWidth 50; setHeight 10
@ YGAlignContentTest align_content_space_evenly_wrapped_negative_space 1
0 0 0 320 320 | 0 0 320 320 | setPositionType PositionType.Absolute; setWidth 320; setHeight 320; setBorder All 60
1 60 60 200 10 | 60 60 200 10 | setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setAlignContent Align.SpaceEvenly; setJustifyContent Justify.Center; setHeight 10
2 20 0 160 20 | 20 0 160 20 | setWidth 80%; setHeight 20
2 20 20 160 20 | 20 20 160 20 | setWidth 80%; setHeight 20
2 20 40 160 20 | 20 40 160 20 | setWidth 80%; setHeight 20
@ YGAlignContentTest align_content_space_evenly_wrapped_negative_space_gap 1
0 0 0 320 320 | 0 0 320 320 | setPositionType PositionType.Absolute; setWidth 320; setHeight 320; setBorder All 60
1 60 60 200 10 | 60 60 200 10 | setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setAlignContent Align.SpaceEvenly; setJustifyContent Justify.Center; setHeight 10; setGap Gutter.All 10
2 20 0 160 20 | 20 0 160 20 | setWidth 80%; setHeight 20
2 20 30 160 20 | 20 30 160 20 | setWidth 80%; setHeight 20
2 20 60 160 20 | 20 60 160 20 | setWidth 80%; setHeight 20
@ YGAlignContentTest align_content_stretch 1
0 0 0 150 100 | 0 0 150 100 | setPositionType PositionType.Absolute; setWidth 150; setHeight 100; setFlexWrap Wrap.Wrap; setAlignContent Align.Stretch
1 0 0 50 0 | 100 0 50 0 | setWidth 50
1 0 0 50 0 | 100 0 50 0 | setWidth 50
1 0 0 50 0 | 100 0 50 0 | setWidth 50
1 0 0 50 0 | 100 0 50 0 | setWidth 50
1 0 0 50 0 | 100 0 50 0 | setWidth 50
@ YGAlignContentTest align_content_stretch_row 1
0 0 0 150 100 | 0 0 150 100 | setPositionType PositionType.Absolute; setWidth 150; setHeight 100; setFlexWrap Wrap.Wrap; setFlexDirection FlexDirection.Row; setAlignContent Align.Stretch
1 0 0 50 50 | 100 0 50 50 | setWidth 50
1 50 0 50 50 | 50 0 50 50 | setWidth 50
1 100 0 50 50 | 0 0 50 50 | setWidth 50
1 0 50 50 50 | 100 50 50 50 | setWidth 50
1 50 50 50 50 | 50 50 50 50 | setWidth 50
@ YGAlignContentTest align_content_stretch_row_with_children 1
0 0 0 150 100 | 0 0 150 100 | setPositionType PositionType.Absolute; setWidth 150; setHeight 100; setFlexWrap Wrap.Wrap; setFlexDirection FlexDirection.Row; setAlignContent Align.Stretch
1 0 0 50 50 | 100 0 50 50 | setWidth 50
2 0 0 50 50 | 0 0 50 50 | setFlexGrow 1; setFlexShrink 1; setFlexBasis 0%
1 50 0 50 50 | 50 0 50 50 | setWidth 50
1 100 0 50 50 | 0 0 50 50 | setWidth 50
1 0 50 50 50 | 100 50 50 50 | setWidth 50
1 50 50 50 50 | 50 50 50 50 | setWidth 50
@ YGAlignContentTest align_content_stretch_row_with_flex 1
0 0 0 150 100 | 0 0 150 100 | setPositionType PositionType.Absolute; setWidth 150; setHeight 100; setFlexWrap Wrap.Wrap; setFlexDirection FlexDirection.Row; setAlignContent Align.Stretch
1 0 0 50 100 | 100 0 50 100 | setWidth 50
1 50 0 0 100 | 100 0 0 100 | setWidth 50; setFlexGrow 1; setFlexShrink 1; setFlexBasis 0%
1 50 0 50 100 | 50 0 50 100 | setWidth 50
1 100 0 0 100 | 50 0 0 100 | setWidth 50; setFlexGrow 1; setFlexShrink 1; setFlexBasis 0%
1 100 0 50 100 | 0 0 50 100 | setWidth 50
@ YGAlignContentTest align_content_stretch_row_with_flex_no_shrink 1
0 0 0 150 100 | 0 0 150 100 | setPositionType PositionType.Absolute; setWidth 150; setHeight 100; setFlexWrap Wrap.Wrap; setFlexDirection FlexDirection.Row; setAlignContent Align.Stretch
1 0 0 50 100 | 100 0 50 100 | setWidth 50
1 50 0 0 100 | 100 0 0 100 | setWidth 50; setFlexGrow 1; setFlexShrink 1; setFlexBasis 0%
1 50 0 50 100 | 50 0 50 100 | setWidth 50
1 100 0 0 100 | 50 0 0 100 | setWidth 50; setFlexGrow 1; setFlexBasis 0%
1 100 0 50 100 | 0 0 50 100 | setWidth 50
@ YGAlignContentTest align_content_stretch_row_with_margin 1
0 0 0 150 100 | 0 0 150 100 | setPositionType PositionType.Absolute; setWidth 150; setHeight 100; setFlexWrap Wrap.Wrap; setFlexDirection FlexDirection.Row; setAlignContent Align.Stretch
1 0 0 50 40 | 100 0 50 40 | setWidth 50
1 60 10 50 20 | 40 10 50 20 | setWidth 50; setMargin All 10
1 0 40 50 40 | 100 40 50 40 | setWidth 50
1 60 50 50 20 | 40 50 50 20 | setWidth 50; setMargin All 10
1 0 80 50 20 | 100 80 50 20 | setWidth 50
@ YGAlignContentTest align_content_stretch_row_with_padding 1
0 0 0 150 100 | 0 0 150 100 | setPositionType PositionType.Absolute; setWidth 150; setHeight 100; setFlexWrap Wrap.Wrap; setFlexDirection FlexDirection.Row; setAlignContent Align.Stretch
1 0 0 50 50 | 100 0 50 50 | setWidth 50
1 50 0 50 50 | 50 0 50 50 | setWidth 50; setPadding All 10
1 100 0 50 50 | 0 0 50 50 | setWidth 50
1 0 50 50 50 | 100 50 50 50 | setWidth 50; setPadding All 10
1 50 50 50 50 | 50 50 50 50 | setWidth 50
@ YGAlignContentTest align_content_stretch_row_with_single_row 1
0 0 0 150 100 | 0 0 150 100 | setPositionType PositionType.Absolute; setWidth 150; setHeight 100; setFlexWrap Wrap.Wrap; setFlexDirection FlexDirection.Row; setAlignContent Align.Stretch
1 0 0 50 100 | 100 0 50 100 | setWidth 50
1 50 0 50 100 | 50 0 50 100 | setWidth 50
@ YGAlignContentTest align_content_stretch_row_with_fixed_height 1
0 0 0 150 100 | 0 0 150 100 | setPositionType PositionType.Absolute; setWidth 150; setHeight 100; setFlexWrap Wrap.Wrap; setFlexDirection FlexDirection.Row; setAlignContent Align.Stretch
1 0 0 50 80 | 100 0 50 80 | setWidth 50
1 50 0 50 60 | 50 0 50 60 | setWidth 50; setHeight 60
1 100 0 50 80 | 0 0 50 80 | setWidth 50
1 0 80 50 20 | 100 80 50 20 | setWidth 50
1 50 80 50 20 | 50 80 50 20 | setWidth 50
@ YGAlignContentTest align_content_stretch_row_with_max_height 1
0 0 0 150 100 | 0 0 150 100 | setPositionType PositionType.Absolute; setWidth 150; setHeight 100; setFlexWrap Wrap.Wrap; setFlexDirection FlexDirection.Row; setAlignContent Align.Stretch
1 0 0 50 50 | 100 0 50 50 | setWidth 50
1 50 0 50 20 | 50 0 50 20 | setWidth 50; setMaxHeight 20
1 100 0 50 50 | 0 0 50 50 | setWidth 50
1 0 50 50 50 | 100 50 50 50 | setWidth 50
1 50 50 50 50 | 50 50 50 50 | setWidth 50
@ YGAlignContentTest align_content_stretch_row_with_min_height 1
0 0 0 150 100 | 0 0 150 100 | setPositionType PositionType.Absolute; setWidth 150; setHeight 100; setFlexWrap Wrap.Wrap; setFlexDirection FlexDirection.Row; setAlignContent Align.Stretch
1 0 0 50 90 | 100 0 50 90 | setWidth 50
1 50 0 50 90 | 50 0 50 90 | setWidth 50; setMinHeight 80
1 100 0 50 90 | 0 0 50 90 | setWidth 50
1 0 90 50 10 | 100 90 50 10 | setWidth 50
1 50 90 50 10 | 50 90 50 10 | setWidth 50
@ YGAlignContentTest align_content_stretch_column 1
0 0 0 100 150 | 0 0 100 150 | setPositionType PositionType.Absolute; setWidth 100; setHeight 150; setFlexWrap Wrap.Wrap; setAlignContent Align.Stretch
1 0 0 50 50 | 50 0 50 50 | setHeight 50
2 0 0 50 50 | 0 0 50 50 | setFlexGrow 1; setFlexShrink 1; setFlexBasis 0%
1 0 50 50 0 | 50 50 50 0 | setHeight 50; setFlexGrow 1; setFlexShrink 1; setFlexBasis 0%
1 0 50 50 50 | 50 50 50 50 | setHeight 50
1 0 100 50 50 | 50 100 50 50 | setHeight 50
1 50 0 50 50 | 0 0 50 50 | setHeight 50
@ YGAlignContentTest align_content_stretch_is_not_overriding_align_items 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setAlignContent Align.Stretch
1 0 0 100 100 | 0 0 100 100 | setWidth 100; setHeight 100; setAlignItems Align.Center; setFlexDirection FlexDirection.Row; setAlignContent Align.Stretch
2 0 45 10 10 | 90 45 10 10 | setHeight 10; setWidth 10; setAlignContent Align.Stretch
@ YGAlignContentTest align_content_stretch_with_min_cross_axis 1
0 0 0 500 500 | 0 0 500 500 | setPositionType PositionType.Absolute; setWidth 500; setMinHeight 500; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setAlignContent Align.Stretch
1 0 0 400 200 | 100 0 400 200 | setWidth 400; setHeight 200
1 0 250 400 200 | 100 250 400 200 | setWidth 400; setHeight 200
@ YGAlignContentTest align_content_stretch_with_max_cross_axis 1
0 0 0 500 400 | 0 0 500 400 | setPositionType PositionType.Absolute; setWidth 500; setMaxHeight 500; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setAlignContent Align.Stretch
1 0 0 400 200 | 100 0 400 200 | setWidth 400; setHeight 200
1 0 200 400 200 | 100 200 400 200 | setWidth 400; setHeight 200
@ YGAlignContentTest align_content_stretch_with_max_cross_axis_and_border_padding 1
0 0 0 500 414 | 0 0 500 414 | setPositionType PositionType.Absolute; setWidth 500; setMaxHeight 500; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setAlignContent Align.Stretch; setBorder All 5; setPadding All 2
1 7 7 400 200 | 93 7 400 200 | setWidth 400; setHeight 200
1 7 207 400 200 | 93 207 400 200 | setWidth 400; setHeight 200
@ YGAlignContentTest align_content_space_evenly_with_min_cross_axis 1
0 0 0 500 500 | 0 0 500 500 | setPositionType PositionType.Absolute; setWidth 500; setMinHeight 500; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setAlignContent Align.SpaceEvenly
1 0 33 400 200 | 100 33 400 200 | setWidth 400; setHeight 200
1 0 267 400 200 | 100 267 400 200 | setWidth 400; setHeight 200
@ YGAlignContentTest align_content_space_evenly_with_max_cross_axis 1
0 0 0 500 400 | 0 0 500 400 | setPositionType PositionType.Absolute; setWidth 500; setMaxHeight 500; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setAlignContent Align.SpaceEvenly
1 0 0 400 200 | 100 0 400 200 | setWidth 400; setHeight 200
1 0 200 400 200 | 100 200 400 200 | setWidth 400; setHeight 200
@ YGAlignContentTest align_content_space_evenly_with_max_cross_axis_violated 1
0 0 0 500 300 | 0 0 500 300 | setPositionType PositionType.Absolute; setWidth 500; setMaxHeight 300; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setAlignContent Align.SpaceEvenly
1 0 0 400 200 | 100 0 400 200 | setWidth 400; setHeight 200
1 0 200 400 200 | 100 200 400 200 | setWidth 400; setHeight 200
@ YGAlignContentTest align_content_space_evenly_with_max_cross_axis_violated_padding_and_border 1
0 0 0 500 300 | 0 0 500 300 | setPositionType PositionType.Absolute; setWidth 500; setMaxHeight 300; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setAlignContent Align.SpaceEvenly; setBorder All 5; setPadding All 2
1 7 7 400 200 | 93 7 400 200 | setWidth 400; setHeight 200
1 7 207 400 200 | 93 207 400 200 | setWidth 400; setHeight 200
@ YGAlignContentTest align_content_space_around_and_align_items_flex_end_with_flex_wrap 1
0 0 0 300 300 | 0 0 300 300 | setPositionType PositionType.Absolute; setWidth 300; setHeight 300; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setAlignContent Align.SpaceAround; setAlignItems Align.FlexEnd
1 0 88 150 50 | 150 88 150 50 | setHeight 50; setWidth 150
1 150 38 120 100 | 30 38 120 100 | setHeight 100; setWidth 120
1 0 213 120 50 | 180 213 120 50 | setHeight 50; setWidth 120
@ YGAlignContentTest align_content_space_around_and_align_items_center_with_flex_wrap 1
0 0 0 300 300 | 0 0 300 300 | setPositionType PositionType.Absolute; setWidth 300; setHeight 300; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setAlignContent Align.SpaceAround; setAlignItems Align.Center
1 0 63 150 50 | 150 63 150 50 | setHeight 50; setWidth 150
1 150 38 120 100 | 30 38 120 100 | setHeight 100; setWidth 120
1 0 213 120 50 | 180 213 120 50 | setHeight 50; setWidth 120
@ YGAlignContentTest align_content_space_around_and_align_items_flex_start_with_flex_wrap 1
0 0 0 300 300 | 0 0 300 300 | setPositionType PositionType.Absolute; setWidth 300; setHeight 300; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setAlignContent Align.SpaceAround; setAlignItems Align.FlexStart
1 0 38 150 50 | 150 38 150 50 | setHeight 50; setWidth 150
1 150 38 120 100 | 30 38 120 100 | setHeight 100; setWidth 120
1 0 213 120 50 | 180 213 120 50 | setHeight 50; setWidth 120
@ YGAlignContentTest align_content_flex_start_stretch_doesnt_influence_line_box_dim 1
0 0 0 400 140 | 0 0 400 140 | setPositionType PositionType.Absolute; setWidth 400; setFlexDirection FlexDirection.Row; setPadding Top 20; setPadding Bottom 20; setPadding Left 20; setPadding Right 20
1 20 20 100 100 | 260 20 100 100 | setHeight 100; setWidth 100; setMargin Right 20
1 140 20 170 100 | 90 20 170 100 | setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setFlexShrink 1; setFlexGrow 1
2 0 0 30 30 | 120 0 30 30 | setHeight 30; setWidth 30; setMargin Right 20
2 50 0 30 30 | 70 0 30 30 | setHeight 30; setWidth 30; setMargin Right 20
2 100 0 30 30 | 20 0 30 30 | setHeight 30; setWidth 30; setMargin Right 20
2 0 30 30 30 | 120 30 30 30 | setHeight 30; setWidth 30; setMargin Right 20
2 50 30 30 30 | 70 30 30 30 | setHeight 30; setWidth 30; setMargin Right 20
1 330 20 50 50 | 40 20 50 50 | setHeight 50; setWidth 50; setMargin Left 20
@ YGAlignContentTest align_content_stretch_stretch_does_influence_line_box_dim 1
0 0 0 400 140 | 0 0 400 140 | setPositionType PositionType.Absolute; setWidth 400; setFlexDirection FlexDirection.Row; setPadding Top 20; setPadding Bottom 20; setPadding Left 20; setPadding Right 20
1 20 20 100 100 | 260 20 100 100 | setHeight 100; setWidth 100; setMargin Right 20
1 140 20 170 100 | 90 20 170 100 | setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setFlexShrink 1; setFlexGrow 1; setAlignContent Align.Stretch
2 0 0 30 30 | 120 0 30 30 | setHeight 30; setWidth 30; setMargin Right 20
2 50 0 30 30 | 70 0 30 30 | setHeight 30; setWidth 30; setMargin Right 20
2 100 0 30 30 | 20 0 30 30 | setHeight 30; setWidth 30; setMargin Right 20
2 0 50 30 30 | 120 50 30 30 | setHeight 30; setWidth 30; setMargin Right 20
2 50 50 30 30 | 70 50 30 30 | setHeight 30; setWidth 30; setMargin Right 20
1 330 20 50 50 | 40 20 50 50 | setHeight 50; setWidth 50; setMargin Left 20
@ YGAlignContentTest align_content_space_evenly_stretch_does_influence_line_box_dim 1
0 0 0 400 140 | 0 0 400 140 | setPositionType PositionType.Absolute; setWidth 400; setFlexDirection FlexDirection.Row; setPadding Top 20; setPadding Bottom 20; setPadding Left 20; setPadding Right 20
1 20 20 100 100 | 260 20 100 100 | setHeight 100; setWidth 100; setMargin Right 20
1 140 20 170 100 | 90 20 170 100 | setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setFlexShrink 1; setFlexGrow 1; setAlignContent Align.Stretch
2 0 0 30 30 | 120 0 30 30 | setHeight 30; setWidth 30; setMargin Right 20
2 50 0 30 30 | 70 0 30 30 | setHeight 30; setWidth 30; setMargin Right 20
2 100 0 30 30 | 20 0 30 30 | setHeight 30; setWidth 30; setMargin Right 20
2 0 50 30 30 | 120 50 30 30 | setHeight 30; setWidth 30; setMargin Right 20
2 50 50 30 30 | 70 50 30 30 | setHeight 30; setWidth 30; setMargin Right 20
1 330 20 50 50 | 40 20 50 50 | setHeight 50; setWidth 50; setMargin Left 20
@ YGAlignContentTest align_content_stretch_and_align_items_flex_end_with_flex_wrap 1
0 0 0 300 300 | 0 0 300 300 | setPositionType PositionType.Absolute; setWidth 300; setHeight 300; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setAlignContent Align.Stretch; setAlignItems Align.FlexEnd
1 0 0 150 50 | 150 0 150 50 | setHeight 50; setWidth 150; setAlignSelf Align.FlexStart
1 150 75 120 100 | 30 75 120 100 | setHeight 100; setWidth 120
1 0 250 120 50 | 180 250 120 50 | setHeight 50; setWidth 120
@ YGAlignContentTest align_content_stretch_and_align_items_flex_start_with_flex_wrap 1
0 0 0 300 300 | 0 0 300 300 | setPositionType PositionType.Absolute; setWidth 300; setHeight 300; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setAlignContent Align.Stretch; setAlignItems Align.FlexStart
1 0 125 150 50 | 150 125 150 50 | setHeight 50; setWidth 150; setAlignSelf Align.FlexEnd
1 150 0 120 100 | 30 0 120 100 | setHeight 100; setWidth 120
1 0 175 120 50 | 180 175 120 50 | setHeight 50; setWidth 120
@ YGAlignContentTest align_content_stretch_and_align_items_center_with_flex_wrap 1
0 0 0 300 300 | 0 0 300 300 | setPositionType PositionType.Absolute; setWidth 300; setHeight 300; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setAlignContent Align.Stretch; setAlignItems Align.Center
1 0 125 150 50 | 150 125 150 50 | setHeight 50; setWidth 150; setAlignSelf Align.FlexEnd
1 150 38 120 100 | 30 38 120 100 | setHeight 100; setWidth 120
1 0 213 120 50 | 180 213 120 50 | setHeight 50; setWidth 120
@ YGAlignContentTest align_content_stretch_and_align_items_stretch_with_flex_wrap 1
0 0 0 300 300 | 0 0 300 300 | setPositionType PositionType.Absolute; setWidth 300; setHeight 300; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setAlignContent Align.Stretch
1 0 125 150 50 | 150 125 150 50 | setHeight 50; setWidth 150; setAlignSelf Align.FlexEnd
1 150 0 120 100 | 30 0 120 100 | setHeight 100; setWidth 120
1 0 175 120 50 | 180 175 120 50 | setHeight 50; setWidth 120
@ YGFlexDirectionTest flex_direction_column_no_height 1
0 0 0 100 30 | 0 0 100 30 | setPositionType PositionType.Absolute; setWidth 100
1 0 0 100 10 | 0 0 100 10 | setHeight 10
1 0 10 100 10 | 0 10 100 10 | setHeight 10
1 0 20 100 10 | 0 20 100 10 | setHeight 10
@ YGFlexDirectionTest flex_direction_row_no_width 1
0 0 0 30 100 | 0 0 30 100 | setPositionType PositionType.Absolute; setHeight 100; setFlexDirection FlexDirection.Row
1 0 0 10 100 | 20 0 10 100 | setWidth 10
1 10 0 10 100 | 10 0 10 100 | setWidth 10
1 20 0 10 100 | 0 0 10 100 | setWidth 10
@ YGFlexDirectionTest flex_direction_column 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100
1 0 0 100 10 | 0 0 100 10 | setHeight 10
1 0 10 100 10 | 0 10 100 10 | setHeight 10
1 0 20 100 10 | 0 20 100 10 | setHeight 10
@ YGFlexDirectionTest flex_direction_row 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100; setFlexDirection FlexDirection.Row
1 0 0 10 100 | 90 0 10 100 | setWidth 10
1 10 0 10 100 | 80 0 10 100 | setWidth 10
1 20 0 10 100 | 70 0 10 100 | setWidth 10
@ YGFlexDirectionTest flex_direction_column_reverse 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100; setFlexDirection FlexDirection.ColumnReverse
1 0 90 100 10 | 0 90 100 10 | setHeight 10
1 0 80 100 10 | 0 80 100 10 | setHeight 10
1 0 70 100 10 | 0 70 100 10 | setHeight 10
@ YGFlexDirectionTest flex_direction_row_reverse 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100; setFlexDirection FlexDirection.RowReverse
1 90 0 10 100 | 0 0 10 100 | setWidth 10
1 80 0 10 100 | 10 0 10 100 | setWidth 10
1 70 0 10 100 | 20 0 10 100 | setWidth 10
@ YGFlexDirectionTest flex_direction_row_reverse_margin_left 1
0 100 0 100 100 | 100 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100; setFlexDirection FlexDirection.RowReverse; setMargin Left 100
1 90 0 10 100 | 0 0 10 100 | setWidth 10
1 80 0 10 100 | 10 0 10 100 | setWidth 10
1 70 0 10 100 | 20 0 10 100 | setWidth 10
@ YGFlexDirectionTest flex_direction_row_reverse_margin_start 1
0 100 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100; setFlexDirection FlexDirection.RowReverse; setMargin Start 100
1 90 0 10 100 | 0 0 10 100 | setWidth 10
1 80 0 10 100 | 10 0 10 100 | setWidth 10
1 70 0 10 100 | 20 0 10 100 | setWidth 10
@ YGFlexDirectionTest flex_direction_row_reverse_margin_right 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100; setFlexDirection FlexDirection.RowReverse; setMargin Right 100
1 90 0 10 100 | 0 0 10 100 | setWidth 10
1 80 0 10 100 | 10 0 10 100 | setWidth 10
1 70 0 10 100 | 20 0 10 100 | setWidth 10
@ YGFlexDirectionTest flex_direction_row_reverse_margin_end 1
0 0 0 100 100 | 100 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100; setFlexDirection FlexDirection.RowReverse; setMargin End 100
1 90 0 10 100 | 0 0 10 100 | setWidth 10
1 80 0 10 100 | 10 0 10 100 | setWidth 10
1 70 0 10 100 | 20 0 10 100 | setWidth 10
@ YGFlexDirectionTest flex_direction_column_reverse_margin_top 1
0 0 100 100 100 | 0 100 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100; setFlexDirection FlexDirection.ColumnReverse; setMargin Top 100
1 0 100 10 0 | 90 100 10 0 | setWidth 10
1 0 100 10 0 | 90 100 10 0 | setWidth 10
1 0 100 10 0 | 90 100 10 0 | setWidth 10
@ YGFlexDirectionTest flex_direction_column_reverse_margin_bottom 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100; setFlexDirection FlexDirection.ColumnReverse; setMargin Bottom 100
1 0 100 10 0 | 90 100 10 0 | setWidth 10
1 0 100 10 0 | 90 100 10 0 | setWidth 10
1 0 100 10 0 | 90 100 10 0 | setWidth 10
@ YGFlexDirectionTest flex_direction_row_reverse_padding_left 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100; setFlexDirection FlexDirection.RowReverse; setPadding Left 100
1 90 0 10 100 | 100 0 10 100 | setWidth 10
1 80 0 10 100 | 110 0 10 100 | setWidth 10
1 70 0 10 100 | 120 0 10 100 | setWidth 10
@ YGFlexDirectionTest flex_direction_row_reverse_padding_start 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100; setFlexDirection FlexDirection.RowReverse; setPadding Start 100
1 90 0 10 100 | 0 0 10 100 | setWidth 10
1 80 0 10 100 | 10 0 10 100 | setWidth 10
1 70 0 10 100 | 20 0 10 100 | setWidth 10
@ YGFlexDirectionTest flex_direction_row_reverse_padding_right 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100; setFlexDirection FlexDirection.RowReverse; setPadding Right 100
1 -10 0 10 100 | 0 0 10 100 | setWidth 10
1 -20 0 10 100 | 10 0 10 100 | setWidth 10
1 -30 0 10 100 | 20 0 10 100 | setWidth 10
@ YGFlexDirectionTest flex_direction_row_reverse_padding_end 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100; setFlexDirection FlexDirection.RowReverse; setPadding End 100
1 -10 0 10 100 | 100 0 10 100 | setWidth 10
1 -20 0 10 100 | 110 0 10 100 | setWidth 10
1 -30 0 10 100 | 120 0 10 100 | setWidth 10
@ YGFlexDirectionTest flex_direction_column_reverse_padding_top 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100; setFlexDirection FlexDirection.ColumnReverse; setPadding Top 100
1 0 100 10 0 | 90 100 10 0 | setWidth 10
1 0 100 10 0 | 90 100 10 0 | setWidth 10
1 0 100 10 0 | 90 100 10 0 | setWidth 10
@ YGFlexDirectionTest flex_direction_column_reverse_padding_bottom 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100; setFlexDirection FlexDirection.ColumnReverse; setPadding Bottom 100
1 0 0 10 0 | 90 0 10 0 | setWidth 10
1 0 0 10 0 | 90 0 10 0 | setWidth 10
1 0 0 10 0 | 90 0 10 0 | setWidth 10
@ YGFlexDirectionTest flex_direction_row_reverse_border_left 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100; setFlexDirection FlexDirection.RowReverse; setBorder Left 100
1 90 0 10 100 | 100 0 10 100 | setWidth 10
1 80 0 10 100 | 110 0 10 100 | setWidth 10
1 70 0 10 100 | 120 0 10 100 | setWidth 10
@ YGFlexDirectionTest flex_direction_row_reverse_border_start 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100; setFlexDirection FlexDirection.RowReverse; setBorder Start 100
1 90 0 10 100 | 0 0 10 100 | setWidth 10
1 80 0 10 100 | 10 0 10 100 | setWidth 10
1 70 0 10 100 | 20 0 10 100 | setWidth 10
@ YGFlexDirectionTest flex_direction_row_reverse_border_right 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100; setFlexDirection FlexDirection.RowReverse; setBorder Right 100
1 -10 0 10 100 | 0 0 10 100 | setWidth 10
1 -20 0 10 100 | 10 0 10 100 | setWidth 10
1 -30 0 10 100 | 20 0 10 100 | setWidth 10
@ YGFlexDirectionTest flex_direction_row_reverse_border_end 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100; setFlexDirection FlexDirection.RowReverse; setBorder End 100
1 -10 0 10 100 | 100 0 10 100 | setWidth 10
1 -20 0 10 100 | 110 0 10 100 | setWidth 10
1 -30 0 10 100 | 120 0 10 100 | setWidth 10
@ YGFlexDirectionTest flex_direction_column_reverse_border_top 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100; setFlexDirection FlexDirection.ColumnReverse; setBorder Top 100
1 0 100 10 0 | 90 100 10 0 | setWidth 10
1 0 100 10 0 | 90 100 10 0 | setWidth 10
1 0 100 10 0 | 90 100 10 0 | setWidth 10
@ YGFlexDirectionTest flex_direction_column_reverse_border_bottom 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100; setFlexDirection FlexDirection.ColumnReverse; setBorder Bottom 100
1 0 0 10 0 | 90 0 10 0 | setWidth 10
1 0 0 10 0 | 90 0 10 0 | setWidth 10
1 0 0 10 0 | 90 0 10 0 | setWidth 10
@ YGFlexDirectionTest flex_direction_row_reverse_pos_left 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100
1 100 0 100 100 | 100 0 100 100 | setHeight 100; setWidth 100; setFlexDirection FlexDirection.RowReverse; setPosition Left 100
2 90 0 10 100 | 0 0 10 100 | setWidth 10
2 80 0 10 100 | 10 0 10 100 | setWidth 10
2 70 0 10 100 | 20 0 10 100 | setWidth 10
@ YGFlexDirectionTest flex_direction_row_reverse_pos_start 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100
1 100 0 100 100 | -100 0 100 100 | setHeight 100; setWidth 100; setFlexDirection FlexDirection.RowReverse; setPosition Start 100
2 90 0 10 100 | 0 0 10 100 | setWidth 10
2 80 0 10 100 | 10 0 10 100 | setWidth 10
2 70 0 10 100 | 20 0 10 100 | setWidth 10
@ YGFlexDirectionTest flex_direction_row_reverse_pos_right 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100
1 -100 0 100 100 | -100 0 100 100 | setHeight 100; setWidth 100; setFlexDirection FlexDirection.RowReverse; setPosition Right 100
2 90 0 10 100 | 0 0 10 100 | setWidth 10
2 80 0 10 100 | 10 0 10 100 | setWidth 10
2 70 0 10 100 | 20 0 10 100 | setWidth 10
@ YGFlexDirectionTest flex_direction_row_reverse_pos_end 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100
1 -100 0 100 100 | 100 0 100 100 | setHeight 100; setWidth 100; setFlexDirection FlexDirection.RowReverse; setPosition End 100
2 90 0 10 100 | 0 0 10 100 | setWidth 10
2 80 0 10 100 | 10 0 10 100 | setWidth 10
2 70 0 10 100 | 20 0 10 100 | setWidth 10
@ YGFlexDirectionTest flex_direction_column_reverse_pos_top 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100
1 0 100 100 100 | 0 100 100 100 | setHeight 100; setWidth 100; setFlexDirection FlexDirection.ColumnReverse; setPosition Top 100
2 0 100 10 0 | 90 100 10 0 | setWidth 10
2 0 100 10 0 | 90 100 10 0 | setWidth 10
2 0 100 10 0 | 90 100 10 0 | setWidth 10
@ YGFlexDirectionTest flex_direction_column_reverse_pos_bottom 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100
1 0 -100 100 100 | 0 -100 100 100 | setHeight 100; setWidth 100; setFlexDirection FlexDirection.ColumnReverse; setPosition Bottom 100
2 0 100 10 0 | 90 100 10 0 | setWidth 10
2 0 100 10 0 | 90 100 10 0 | setWidth 10
2 0 100 10 0 | 90 100 10 0 | setWidth 10
@ YGFlexDirectionTest flex_direction_row_reverse_inner_pos_left 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100
1 0 0 100 100 | 0 0 100 100 | setHeight 100; setWidth 100; setFlexDirection FlexDirection.RowReverse
2 10 0 10 10 | 10 0 10 10 | setWidth 10; setHeight 10; setPositionType PositionType.Absolute; setPosition Left 10
2 90 0 10 100 | 0 0 10 100 | setWidth 10
2 80 0 10 100 | 10 0 10 100 | setWidth 10
@ YGFlexDirectionTest flex_direction_row_reverse_inner_pos_right 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100
1 0 0 100 100 | 0 0 100 100 | setHeight 100; setWidth 100; setFlexDirection FlexDirection.RowReverse
2 80 0 10 10 | 80 0 10 10 | setWidth 10; setHeight 10; setPositionType PositionType.Absolute; setPosition Right 10
2 90 0 10 100 | 0 0 10 100 | setWidth 10
2 80 0 10 100 | 10 0 10 100 | setWidth 10
@ YGFlexDirectionTest flex_direction_col_reverse_inner_pos_top 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100
1 0 0 100 100 | 0 0 100 100 | setHeight 100; setWidth 100; setFlexDirection FlexDirection.ColumnReverse
2 0 10 10 10 | 90 10 10 10 | setWidth 10; setHeight 10; setPositionType PositionType.Absolute; setPosition Top 10
2 0 100 10 0 | 90 100 10 0 | setWidth 10
2 0 100 10 0 | 90 100 10 0 | setWidth 10
@ YGFlexDirectionTest flex_direction_col_reverse_inner_pos_bottom 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100
1 0 0 100 100 | 0 0 100 100 | setHeight 100; setWidth 100; setFlexDirection FlexDirection.ColumnReverse
2 0 80 10 10 | 90 80 10 10 | setWidth 10; setHeight 10; setPositionType PositionType.Absolute; setPosition Bottom 10
2 0 100 10 0 | 90 100 10 0 | setWidth 10
2 0 100 10 0 | 90 100 10 0 | setWidth 10
@ YGFlexDirectionTest flex_direction_row_reverse_inner_margin_left 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100
1 0 0 100 100 | 0 0 100 100 | setHeight 100; setWidth 100; setFlexDirection FlexDirection.RowReverse
2 90 0 10 10 | 10 0 10 10 | setWidth 10; setHeight 10; setPositionType PositionType.Absolute; setMargin Left 10
2 90 0 10 100 | 0 0 10 100 | setWidth 10
2 80 0 10 100 | 10 0 10 100 | setWidth 10
@ YGFlexDirectionTest flex_direction_row_reverse_inner_margin_right 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100
1 0 0 100 100 | 0 0 100 100 | setHeight 100; setWidth 100; setFlexDirection FlexDirection.RowReverse
2 80 0 10 10 | 0 0 10 10 | setWidth 10; setHeight 10; setPositionType PositionType.Absolute; setMargin Right 10
2 90 0 10 100 | 0 0 10 100 | setWidth 10
2 80 0 10 100 | 10 0 10 100 | setWidth 10
@ YGFlexDirectionTest flex_direction_col_reverse_inner_margin_top 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100
1 0 0 100 100 | 0 0 100 100 | setHeight 100; setWidth 100; setFlexDirection FlexDirection.ColumnReverse
2 0 90 10 10 | 90 90 10 10 | setWidth 10; setHeight 10; setPositionType PositionType.Absolute; setMargin Top 10
2 0 100 10 0 | 90 100 10 0 | setWidth 10
2 0 100 10 0 | 90 100 10 0 | setWidth 10
@ YGFlexDirectionTest flex_direction_col_reverse_inner_margin_bottom 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100
1 0 0 100 100 | 0 0 100 100 | setHeight 100; setWidth 100; setFlexDirection FlexDirection.ColumnReverse
2 0 80 10 10 | 90 80 10 10 | setWidth 10; setHeight 10; setPositionType PositionType.Absolute; setMargin Bottom 10
2 0 100 10 0 | 90 100 10 0 | setWidth 10
2 0 100 10 0 | 90 100 10 0 | setWidth 10
@ YGFlexDirectionTest flex_direction_row_reverse_inner_marign_start 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100
1 0 0 100 100 | 0 0 100 100 | setHeight 100; setWidth 100; setFlexDirection FlexDirection.RowReverse
2 90 0 10 10 | 0 0 10 10 | setWidth 10; setHeight 10; setPositionType PositionType.Absolute; setMargin Start 10
2 90 0 10 100 | 0 0 10 100 | setWidth 10
2 80 0 10 100 | 10 0 10 100 | setWidth 10
@ YGFlexDirectionTest flex_direction_row_reverse_inner_margin_end 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100
1 0 0 100 100 | 0 0 100 100 | setHeight 100; setWidth 100; setFlexDirection FlexDirection.RowReverse
2 80 0 10 10 | 10 0 10 10 | setWidth 10; setHeight 10; setPositionType PositionType.Absolute; setMargin End 10
2 90 0 10 100 | 0 0 10 100 | setWidth 10
2 80 0 10 100 | 10 0 10 100 | setWidth 10
@ YGFlexDirectionTest flex_direction_row_reverse_inner_border_left 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100
1 0 0 100 100 | 0 0 100 100 | setHeight 100; setWidth 100; setFlexDirection FlexDirection.RowReverse
2 90 0 10 10 | 0 0 10 10 | setWidth 10; setHeight 10; setPositionType PositionType.Absolute; setBorder Left 10
2 90 0 10 100 | 0 0 10 100 | setWidth 10
2 80 0 10 100 | 10 0 10 100 | setWidth 10
@ YGFlexDirectionTest flex_direction_row_reverse_inner_border_right 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100
1 0 0 100 100 | 0 0 100 100 | setHeight 100; setWidth 100; setFlexDirection FlexDirection.RowReverse
2 90 0 10 10 | 0 0 10 10 | setWidth 10; setHeight 10; setPositionType PositionType.Absolute; setBorder Right 10
2 90 0 10 100 | 0 0 10 100 | setWidth 10
2 80 0 10 100 | 10 0 10 100 | setWidth 10
@ YGFlexDirectionTest flex_direction_col_reverse_inner_border_top 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100
1 0 0 100 100 | 0 0 100 100 | setHeight 100; setWidth 100; setFlexDirection FlexDirection.ColumnReverse
2 0 90 10 10 | 90 90 10 10 | setWidth 10; setHeight 10; setPositionType PositionType.Absolute; setBorder Top 10
2 0 100 10 0 | 90 100 10 0 | setWidth 10
2 0 100 10 0 | 90 100 10 0 | setWidth 10
@ YGFlexDirectionTest flex_direction_col_reverse_inner_border_bottom 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100
1 0 0 100 100 | 0 0 100 100 | setHeight 100; setWidth 100; setFlexDirection FlexDirection.ColumnReverse
2 0 90 10 10 | 90 90 10 10 | setWidth 10; setHeight 10; setPositionType PositionType.Absolute; setBorder Bottom 10
2 0 100 10 0 | 90 100 10 0 | setWidth 10
2 0 100 10 0 | 90 100 10 0 | setWidth 10
@ YGFlexDirectionTest flex_direction_row_reverse_inner_border_start 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100
1 0 0 100 100 | 0 0 100 100 | setHeight 100; setWidth 100; setFlexDirection FlexDirection.RowReverse
2 90 0 10 10 | 0 0 10 10 | setWidth 10; setHeight 10; setPositionType PositionType.Absolute; setBorder Start 10
2 90 0 10 100 | 0 0 10 100 | setWidth 10
2 80 0 10 100 | 10 0 10 100 | setWidth 10
@ YGFlexDirectionTest flex_direction_row_reverse_inner_border_end 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100
1 0 0 100 100 | 0 0 100 100 | setHeight 100; setWidth 100; setFlexDirection FlexDirection.RowReverse
2 90 0 10 10 | 0 0 10 10 | setWidth 10; setHeight 10; setPositionType PositionType.Absolute; setBorder End 10
2 90 0 10 100 | 0 0 10 100 | setWidth 10
2 80 0 10 100 | 10 0 10 100 | setWidth 10
@ YGFlexDirectionTest flex_direction_row_reverse_inner_padding_left 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100
1 0 0 100 100 | 0 0 100 100 | setHeight 100; setWidth 100; setFlexDirection FlexDirection.RowReverse
2 90 0 10 10 | 0 0 10 10 | setWidth 10; setHeight 10; setPositionType PositionType.Absolute; setPadding Left 10
2 90 0 10 100 | 0 0 10 100 | setWidth 10
2 80 0 10 100 | 10 0 10 100 | setWidth 10
@ YGFlexDirectionTest flex_direction_row_reverse_inner_padding_right 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100
1 0 0 100 100 | 0 0 100 100 | setHeight 100; setWidth 100; setFlexDirection FlexDirection.RowReverse
2 90 0 10 10 | 0 0 10 10 | setWidth 10; setHeight 10; setPositionType PositionType.Absolute; setPadding Right 10
2 90 0 10 100 | 0 0 10 100 | setWidth 10
2 80 0 10 100 | 10 0 10 100 | setWidth 10
@ YGFlexDirectionTest flex_direction_col_reverse_inner_padding_top 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100
1 0 0 100 100 | 0 0 100 100 | setHeight 100; setWidth 100; setFlexDirection FlexDirection.ColumnReverse
2 0 90 10 10 | 90 90 10 10 | setWidth 10; setHeight 10; setPositionType PositionType.Absolute; setPadding Top 10
2 0 100 10 0 | 90 100 10 0 | setWidth 10
2 0 100 10 0 | 90 100 10 0 | setWidth 10
@ YGFlexDirectionTest flex_direction_col_reverse_inner_padding_bottom 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100
1 0 0 100 100 | 0 0 100 100 | setHeight 100; setWidth 100; setFlexDirection FlexDirection.ColumnReverse
2 0 90 10 10 | 90 90 10 10 | setWidth 10; setHeight 10; setPositionType PositionType.Absolute; setPadding Bottom 10
2 0 100 10 0 | 90 100 10 0 | setWidth 10
2 0 100 10 0 | 90 100 10 0 | setWidth 10
@ YGFlexDirectionTest flex_direction_row_reverse_inner_padding_start 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100
1 0 0 100 100 | 0 0 100 100 | setHeight 100; setWidth 100; setFlexDirection FlexDirection.RowReverse
2 90 0 10 10 | 0 0 10 10 | setWidth 10; setHeight 10; setPositionType PositionType.Absolute; setPadding Start 10
2 90 0 10 100 | 0 0 10 100 | setWidth 10
2 80 0 10 100 | 10 0 10 100 | setWidth 10
@ YGFlexDirectionTest flex_direction_row_reverse_inner_padding_end 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100
1 0 0 100 100 | 0 0 100 100 | setHeight 100; setWidth 100; setFlexDirection FlexDirection.RowReverse
2 90 0 10 10 | 0 0 10 10 | setWidth 10; setHeight 10; setPositionType PositionType.Absolute; setPadding End 10
2 90 0 10 100 | 0 0 10 100 | setWidth 10
2 80 0 10 100 | 10 0 10 100 | setWidth 10
@ YGFlexDirectionTest flex_direction_alternating_with_percent 1
0 0 0 200 300 | 0 0 200 300 | setPositionType PositionType.Absolute; setHeight 300; setWidth 200
1 20 30 100 150 | 120 30 100 150 | setHeight 50%; setWidth 50%; setPosition Left 10%; setPosition Top 10%; setFlexDirection FlexDirection.Row
@ YGFlexTest flex_basis_flex_grow_column 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100
1 0 0 100 75 | 0 0 100 75 | setFlexBasis 50; setFlexGrow 1
1 0 75 100 25 | 0 75 100 25 | setFlexGrow 1
@ YGFlexTest flex_shrink_flex_grow_row 1
0 0 0 500 500 | 0 0 500 500 | setPositionType PositionType.Absolute; setWidth 500; setHeight 500; setFlexDirection FlexDirection.Row
1 0 0 250 100 | 250 0 250 100 | setWidth 500; setHeight 100; setFlexShrink 1
1 250 0 250 100 | 0 0 250 100 | setWidth 500; setHeight 100; setFlexShrink 1
@ YGFlexTest flex_shrink_flex_grow_child_flex_shrink_other_child 1
0 0 0 500 500 | 0 0 500 500 | setPositionType PositionType.Absolute; setWidth 500; setHeight 500; setFlexDirection FlexDirection.Row
1 0 0 250 100 | 250 0 250 100 | setWidth 500; setHeight 100; setFlexShrink 1
1 250 0 250 100 | 0 0 250 100 | setWidth 500; setHeight 100; setFlexGrow 1; setFlexShrink 1
@ YGFlexTest flex_basis_flex_grow_row 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setFlexDirection FlexDirection.Row
1 0 0 75 100 | 25 0 75 100 | setFlexBasis 50; setFlexGrow 1
1 75 0 25 100 | 0 0 25 100 | setFlexGrow 1
@ YGFlexTest flex_basis_flex_shrink_column 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100
1 0 0 100 50 | 0 0 100 50 | setFlexBasis 100; setFlexShrink 1
1 0 50 100 50 | 0 50 100 50 | setFlexBasis 50
@ YGFlexTest flex_basis_flex_shrink_row 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setFlexDirection FlexDirection.Row
1 0 0 50 100 | 50 0 50 100 | setFlexBasis 100; setFlexShrink 1
1 50 0 50 100 | 0 0 50 100 | setFlexBasis 50
@ YGFlexTest flex_shrink_to_zero 1
0 0 0 50 75 | 0 0 50 75 | setPositionType PositionType.Absolute; setHeight 75
1 0 0 50 50 | 0 0 50 50 | setWidth 50; setHeight 50
1 0 50 50 0 | 0 50 50 0 | setWidth 50; setHeight 50; setFlexShrink 1
1 0 50 50 50 | 0 50 50 50 | setWidth 50; setHeight 50
@ YGFlexTest flex_basis_overrides_main_size 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100
1 0 0 100 60 | 0 0 100 60 | setHeight 20; setFlexGrow 1; setFlexBasis 50
1 0 60 100 20 | 0 60 100 20 | setHeight 10; setFlexGrow 1
1 0 80 100 20 | 0 80 100 20 | setHeight 10; setFlexGrow 1
@ YGFlexTest flex_grow_shrink_at_most 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100
1 0 0 100 0 | 0 0 100 0 | 
2 0 0 100 0 | 0 0 100 0 | setFlexGrow 1; setFlexShrink 1
@ YGFlexTest flex_grow_less_than_factor_one 1
0 0 0 200 500 | 0 0 200 500 | setPositionType PositionType.Absolute; setHeight 500; setWidth 200
1 0 0 200 132 | 0 0 200 132 | setFlexGrow 0.2; setFlexBasis 40
1 0 132 200 92 | 0 132 200 92 | setFlexGrow 0.2
1 0 224 200 184 | 0 224 200 184 | setFlexGrow 0.4
@ YGFlexWrapTest wrap_row 1
0 0 0 100 60 | 0 0 100 60 | setPositionType PositionType.Absolute; setWidth 100; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap
1 0 0 30 30 | 70 0 30 30 | setHeight 30; setWidth 30
1 30 0 30 30 | 40 0 30 30 | setHeight 30; setWidth 30
1 60 0 30 30 | 10 0 30 30 | setHeight 30; setWidth 30
1 0 30 30 30 | 70 30 30 30 | setHeight 30; setWidth 30
@ YGFlexWrapTest wrap_row_align_items_flex_end 1
0 0 0 100 60 | 0 0 100 60 | setPositionType PositionType.Absolute; setWidth 100; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setAlignItems Align.FlexEnd
1 0 20 30 10 | 70 20 30 10 | setHeight 10; setWidth 30
1 30 10 30 20 | 40 10 30 20 | setHeight 20; setWidth 30
1 60 0 30 30 | 10 0 30 30 | setHeight 30; setWidth 30
1 0 30 30 30 | 70 30 30 30 | setHeight 30; setWidth 30
@ YGFlexWrapTest wrap_row_align_items_center 1
0 0 0 100 60 | 0 0 100 60 | setPositionType PositionType.Absolute; setWidth 100; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setAlignItems Align.Center
1 0 10 30 10 | 70 10 30 10 | setHeight 10; setWidth 30
1 30 5 30 20 | 40 5 30 20 | setHeight 20; setWidth 30
1 60 0 30 30 | 10 0 30 30 | setHeight 30; setWidth 30
1 0 30 30 30 | 70 30 30 30 | setHeight 30; setWidth 30
@ YGFlexWrapTest flex_wrap_children_with_min_main_overriding_flex_basis 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setFlexWrap Wrap.Wrap; setFlexDirection FlexDirection.Row
1 0 0 55 50 | 45 0 55 50 | setFlexBasis 50; setHeight 50; setMinWidth 55
1 0 50 55 50 | 45 50 55 50 | setFlexBasis 50; setHeight 50; setMinWidth 55
@ YGFlexWrapTest flex_wrap_wrap_to_child_height 1
0 0 0 100 200 | 0 0 100 200 | setPositionType PositionType.Absolute
1 0 0 100 100 | 0 0 100 100 | setFlexDirection FlexDirection.Row; setAlignItems Align.FlexStart; setFlexWrap Wrap.Wrap
2 0 0 100 100 | 0 0 100 100 | setWidth 100
3 0 0 100 100 | 0 0 100 100 | setHeight 100; setWidth 100
1 0 100 100 100 | 0 100 100 100 | setWidth 100; setHeight 100
@ YGFlexWrapTest flex_wrap_align_stretch_fits_one_row 1
0 0 0 150 100 | 0 0 150 100 | setPositionType PositionType.Absolute; setWidth 150; setHeight 100; setFlexWrap Wrap.Wrap; setFlexDirection FlexDirection.Row
1 0 0 50 0 | 100 0 50 0 | setWidth 50
1 50 0 50 0 | 50 0 50 0 | setWidth 50
@ YGFlexWrapTest wrap_reverse_row_align_content_flex_start 1
0 0 0 100 80 | 0 0 100 80 | setPositionType PositionType.Absolute; setWidth 100; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.WrapReverse
1 0 70 30 10 | 70 70 30 10 | setHeight 10; setWidth 30
1 30 60 30 20 | 40 60 30 20 | setHeight 20; setWidth 30
1 60 50 30 30 | 10 50 30 30 | setHeight 30; setWidth 30
1 0 10 30 40 | 70 10 30 40 | setHeight 40; setWidth 30
1 30 0 30 50 | 40 0 30 50 | setHeight 50; setWidth 30
@ YGFlexWrapTest wrap_reverse_row_align_content_center 1
0 0 0 100 80 | 0 0 100 80 | setPositionType PositionType.Absolute; setWidth 100; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.WrapReverse; setAlignContent Align.Center
1 0 70 30 10 | 70 70 30 10 | setHeight 10; setWidth 30
1 30 60 30 20 | 40 60 30 20 | setHeight 20; setWidth 30
1 60 50 30 30 | 10 50 30 30 | setHeight 30; setWidth 30
1 0 10 30 40 | 70 10 30 40 | setHeight 40; setWidth 30
1 30 0 30 50 | 40 0 30 50 | setHeight 50; setWidth 30
@ YGFlexWrapTest wrap_reverse_row_single_line_different_size 1
0 0 0 300 50 | 0 0 300 50 | setPositionType PositionType.Absolute; setWidth 300; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.WrapReverse
1 0 40 30 10 | 270 40 30 10 | setHeight 10; setWidth 30
1 30 30 30 20 | 240 30 30 20 | setHeight 20; setWidth 30
1 60 20 30 30 | 210 20 30 30 | setHeight 30; setWidth 30
1 90 10 30 40 | 180 10 30 40 | setHeight 40; setWidth 30
1 120 0 30 50 | 150 0 30 50 | setHeight 50; setWidth 30
@ YGFlexWrapTest wrap_reverse_row_align_content_stretch 1
0 0 0 100 80 | 0 0 100 80 | setPositionType PositionType.Absolute; setWidth 100; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.WrapReverse; setAlignContent Align.Stretch
1 0 70 30 10 | 70 70 30 10 | setHeight 10; setWidth 30
1 30 60 30 20 | 40 60 30 20 | setHeight 20; setWidth 30
1 60 50 30 30 | 10 50 30 30 | setHeight 30; setWidth 30
1 0 10 30 40 | 70 10 30 40 | setHeight 40; setWidth 30
1 30 0 30 50 | 40 0 30 50 | setHeight 50; setWidth 30
@ YGFlexWrapTest wrap_reverse_row_align_content_space_around 1
0 0 0 100 80 | 0 0 100 80 | setPositionType PositionType.Absolute; setWidth 100; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.WrapReverse; setAlignContent Align.SpaceAround
1 0 70 30 10 | 70 70 30 10 | setHeight 10; setWidth 30
1 30 60 30 20 | 40 60 30 20 | setHeight 20; setWidth 30
1 60 50 30 30 | 10 50 30 30 | setHeight 30; setWidth 30
1 0 10 30 40 | 70 10 30 40 | setHeight 40; setWidth 30
1 30 0 30 50 | 40 0 30 50 | setHeight 50; setWidth 30
@ YGFlexWrapTest wrap_reverse_column_fixed_size 1
0 0 0 200 100 | 0 0 200 100 | setPositionType PositionType.Absolute; setWidth 200; setHeight 100; setFlexWrap Wrap.WrapReverse; setAlignItems Align.Center
1 170 0 30 10 | 0 0 30 10 | setHeight 10; setWidth 30
1 170 10 30 20 | 0 10 30 20 | setHeight 20; setWidth 30
1 170 30 30 30 | 0 30 30 30 | setHeight 30; setWidth 30
1 170 60 30 40 | 0 60 30 40 | setHeight 40; setWidth 30
1 140 0 30 50 | 30 0 30 50 | setHeight 50; setWidth 30
@ YGFlexWrapTest wrapped_row_within_align_items_center 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200; setAlignItems Align.Center
1 0 0 200 160 | 0 0 200 160 | setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap
2 0 0 150 80 | 50 0 150 80 | setWidth 150; setHeight 80
2 0 80 80 80 | 120 80 80 80 | setWidth 80; setHeight 80
@ YGFlexWrapTest wrapped_row_within_align_items_flex_start 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200; setAlignItems Align.FlexStart
1 0 0 200 160 | 0 0 200 160 | setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap
2 0 0 150 80 | 50 0 150 80 | setWidth 150; setHeight 80
2 0 80 80 80 | 120 80 80 80 | setWidth 80; setHeight 80
@ YGFlexWrapTest wrapped_row_within_align_items_flex_end 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200; setAlignItems Align.FlexEnd
1 0 0 200 160 | 0 0 200 160 | setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap
2 0 0 150 80 | 50 0 150 80 | setWidth 150; setHeight 80
2 0 80 80 80 | 120 80 80 80 | setWidth 80; setHeight 80
@ YGFlexWrapTest wrapped_column_max_height 1
0 0 0 700 500 | 0 0 700 500 | setPositionType PositionType.Absolute; setHeight 500; setWidth 700; setAlignItems Align.Center; setJustifyContent Justify.Center; setAlignContent Align.Center; setFlexWrap Wrap.Wrap
1 250 30 100 200 | 350 30 100 200 | setWidth 100; setHeight 500; setMaxHeight 200
1 200 250 200 200 | 300 250 200 200 | setWidth 200; setHeight 200; setMargin All 20
1 420 200 100 100 | 180 200 100 100 | setWidth 100; setHeight 100
@ YGFlexWrapTest wrapped_column_max_height_flex 1
0 0 0 700 500 | 0 0 700 500 | setPositionType PositionType.Absolute; setHeight 500; setWidth 700; setAlignItems Align.Center; setJustifyContent Justify.Center; setAlignContent Align.Center; setFlexWrap Wrap.Wrap
1 300 0 100 180 | 300 0 100 180 | setWidth 100; setHeight 500; setMaxHeight 200; setFlexGrow 1; setFlexShrink 1; setFlexBasis 0%
1 250 200 200 180 | 250 200 200 180 | setWidth 200; setHeight 200; setMargin All 20; setFlexGrow 1; setFlexShrink 1; setFlexBasis 0%
1 300 400 100 100 | 300 400 100 100 | setWidth 100; setHeight 100
@ YGFlexWrapTest wrap_nodes_with_content_sizing_overflowing_margin 1
0 0 0 500 500 | 0 0 500 500 | setPositionType PositionType.Absolute; setWidth 500; setHeight 500
1 0 0 85 80 | 415 0 85 80 | setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setWidth 85
2 0 0 40 40 | 45 0 40 40 | 
3 0 0 40 40 | 0 0 40 40 | setHeight 40; setWidth 40
2 0 40 40 40 | 35 40 40 40 | setMargin Right 10
3 0 0 40 40 | 0 0 40 40 | setHeight 40; setWidth 40
@ YGFlexWrapTest wrap_nodes_with_content_sizing_margin_cross 1
0 0 0 500 500 | 0 0 500 500 | setPositionType PositionType.Absolute; setWidth 500; setHeight 500
1 0 0 70 90 | 430 0 70 90 | setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setWidth 70
2 0 0 40 40 | 30 0 40 40 | 
3 0 0 40 40 | 0 0 40 40 | setHeight 40; setWidth 40
2 0 50 40 40 | 30 50 40 40 | setMargin Top 10
3 0 0 40 40 | 0 0 40 40 | setHeight 40; setWidth 40
@ YGFlexWrapTest wrap_with_min_cross_axis 1
0 0 0 500 500 | 0 0 500 500 | setPositionType PositionType.Absolute; setWidth 500; setMinHeight 500; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap
1 0 0 400 200 | 100 0 400 200 | setWidth 400; setHeight 200
1 0 200 400 200 | 100 200 400 200 | setWidth 400; setHeight 200
@ YGFlexWrapTest wrap_with_max_cross_axis 1
0 0 0 500 400 | 0 0 500 400 | setPositionType PositionType.Absolute; setWidth 500; setMaxHeight 500; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap
1 0 0 400 200 | 100 0 400 200 | setWidth 400; setHeight 200
1 0 200 400 200 | 100 200 400 200 | setWidth 400; setHeight 200
@ YGFlexWrapTest nowrap_expands_flexline_box_to_min_cross 1
0 0 0 0 400 | 0 0 0 400 | setPositionType PositionType.Absolute; setMinHeight 400; setFlexDirection FlexDirection.Row
1 0 0 0 400 | 0 0 0 400 | setFlexGrow 1; setFlexShrink 1; setFlexBasis 0%
@ YGFlexWrapTest wrap_does_not_impose_min_cross_onto_single_flexline 1
0 0 0 0 400 | 0 0 0 400 | setPositionType PositionType.Absolute; setMinHeight 400; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap
1 0 0 0 0 | 0 0 0 0 | setFlexGrow 1; setFlexShrink 1; setFlexBasis 0%
@ YGPaddingTest padding_no_size 1
0 0 0 20 20 | 0 0 20 20 | setPositionType PositionType.Absolute; setPadding All 10
@ YGPaddingTest padding_container_match_child 1
0 0 0 30 30 | 0 0 30 30 | setPositionType PositionType.Absolute; setPadding All 10
1 10 10 10 10 | 10 10 10 10 | setWidth 10; setHeight 10
@ YGPaddingTest padding_flex_child 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setPadding All 10
1 10 10 10 80 | 80 10 10 80 | setWidth 10; setFlexGrow 1
@ YGPaddingTest padding_stretch_child 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setPadding All 10
1 10 10 80 10 | 10 10 80 10 | setHeight 10
@ YGPaddingTest padding_center_child 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setPadding Start 10; setPadding End 20; setPadding Bottom 20; setAlignItems Align.Center; setJustifyContent Justify.Center
1 40 35 10 10 | 50 35 10 10 | setHeight 10; setWidth 10
@ YGPaddingTest child_with_padding_align_end 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200; setJustifyContent Justify.FlexEnd; setAlignItems Align.FlexEnd
1 100 100 100 100 | 0 100 100 100 | setWidth 100; setHeight 100; setPadding All 20
@ YGPaddingTest physical_and_relative_edge_defined 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200; setPadding Left 20; setPadding End 50
1 20 0 130 50 | 50 0 150 50 | setWidth 100%; setHeight 50
@ YGMarginTest margin_start 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setFlexDirection FlexDirection.Row
1 10 0 10 100 | 80 0 10 100 | setWidth 10; setMargin Start 10
@ YGMarginTest margin_top 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100
1 0 10 100 10 | 0 10 100 10 | setHeight 10; setMargin Top 10
@ YGMarginTest margin_end 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setFlexDirection FlexDirection.Row; setJustifyContent Justify.FlexEnd
1 80 0 10 100 | 10 0 10 100 | setWidth 10; setMargin End 10
@ YGMarginTest margin_bottom 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setJustifyContent Justify.FlexEnd
1 0 80 100 10 | 0 80 100 10 | setHeight 10; setMargin Bottom 10
@ YGMarginTest margin_and_flex_row 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setFlexDirection FlexDirection.Row
1 10 0 80 100 | 10 0 80 100 | setMargin Start 10; setMargin End 10; setFlexGrow 1
@ YGMarginTest margin_and_flex_column 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100
1 0 10 100 80 | 0 10 100 80 | setMargin Top 10; setMargin Bottom 10; setFlexGrow 1
@ YGMarginTest margin_and_stretch_row 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setFlexDirection FlexDirection.Row
1 0 10 100 80 | 0 10 100 80 | setMargin Top 10; setMargin Bottom 10; setFlexGrow 1
@ YGMarginTest margin_and_stretch_column 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100
1 10 0 80 100 | 10 0 80 100 | setMargin Start 10; setMargin End 10; setFlexGrow 1
@ YGMarginTest margin_with_sibling_row 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setFlexDirection FlexDirection.Row
1 0 0 45 100 | 55 0 45 100 | setMargin End 10; setFlexGrow 1
1 55 0 45 100 | 0 0 45 100 | setFlexGrow 1
@ YGMarginTest margin_with_sibling_column 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100
1 0 0 100 45 | 0 0 100 45 | setMargin Bottom 10; setFlexGrow 1
1 0 55 100 45 | 0 55 100 45 | setFlexGrow 1
@ YGMarginTest margin_auto_bottom 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200; setAlignItems Align.Center
1 75 0 50 50 | 75 0 50 50 | setWidth 50; setHeight 50; setMargin Bottom auto
1 75 150 50 50 | 75 150 50 50 | setWidth 50; setHeight 50
@ YGMarginTest margin_auto_top 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200; setAlignItems Align.Center
1 75 100 50 50 | 75 100 50 50 | setWidth 50; setHeight 50; setMargin Top auto
1 75 150 50 50 | 75 150 50 50 | setWidth 50; setHeight 50
@ YGMarginTest margin_auto_bottom_and_top 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200; setAlignItems Align.Center
1 75 50 50 50 | 75 50 50 50 | setWidth 50; setHeight 50; setMargin Top auto; setMargin Bottom auto
1 75 150 50 50 | 75 150 50 50 | setWidth 50; setHeight 50
@ YGMarginTest margin_auto_bottom_and_top_justify_center 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200; setJustifyContent Justify.Center
1 0 50 50 50 | 150 50 50 50 | setWidth 50; setHeight 50; setMargin Top auto; setMargin Bottom auto
1 0 150 50 50 | 150 150 50 50 | setWidth 50; setHeight 50
@ YGMarginTest margin_auto_multiple_children_column 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200; setAlignItems Align.Center
1 75 25 50 50 | 75 25 50 50 | setWidth 50; setHeight 50; setMargin Top auto
1 75 100 50 50 | 75 100 50 50 | setWidth 50; setHeight 50; setMargin Top auto
1 75 150 50 50 | 75 150 50 50 | setWidth 50; setHeight 50
@ YGMarginTest margin_auto_multiple_children_row 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200; setFlexDirection FlexDirection.Row; setAlignItems Align.Center
1 0 75 50 50 | 125 75 50 50 | setWidth 50; setHeight 50; setMargin Right auto
1 75 75 50 50 | 50 75 50 50 | setWidth 50; setHeight 50; setMargin Right auto
1 150 75 50 50 | 0 75 50 50 | setWidth 50; setHeight 50
@ YGMarginTest margin_auto_left_and_right_column 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200; setAlignItems Align.Center; setFlexDirection FlexDirection.Row
1 50 75 50 50 | 100 75 50 50 | setWidth 50; setHeight 50; setMargin Left auto; setMargin Right auto
1 150 75 50 50 | 0 75 50 50 | setWidth 50; setHeight 50
@ YGMarginTest margin_auto_left_and_right 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200
1 75 0 50 50 | 75 0 50 50 | setWidth 50; setHeight 50; setMargin Left auto; setMargin Right auto
1 0 50 50 50 | 150 50 50 50 | setWidth 50; setHeight 50
@ YGMarginTest margin_auto_start_and_end_column 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200; setAlignItems Align.Center; setFlexDirection FlexDirection.Row
1 50 75 50 50 | 100 75 50 50 | setWidth 50; setHeight 50; setMargin Start auto; setMargin End auto
1 150 75 50 50 | 0 75 50 50 | setWidth 50; setHeight 50
@ YGMarginTest margin_auto_start_and_end 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200
1 75 0 50 50 | 75 0 50 50 | setWidth 50; setHeight 50; setMargin Start auto; setMargin End auto
1 0 50 50 50 | 150 50 50 50 | setWidth 50; setHeight 50
@ YGMarginTest margin_auto_left_and_right_column_and_center 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200; setAlignItems Align.Center
1 75 0 50 50 | 75 0 50 50 | setWidth 50; setHeight 50; setMargin Left auto; setMargin Right auto
1 75 50 50 50 | 75 50 50 50 | setWidth 50; setHeight 50
@ YGMarginTest margin_auto_left 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200; setAlignItems Align.Center
1 150 0 50 50 | 150 0 50 50 | setWidth 50; setHeight 50; setMargin Left auto
1 75 50 50 50 | 75 50 50 50 | setWidth 50; setHeight 50
@ YGMarginTest margin_auto_right 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200; setAlignItems Align.Center
1 0 0 50 50 | 0 0 50 50 | setWidth 50; setHeight 50; setMargin Right auto
1 75 50 50 50 | 75 50 50 50 | setWidth 50; setHeight 50
@ YGMarginTest margin_auto_left_and_right_stretch 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200; setFlexDirection FlexDirection.Row
1 50 0 50 50 | 100 0 50 50 | setWidth 50; setHeight 50; setMargin Left auto; setMargin Right auto
1 150 0 50 50 | 0 0 50 50 | setWidth 50; setHeight 50
@ YGMarginTest margin_auto_top_and_bottom_stretch 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200
1 0 50 50 50 | 150 50 50 50 | setWidth 50; setHeight 50; setMargin Top auto; setMargin Bottom auto
1 0 150 50 50 | 150 150 50 50 | setWidth 50; setHeight 50
@ YGMarginTest margin_should_not_be_part_of_max_height 1
0 0 0 250 250 | 0 0 250 250 | setPositionType PositionType.Absolute; setWidth 250; setHeight 250
1 0 20 100 100 | 150 20 100 100 | setWidth 100; setHeight 100; setMaxHeight 100; setMargin Top 20
@ YGMarginTest margin_should_not_be_part_of_max_width 1
0 0 0 250 250 | 0 0 250 250 | setPositionType PositionType.Absolute; setWidth 250; setHeight 250
1 20 0 100 100 | 150 0 100 100 | setWidth 100; setHeight 100; setMaxWidth 100; setMargin Left 20
@ YGMarginTest margin_auto_left_right_child_bigger_than_parent 1
0 0 0 52 52 | 0 0 52 52 | setPositionType PositionType.Absolute; setHeight 52; setWidth 52; setJustifyContent Justify.Center
1 0 -10 72 72 | -20 -10 72 72 | setWidth 72; setHeight 72; setMargin Left auto; setMargin Right auto
@ YGMarginTest margin_auto_left_child_bigger_than_parent 1
0 0 0 52 52 | 0 0 52 52 | setPositionType PositionType.Absolute; setHeight 52; setWidth 52; setJustifyContent Justify.Center
1 0 -10 72 72 | -20 -10 72 72 | setWidth 72; setHeight 72; setMargin Left auto
@ YGMarginTest margin_fix_left_auto_right_child_bigger_than_parent 1
0 0 0 52 52 | 0 0 52 52 | setPositionType PositionType.Absolute; setHeight 52; setWidth 52; setJustifyContent Justify.Center
1 10 -10 72 72 | -20 -10 72 72 | setWidth 72; setHeight 72; setMargin Left 10; setMargin Right auto
@ YGMarginTest margin_auto_left_fix_right_child_bigger_than_parent 1
0 0 0 52 52 | 0 0 52 52 | setPositionType PositionType.Absolute; setHeight 52; setWidth 52; setJustifyContent Justify.Center
1 0 -10 72 72 | -30 -10 72 72 | setWidth 72; setHeight 72; setMargin Left auto; setMargin Right 10
@ YGMarginTest margin_auto_top_stretching_child 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200; setAlignItems Align.Center
1 100 0 0 150 | 100 0 0 150 | setFlexGrow 1; setFlexShrink 1; setFlexBasis 0%; setMargin Top auto
1 75 150 50 50 | 75 150 50 50 | setWidth 50; setHeight 50
@ YGMarginTest margin_auto_left_stretching_child 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200; setAlignItems Align.Center
1 200 0 0 150 | 200 0 0 150 | setFlexGrow 1; setFlexShrink 1; setFlexBasis 0%; setMargin Left auto
1 75 150 50 50 | 75 150 50 50 | setWidth 50; setHeight 50
@ YGMarginTest margin_auto_overflowing_container 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200; setAlignItems Align.Center
1 75 0 50 150 | 75 0 50 150 | setWidth 50; setHeight 150; setMargin Bottom auto
1 75 150 50 150 | 75 150 50 150 | setWidth 50; setHeight 150
@ YGBorderTest border_no_size 1
0 0 0 20 20 | 0 0 20 20 | setPositionType PositionType.Absolute; setBorder All 10
@ YGBorderTest border_container_match_child 1
0 0 0 30 30 | 0 0 30 30 | setPositionType PositionType.Absolute; setBorder All 10
1 10 10 10 10 | 10 10 10 10 | setWidth 10; setHeight 10
@ YGBorderTest border_flex_child 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setBorder All 10
1 10 10 10 80 | 80 10 10 80 | setWidth 10; setFlexGrow 1
@ YGBorderTest border_stretch_child 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setBorder All 10
1 10 10 80 10 | 10 10 80 10 | setHeight 10
@ YGBorderTest border_center_child 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setBorder Start 10; setBorder End 20; setBorder Bottom 20; setAlignItems Align.Center; setJustifyContent Justify.Center
1 40 35 10 10 | 50 35 10 10 | setHeight 10; setWidth 10
@ YGMinMaxDimensionTest max_width 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100
1 0 0 50 10 | 50 0 50 10 | setHeight 10; setMaxWidth 50
@ YGMinMaxDimensionTest max_height 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setFlexDirection FlexDirection.Row
1 0 0 10 50 | 90 0 10 50 | setWidth 10; setMaxHeight 50
@ YGMinMaxDimensionTest justify_content_min_max 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setMaxHeight 200; setMinHeight 100; setWidth 100; setJustifyContent Justify.Center
1 0 20 60 60 | 40 20 60 60 | setWidth 60; setHeight 60
@ YGMinMaxDimensionTest align_items_min_max 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setMaxWidth 200; setMinWidth 100; setHeight 100; setAlignItems Align.Center
1 20 0 60 60 | 20 0 60 60 | setWidth 60; setHeight 60
@ YGMinMaxDimensionTest justify_content_overflow_min_max 1
0 0 0 50 110 | 0 0 50 110 | setPositionType PositionType.Absolute; setMinHeight 100; setMaxHeight 110; setJustifyContent Justify.Center
1 0 -20 50 50 | 0 -20 50 50 | setWidth 50; setHeight 50
1 0 30 50 50 | 0 30 50 50 | setWidth 50; setHeight 50
1 0 80 50 50 | 0 80 50 50 | setWidth 50; setHeight 50
@ YGMinMaxDimensionTest flex_grow_to_min 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setMinHeight 100; setMaxHeight 500; setWidth 100
1 0 0 100 50 | 0 0 100 50 | setFlexGrow 1; setFlexShrink 1
1 0 50 100 50 | 0 50 100 50 | setHeight 50
@ YGMinMaxDimensionTest flex_grow_in_at_most_container 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setFlexDirection FlexDirection.Row; setAlignItems Align.FlexStart
1 0 0 0 0 | 100 0 0 0 | setFlexDirection FlexDirection.Row
2 0 0 0 0 | 0 0 0 0 | setFlexGrow 1; setFlexBasis 0
@ YGMinMaxDimensionTest flex_grow_child 1
0 0 0 0 100 | 0 0 0 100 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row
1 0 0 0 100 | 0 0 0 100 | setHeight 100; setFlexGrow 1; setFlexBasis 0
@ YGMinMaxDimensionTest flex_grow_within_constrained_min_max_column 1
0 0 0 0 100 | 0 0 0 100 | setPositionType PositionType.Absolute; setMinHeight 100; setMaxHeight 200
1 0 0 0 50 | 0 0 0 50 | setFlexGrow 1
1 0 50 0 50 | 0 50 0 50 | setHeight 50
@ YGMinMaxDimensionTest flex_grow_within_max_width 1
0 0 0 200 100 | 0 0 200 100 | setPositionType PositionType.Absolute; setWidth 200; setHeight 100
1 0 0 100 20 | 100 0 100 20 | setFlexDirection FlexDirection.Row; setMaxWidth 100
2 0 0 100 20 | 0 0 100 20 | setHeight 20; setFlexGrow 1
@ YGMinMaxDimensionTest flex_grow_within_constrained_max_width 1
0 0 0 200 100 | 0 0 200 100 | setPositionType PositionType.Absolute; setWidth 200; setHeight 100
1 0 0 200 20 | 0 0 200 20 | setFlexDirection FlexDirection.Row; setMaxWidth 300
2 0 0 200 20 | 0 0 200 20 | setHeight 20; setFlexGrow 1
@ YGMinMaxDimensionTest flex_root_ignored 1
0 0 0 100 300 | 0 0 100 300 | setPositionType PositionType.Absolute; setWidth 100; setMinHeight 100; setMaxHeight 500; setFlexGrow 1
1 0 0 100 200 | 0 0 100 200 | setFlexBasis 200; setFlexGrow 1
1 0 200 100 100 | 0 200 100 100 | setHeight 100
@ YGMinMaxDimensionTest flex_grow_root_minimized 1
0 0 0 100 300 | 0 0 100 300 | setPositionType PositionType.Absolute; setWidth 100; setMinHeight 100; setMaxHeight 500
1 0 0 100 300 | 0 0 100 300 | setMinHeight 100; setMaxHeight 500; setFlexGrow 1
2 0 0 100 200 | 0 0 100 200 | setFlexBasis 200; setFlexGrow 1
2 0 200 100 100 | 0 200 100 100 | setHeight 100
@ YGMinMaxDimensionTest flex_grow_height_maximized 1
0 0 0 100 500 | 0 0 100 500 | setPositionType PositionType.Absolute; setWidth 100; setHeight 500
1 0 0 100 500 | 0 0 100 500 | setMinHeight 100; setMaxHeight 500; setFlexGrow 1
2 0 0 100 400 | 0 0 100 400 | setFlexBasis 200; setFlexGrow 1
2 0 400 100 100 | 0 400 100 100 | setHeight 100
@ YGMinMaxDimensionTest flex_grow_within_constrained_min_row 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setMinWidth 100; setHeight 100; setFlexDirection FlexDirection.Row
1 0 0 50 100 | 50 0 50 100 | setFlexGrow 1
1 50 0 50 100 | 0 0 50 100 | setWidth 50
@ YGMinMaxDimensionTest flex_grow_within_constrained_min_column 1
0 0 0 0 100 | 0 0 0 100 | setPositionType PositionType.Absolute; setMinHeight 100
1 0 0 0 50 | 0 0 0 50 | setFlexGrow 1
1 0 50 0 50 | 0 50 0 50 | setHeight 50
@ YGMinMaxDimensionTest flex_grow_within_constrained_max_row 1
0 0 0 200 100 | 0 0 200 100 | setPositionType PositionType.Absolute; setWidth 200
1 0 0 100 100 | 100 0 100 100 | setHeight 100; setMaxWidth 100; setFlexDirection FlexDirection.Row
2 0 0 50 100 | 50 0 50 100 | setFlexShrink 1; setFlexBasis 100
2 50 0 50 100 | 0 0 50 100 | setWidth 50
@ YGMinMaxDimensionTest flex_grow_within_constrained_max_column 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setMaxHeight 100; setWidth 100
1 0 0 100 50 | 0 0 100 50 | setFlexShrink 1; setFlexBasis 100
1 0 50 100 50 | 0 50 100 50 | setHeight 50
@ YGMinMaxDimensionTest child_min_max_width_flexing 1
0 0 0 120 50 | 0 0 120 50 | setPositionType PositionType.Absolute; setWidth 120; setHeight 50; setFlexDirection FlexDirection.Row
1 0 0 100 50 | 20 0 100 50 | setMinWidth 60; setFlexGrow 1; setFlexBasis 0
1 100 0 20 50 | 0 0 20 50 | setMaxWidth 20; setFlexGrow 1; setFlexBasis 50%
@ YGMinMaxDimensionTest min_width_overrides_width 1
0 0 0 100 0 | 0 0 100 0 | setPositionType PositionType.Absolute; setMinWidth 100; setWidth 50
@ YGMinMaxDimensionTest max_width_overrides_width 1
0 0 0 100 0 | 0 0 100 0 | setPositionType PositionType.Absolute; setMaxWidth 100; setWidth 200
@ YGMinMaxDimensionTest min_height_overrides_height 1
0 0 0 0 100 | 0 0 0 100 | setPositionType PositionType.Absolute; setMinHeight 100; setHeight 50
@ YGMinMaxDimensionTest max_height_overrides_height 1
0 0 0 0 100 | 0 0 0 100 | setPositionType PositionType.Absolute; setMaxHeight 100; setHeight 200
@ YGMinMaxDimensionTest min_max_percent_no_width_height 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setAlignItems Align.FlexStart
1 0 0 10 10 | 90 0 10 10 | setMinWidth 10%; setMaxWidth 10%; setMinHeight 10%; setMaxHeight 10%
@ YGAbsolutePositionTest absolute_layout_width_height_start_top 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100
1 10 10 10 10 | 80 10 10 10 | setWidth 10; setHeight 10; setPositionType PositionType.Absolute; setPosition Start 10; setPosition Top 10
@ YGAbsolutePositionTest absolute_layout_width_height_left_auto_right 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100
1 80 0 10 10 | 80 0 10 10 | setWidth 10; setHeight 10; setPositionType PositionType.Absolute; setPositionAuto Left; setPosition Right 10
@ YGAbsolutePositionTest absolute_layout_width_height_left_right_auto 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100
1 10 0 10 10 | 10 0 10 10 | setWidth 10; setHeight 10; setPositionType PositionType.Absolute; setPosition Left 10; setPositionAuto Right
@ YGAbsolutePositionTest absolute_layout_width_height_left_auto_right_auto 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100
1 0 0 10 10 | 90 0 10 10 | setWidth 10; setHeight 10; setPositionType PositionType.Absolute; setPositionAuto Left; setPositionAuto Right
@ YGAbsolutePositionTest absolute_layout_width_height_end_bottom 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100
1 80 80 10 10 | 10 80 10 10 | setWidth 10; setHeight 10; setPositionType PositionType.Absolute; setPosition End 10; setPosition Bottom 10
@ YGAbsolutePositionTest absolute_layout_start_top_end_bottom 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100
1 10 10 80 80 | 10 10 80 80 | setPositionType PositionType.Absolute; setPosition Start 10; setPosition Top 10; setPosition End 10; setPosition Bottom 10
@ YGAbsolutePositionTest absolute_layout_width_height_start_top_end_bottom 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100
1 10 10 10 10 | 80 10 10 10 | setWidth 10; setHeight 10; setPositionType PositionType.Absolute; setPosition Start 10; setPosition Top 10; setPosition End 10; setPosition Bottom 10
@ YGAbsolutePositionTest do_not_clamp_height_of_absolute_node_to_height_of_its_overflow_hidden_parent 1
0 0 0 50 50 | 0 0 50 50 | setPositionType PositionType.Absolute; setHeight 50; setWidth 50; setOverflow Overflow.Hidden; setFlexDirection FlexDirection.Row
1 0 0 100 100 | -50 0 100 100 | setPositionType PositionType.Absolute; setPosition Start 0; setPosition Top 0
2 0 0 100 100 | 0 0 100 100 | setWidth 100; setHeight 100
@ YGAbsolutePositionTest absolute_layout_within_border 1
0 10 10 100 100 | 10 10 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100; setBorder All 10; setMargin All 10; setPadding All 10
1 10 10 50 50 | 10 10 50 50 | setPositionType PositionType.Absolute; setWidth 50; setHeight 50; setPosition Left 0; setPosition Top 0
1 40 40 50 50 | 40 40 50 50 | setPositionType PositionType.Absolute; setWidth 50; setHeight 50; setPosition Right 0; setPosition Bottom 0
1 20 20 50 50 | 20 20 50 50 | setPositionType PositionType.Absolute; setWidth 50; setHeight 50; setPosition Left 0; setPosition Top 0; setMargin All 10
1 30 30 50 50 | 30 30 50 50 | setPositionType PositionType.Absolute; setWidth 50; setHeight 50; setPosition Right 0; setPosition Bottom 0; setMargin All 10
@ YGAbsolutePositionTest absolute_layout_align_items_and_justify_content_center 1
0 0 0 110 100 | 0 0 110 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 110; setFlexGrow 1; setAlignItems Align.Center; setJustifyContent Justify.Center
1 25 30 60 40 | 25 30 60 40 | setPositionType PositionType.Absolute; setWidth 60; setHeight 40
@ YGAbsolutePositionTest absolute_layout_align_items_and_justify_content_flex_end 1
0 0 0 110 100 | 0 0 110 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 110; setFlexGrow 1; setAlignItems Align.FlexEnd; setJustifyContent Justify.FlexEnd
1 50 60 60 40 | 0 60 60 40 | setPositionType PositionType.Absolute; setWidth 60; setHeight 40
@ YGAbsolutePositionTest absolute_layout_justify_content_center 1
0 0 0 110 100 | 0 0 110 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 110; setFlexGrow 1; setJustifyContent Justify.Center
1 0 30 60 40 | 50 30 60 40 | setPositionType PositionType.Absolute; setWidth 60; setHeight 40
@ YGAbsolutePositionTest absolute_layout_align_items_center 1
0 0 0 110 100 | 0 0 110 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 110; setFlexGrow 1; setAlignItems Align.Center
1 25 0 60 40 | 25 0 60 40 | setPositionType PositionType.Absolute; setWidth 60; setHeight 40
@ YGAbsolutePositionTest absolute_layout_align_items_center_on_child_only 1
0 0 0 110 100 | 0 0 110 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 110; setFlexGrow 1
1 25 0 60 40 | 25 0 60 40 | setPositionType PositionType.Absolute; setWidth 60; setHeight 40; setAlignSelf Align.Center
@ YGAbsolutePositionTest absolute_layout_align_items_and_justify_content_center_and_top_position 1
0 0 0 110 100 | 0 0 110 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 110; setFlexGrow 1; setAlignItems Align.Center; setJustifyContent Justify.Center
1 25 10 60 40 | 25 10 60 40 | setPositionType PositionType.Absolute; setWidth 60; setHeight 40; setPosition Top 10
@ YGAbsolutePositionTest absolute_layout_align_items_and_justify_content_center_and_bottom_position 1
0 0 0 110 100 | 0 0 110 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 110; setFlexGrow 1; setAlignItems Align.Center; setJustifyContent Justify.Center
1 25 50 60 40 | 25 50 60 40 | setPositionType PositionType.Absolute; setWidth 60; setHeight 40; setPosition Bottom 10
@ YGAbsolutePositionTest absolute_layout_align_items_and_justify_content_center_and_left_position 1
0 0 0 110 100 | 0 0 110 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 110; setFlexGrow 1; setAlignItems Align.Center; setJustifyContent Justify.Center
1 5 30 60 40 | 5 30 60 40 | setPositionType PositionType.Absolute; setWidth 60; setHeight 40; setPosition Left 5
@ YGAbsolutePositionTest absolute_layout_align_items_and_justify_content_center_and_right_position 1
0 0 0 110 100 | 0 0 110 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 110; setFlexGrow 1; setAlignItems Align.Center; setJustifyContent Justify.Center
1 45 30 60 40 | 45 30 60 40 | setPositionType PositionType.Absolute; setWidth 60; setHeight 40; setPosition Right 5
@ YGAbsolutePositionTest position_root_with_rtl_should_position_withoutdirection 1
0 72 0 52 52 | 72 0 52 52 | setPositionType PositionType.Absolute; setHeight 52; setWidth 52; setPosition Left 72
@ YGAbsolutePositionTest absolute_layout_percentage_bottom_based_on_parent_height 1
0 0 0 100 200 | 0 0 100 200 | setPositionType PositionType.Absolute; setWidth 100; setHeight 200
1 0 100 10 10 | 90 100 10 10 | setPositionType PositionType.Absolute; setPosition Top 50%; setWidth 10; setHeight 10
1 0 90 10 10 | 90 90 10 10 | setPositionType PositionType.Absolute; setPosition Bottom 50%; setWidth 10; setHeight 10
1 0 20 10 160 | 90 20 10 160 | setPositionType PositionType.Absolute; setPosition Top 10%; setWidth 10; setPosition Bottom 10%
@ YGAbsolutePositionTest absolute_layout_in_wrap_reverse_column_container 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setFlexWrap Wrap.WrapReverse
1 80 0 20 20 | 0 0 20 20 | setWidth 20; setHeight 20; setPositionType PositionType.Absolute
@ YGAbsolutePositionTest absolute_layout_in_wrap_reverse_row_container 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row; setWidth 100; setHeight 100; setFlexWrap Wrap.WrapReverse
1 0 80 20 20 | 80 80 20 20 | setWidth 20; setHeight 20; setPositionType PositionType.Absolute
@ YGAbsolutePositionTest absolute_layout_in_wrap_reverse_column_container_flex_end 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setFlexWrap Wrap.WrapReverse
1 0 0 20 20 | 80 0 20 20 | setWidth 20; setHeight 20; setPositionType PositionType.Absolute; setAlignSelf Align.FlexEnd
@ YGAbsolutePositionTest absolute_layout_in_wrap_reverse_row_container_flex_end 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row; setWidth 100; setHeight 100; setFlexWrap Wrap.WrapReverse
1 0 0 20 20 | 80 0 20 20 | setWidth 20; setHeight 20; setPositionType PositionType.Absolute; setAlignSelf Align.FlexEnd
@ YGAbsolutePositionTest percent_absolute_position_infinite_height 1
0 0 0 300 0 | 0 0 300 0 | setPositionType PositionType.Absolute; setWidth 300
1 0 0 300 0 | 0 0 300 0 | setWidth 300
1 60 0 60 0 | 60 0 60 0 | setWidth 20%; setHeight 20%; setPosition Left 20%; setPosition Top 20%; setPositionType PositionType.Absolute
@ YGAbsolutePositionTest absolute_layout_percentage_height_based_on_padded_parent 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setPadding Top 10; setBorder Top 10
1 0 20 100 45 | 0 20 100 45 | setWidth 100; setHeight 50%; setPositionType PositionType.Absolute
@ YGAbsolutePositionTest absolute_layout_percentage_height_based_on_padded_parent_and_align_items_center 1
0 0 0 100 100 | 0 0 100 100 | setAlignItems Align.Center; setJustifyContent Justify.Center; setWidth 100; setHeight 100; setPadding Top 20; setPadding Bottom 20
1 0 25 100 50 | 0 25 100 50 | setPositionType PositionType.Absolute; setWidth 100; setHeight 50%
@ YGAbsolutePositionTest absolute_layout_padding_left 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200; setPadding Left 100
1 100 0 50 50 | 150 0 50 50 | setPositionType PositionType.Absolute; setWidth 50; setHeight 50
@ YGAbsolutePositionTest absolute_layout_padding_right 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200; setPadding Right 100
1 0 0 50 50 | 50 0 50 50 | setPositionType PositionType.Absolute; setWidth 50; setHeight 50
@ YGAbsolutePositionTest absolute_layout_padding_top 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200; setPadding Top 100
1 0 100 50 50 | 150 100 50 50 | setPositionType PositionType.Absolute; setWidth 50; setHeight 50
@ YGAbsolutePositionTest absolute_layout_padding_bottom 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200; setPadding Bottom 100
1 0 0 50 50 | 150 0 50 50 | setPositionType PositionType.Absolute; setWidth 50; setHeight 50
@ YGAbsolutePositionTest absolute_layout_padding 1
0 0 0 220 220 | 0 0 220 220 | setPositionType PositionType.Absolute
1 10 10 200 200 | 10 10 200 200 | setWidth 200; setHeight 200; setMargin All 10
2 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Static; setWidth 200; setHeight 200; setPadding All 50
3 50 50 50 50 | 100 50 50 50 | setPositionType PositionType.Absolute; setWidth 50; setHeight 50
@ YGAbsolutePositionTest absolute_layout_border 1
0 0 0 220 220 | 0 0 220 220 | setPositionType PositionType.Absolute
1 10 10 200 200 | 10 10 200 200 | setWidth 200; setHeight 200; setMargin All 10
2 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Static; setWidth 200; setHeight 200; setBorder All 10
3 10 10 50 50 | 140 10 50 50 | setPositionType PositionType.Absolute; setWidth 50; setHeight 50
@ YGAbsolutePositionTest absolute_layout_column_reverse_margin_border 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200; setFlexDirection FlexDirection.ColumnReverse
1 8 150 50 50 | 143 150 50 50 | setPositionType PositionType.Absolute; setWidth 50; setHeight 50; setPosition Left 5; setPosition Right 3; setMargin Right 4; setMargin Left 3; setBorder Right 7; setBorder Left 1
@ YGGapTest column_gap_flexible 1
0 0 0 80 100 | 0 0 80 100 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row; setWidth 80; setHeight 100; setGap Gutter.Column 10; setGap Gutter.Row 20
1 0 0 20 100 | 60 0 20 100 | setFlexGrow 1; setFlexShrink 1; setFlexBasis 0%
1 30 0 20 100 | 30 0 20 100 | setFlexGrow 1; setFlexShrink 1; setFlexBasis 0%
1 60 0 20 100 | 0 0 20 100 | setFlexGrow 1; setFlexShrink 1; setFlexBasis 0%
@ YGGapTest column_gap_inflexible 1
0 0 0 80 100 | 0 0 80 100 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row; setWidth 80; setHeight 100; setGap Gutter.Column 10
1 0 0 20 100 | 60 0 20 100 | setWidth 20
1 30 0 20 100 | 30 0 20 100 | setWidth 20
1 60 0 20 100 | 0 0 20 100 | setWidth 20
@ YGGapTest column_gap_mixed_flexible 1
0 0 0 80 100 | 0 0 80 100 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row; setWidth 80; setHeight 100; setGap Gutter.Column 10
1 0 0 20 100 | 60 0 20 100 | setWidth 20
1 30 0 20 100 | 30 0 20 100 | setFlexGrow 1; setFlexShrink 1; setFlexBasis 0%
1 60 0 20 100 | 0 0 20 100 | setWidth 20
@ YGGapTest column_gap_child_margins 1
0 0 0 80 100 | 0 0 80 100 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row; setWidth 80; setHeight 100; setGap Gutter.Column 10
1 2 0 2 100 | 76 0 2 100 | setFlexGrow 1; setFlexShrink 1; setFlexBasis 0%; setMargin Horizontal 2
1 26 0 2 100 | 52 0 2 100 | setFlexGrow 1; setFlexShrink 1; setFlexBasis 0%; setMargin Horizontal 10
1 63 0 2 100 | 15 0 2 100 | setFlexGrow 1; setFlexShrink 1; setFlexBasis 0%; setMargin Horizontal 15
@ YGGapTest column_row_gap_wrapping 1
0 0 0 80 100 | 0 0 80 100 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setWidth 80; setGap Gutter.Column 10; setGap Gutter.Row 20
1 0 0 20 20 | 60 0 20 20 | setWidth 20; setHeight 20
1 30 0 20 20 | 30 0 20 20 | setWidth 20; setHeight 20
1 60 0 20 20 | 0 0 20 20 | setWidth 20; setHeight 20
1 0 40 20 20 | 60 40 20 20 | setWidth 20; setHeight 20
1 30 40 20 20 | 30 40 20 20 | setWidth 20; setHeight 20
1 60 40 20 20 | 0 40 20 20 | setWidth 20; setHeight 20
1 0 80 20 20 | 60 80 20 20 | setWidth 20; setHeight 20
1 30 80 20 20 | 30 80 20 20 | setWidth 20; setHeight 20
1 60 80 20 20 | 0 80 20 20 | setWidth 20; setHeight 20
@ YGGapTest column_gap_start_index 1
0 0 0 80 20 | 0 0 80 20 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setWidth 80; setGap Gutter.Column 10; setGap Gutter.Row 20
1 0 0 20 20 | 60 0 20 20 | setWidth 20; setHeight 20; setPositionType PositionType.Absolute
1 0 0 20 20 | 60 0 20 20 | setWidth 20; setHeight 20
1 30 0 20 20 | 30 0 20 20 | setWidth 20; setHeight 20
1 60 0 20 20 | 0 0 20 20 | setWidth 20; setHeight 20
@ YGGapTest column_gap_justify_flex_start 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row; setWidth 100; setHeight 100; setGap Gutter.Column 10
1 0 0 20 100 | 80 0 20 100 | setWidth 20
1 30 0 20 100 | 50 0 20 100 | setWidth 20
1 60 0 20 100 | 20 0 20 100 | setWidth 20
@ YGGapTest column_gap_justify_center 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row; setJustifyContent Justify.Center; setWidth 100; setHeight 100; setGap Gutter.Column 10
1 10 0 20 100 | 70 0 20 100 | setWidth 20
1 40 0 20 100 | 40 0 20 100 | setWidth 20
1 70 0 20 100 | 10 0 20 100 | setWidth 20
@ YGGapTest column_gap_justify_flex_end 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row; setJustifyContent Justify.FlexEnd; setWidth 100; setHeight 100; setGap Gutter.Column 10
1 20 0 20 100 | 60 0 20 100 | setWidth 20
1 50 0 20 100 | 30 0 20 100 | setWidth 20
1 80 0 20 100 | 0 0 20 100 | setWidth 20
@ YGGapTest column_gap_justify_space_between 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row; setJustifyContent Justify.SpaceBetween; setWidth 100; setHeight 100; setGap Gutter.Column 10
1 0 0 20 100 | 80 0 20 100 | setWidth 20
1 40 0 20 100 | 40 0 20 100 | setWidth 20
1 80 0 20 100 | 0 0 20 100 | setWidth 20
@ YGGapTest column_gap_justify_space_around 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row; setJustifyContent Justify.SpaceAround; setWidth 100; setHeight 100; setGap Gutter.Column 10
1 3 0 20 100 | 77 0 20 100 | setWidth 20
1 40 0 20 100 | 40 0 20 100 | setWidth 20
1 77 0 20 100 | 3 0 20 100 | setWidth 20
@ YGGapTest column_gap_justify_space_evenly 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row; setJustifyContent Justify.SpaceEvenly; setWidth 100; setHeight 100; setGap Gutter.Column 10
1 5 0 20 100 | 75 0 20 100 | setWidth 20
1 40 0 20 100 | 40 0 20 100 | setWidth 20
1 75 0 20 100 | 5 0 20 100 | setWidth 20
@ YGGapTest column_gap_wrap_align_flex_start 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setWidth 100; setHeight 100; setGap Gutter.Column 10; setGap Gutter.Row 20
1 0 0 20 20 | 80 0 20 20 | setWidth 20; setHeight 20
1 30 0 20 20 | 50 0 20 20 | setWidth 20; setHeight 20
1 60 0 20 20 | 20 0 20 20 | setWidth 20; setHeight 20
1 0 40 20 20 | 80 40 20 20 | setWidth 20; setHeight 20
1 30 40 20 20 | 50 40 20 20 | setWidth 20; setHeight 20
1 60 40 20 20 | 20 40 20 20 | setWidth 20; setHeight 20
@ YGGapTest column_gap_wrap_align_center 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setAlignContent Align.Center; setWidth 100; setHeight 100; setGap Gutter.Column 10; setGap Gutter.Row 20
1 0 20 20 20 | 80 20 20 20 | setWidth 20; setHeight 20
1 30 20 20 20 | 50 20 20 20 | setWidth 20; setHeight 20
1 60 20 20 20 | 20 20 20 20 | setWidth 20; setHeight 20
1 0 60 20 20 | 80 60 20 20 | setWidth 20; setHeight 20
1 30 60 20 20 | 50 60 20 20 | setWidth 20; setHeight 20
1 60 60 20 20 | 20 60 20 20 | setWidth 20; setHeight 20
@ YGGapTest column_gap_wrap_align_flex_end 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setAlignContent Align.FlexEnd; setWidth 100; setHeight 100; setGap Gutter.Column 10; setGap Gutter.Row 20
1 0 40 20 20 | 80 40 20 20 | setWidth 20; setHeight 20
1 30 40 20 20 | 50 40 20 20 | setWidth 20; setHeight 20
1 60 40 20 20 | 20 40 20 20 | setWidth 20; setHeight 20
1 0 80 20 20 | 80 80 20 20 | setWidth 20; setHeight 20
1 30 80 20 20 | 50 80 20 20 | setWidth 20; setHeight 20
1 60 80 20 20 | 20 80 20 20 | setWidth 20; setHeight 20
@ YGGapTest column_gap_wrap_align_space_between 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setAlignContent Align.SpaceBetween; setWidth 100; setHeight 100; setGap Gutter.Column 10; setGap Gutter.Row 20
1 0 0 20 20 | 80 0 20 20 | setWidth 20; setHeight 20
1 30 0 20 20 | 50 0 20 20 | setWidth 20; setHeight 20
1 60 0 20 20 | 20 0 20 20 | setWidth 20; setHeight 20
1 0 80 20 20 | 80 80 20 20 | setWidth 20; setHeight 20
1 30 80 20 20 | 50 80 20 20 | setWidth 20; setHeight 20
1 60 80 20 20 | 20 80 20 20 | setWidth 20; setHeight 20
@ YGGapTest column_gap_wrap_align_space_around 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setAlignContent Align.SpaceAround; setWidth 100; setHeight 100; setGap Gutter.Column 10; setGap Gutter.Row 20
1 0 10 20 20 | 80 10 20 20 | setWidth 20; setHeight 20
1 30 10 20 20 | 50 10 20 20 | setWidth 20; setHeight 20
1 60 10 20 20 | 20 10 20 20 | setWidth 20; setHeight 20
1 0 70 20 20 | 80 70 20 20 | setWidth 20; setHeight 20
1 30 70 20 20 | 50 70 20 20 | setWidth 20; setHeight 20
1 60 70 20 20 | 20 70 20 20 | setWidth 20; setHeight 20
@ YGGapTest column_gap_wrap_align_stretch 1
0 0 0 300 300 | 0 0 300 300 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setWidth 300; setHeight 300; setGap Gutter.Column 5; setAlignContent Align.Stretch
1 0 0 71 150 | 229 0 71 150 | setMinWidth 60; setFlexGrow 1
1 76 0 72 150 | 153 0 71 150 | setMinWidth 60; setFlexGrow 1
1 153 0 71 150 | 76 0 72 150 | setMinWidth 60; setFlexGrow 1
1 229 0 71 150 | 0 0 71 150 | setMinWidth 60; setFlexGrow 1
1 0 150 300 150 | 0 150 300 150 | setMinWidth 60; setFlexGrow 1
@ YGGapTest column_gap_determines_parent_width 1
0 0 0 80 100 | 0 0 80 100 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row; setHeight 100; setGap Gutter.Column 10
1 0 0 10 100 | 70 0 10 100 | setWidth 10
1 20 0 20 100 | 40 0 20 100 | setWidth 20
1 50 0 30 100 | 0 0 30 100 | setWidth 30
@ YGGapTest row_gap_align_items_stretch 1
0 0 0 100 200 | 0 0 100 200 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setWidth 100; setHeight 200; setGap Gutter.Column 10; setGap Gutter.Row 20; setAlignContent Align.Stretch
1 0 0 20 90 | 80 0 20 90 | setWidth 20
1 30 0 20 90 | 50 0 20 90 | setWidth 20
1 60 0 20 90 | 20 0 20 90 | setWidth 20
1 0 110 20 90 | 80 110 20 90 | setWidth 20
1 30 110 20 90 | 50 110 20 90 | setWidth 20
1 60 110 20 90 | 20 110 20 90 | setWidth 20
@ YGGapTest row_gap_align_items_end 1
0 0 0 100 200 | 0 0 100 200 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setWidth 100; setHeight 200; setGap Gutter.Column 10; setGap Gutter.Row 20; setAlignItems Align.FlexEnd
1 0 0 20 0 | 80 0 20 0 | setWidth 20
1 30 0 20 0 | 50 0 20 0 | setWidth 20
1 60 0 20 0 | 20 0 20 0 | setWidth 20
1 0 20 20 0 | 80 20 20 0 | setWidth 20
1 30 20 20 0 | 50 20 20 0 | setWidth 20
1 60 20 20 0 | 20 20 20 0 | setWidth 20
@ YGGapTest row_gap_column_child_margins 1
0 0 0 100 200 | 0 0 100 200 | setPositionType PositionType.Absolute; setWidth 100; setHeight 200; setGap Gutter.Row 10
1 0 2 100 42 | 0 2 100 42 | setFlexGrow 1; setFlexShrink 1; setFlexBasis 0%; setMargin Vertical 2
1 0 66 100 42 | 0 66 100 42 | setFlexGrow 1; setFlexShrink 1; setFlexBasis 0%; setMargin Vertical 10
1 0 143 100 42 | 0 143 100 42 | setFlexGrow 1; setFlexShrink 1; setFlexBasis 0%; setMargin Vertical 15
@ YGGapTest row_gap_row_wrap_child_margins 1
0 0 0 100 200 | 0 0 100 200 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row; setFlexWrap Wrap.Wrap; setWidth 100; setHeight 200; setGap Gutter.Row 10
1 0 2 60 0 | 40 2 60 0 | setWidth 60; setMargin Vertical 2
1 0 24 60 0 | 40 24 60 0 | setWidth 60; setMargin Vertical 10
1 0 59 60 0 | 40 59 60 0 | setWidth 60; setMargin Vertical 15
@ YGGapTest row_gap_determines_parent_height 1
0 0 0 100 80 | 0 0 100 80 | setPositionType PositionType.Absolute; setWidth 100; setGap Gutter.Row 10
1 0 0 100 10 | 0 0 100 10 | setHeight 10
1 0 20 100 20 | 0 20 100 20 | setHeight 20
1 0 50 100 30 | 0 50 100 30 | setHeight 30
@ YGGapTest row_gap_percent_wrapping 1
0 0 0 300 700 | 0 0 300 700 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row; setWidth 300; setHeight 700; setPadding All 10; setGap Gutter.All 10%; setFlexWrap Wrap.Wrap
1 10 10 100 100 | 190 10 100 100 | setWidth 100; setHeight 100
1 138 10 100 100 | 62 10 100 100 | setWidth 100; setHeight 100
1 10 178 100 100 | 190 178 100 100 | setWidth 100; setHeight 100
1 138 178 100 100 | 62 178 100 100 | setWidth 100; setHeight 100
1 10 346 100 100 | 190 346 100 100 | setWidth 100; setHeight 100
@ YGGapTest row_gap_percent_determines_parent_height 1
0 0 0 300 300 | 0 0 300 300 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row; setWidth 300; setGap Gutter.All 10%; setFlexWrap Wrap.Wrap
1 0 0 100 100 | 200 0 100 100 | setWidth 100; setHeight 100
1 130 0 100 100 | 70 0 100 100 | setWidth 100; setHeight 100
1 0 100 100 100 | 200 100 100 100 | setWidth 100; setHeight 100
1 130 100 100 100 | 70 100 100 100 | setWidth 100; setHeight 100
1 0 200 100 100 | 200 200 100 100 | setWidth 100; setHeight 100
@ YGGapTest row_gap_percent_wrapping_with_both_content_padding_and_item_padding 1
0 0 0 300 700 | 0 0 300 700 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row; setWidth 300; setHeight 700; setPadding All 10; setGap Gutter.All 10%; setFlexWrap Wrap.Wrap
1 10 10 100 100 | 190 10 100 100 | setWidth 100; setHeight 100; setPadding All 10
1 138 10 100 100 | 62 10 100 100 | setWidth 100; setHeight 100; setPadding All 10
1 10 178 100 100 | 190 178 100 100 | setWidth 100; setHeight 100; setPadding All 10
1 138 178 100 100 | 62 178 100 100 | setWidth 100; setHeight 100; setPadding All 10
1 10 346 100 100 | 190 346 100 100 | setWidth 100; setHeight 100; setPadding All 10
@ YGGapTest row_gap_percent_wrapping_with_both_content_padding 1
0 0 0 300 700 | 0 0 300 700 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row; setWidth 300; setHeight 700; setPadding All 10; setGap Gutter.All 10%; setFlexWrap Wrap.Wrap
1 10 10 100 100 | 190 10 100 100 | setWidth 100; setHeight 100
1 138 10 100 100 | 62 10 100 100 | setWidth 100; setHeight 100
1 10 178 100 100 | 190 178 100 100 | setWidth 100; setHeight 100
1 138 178 100 100 | 62 178 100 100 | setWidth 100; setHeight 100
1 10 346 100 100 | 190 346 100 100 | setWidth 100; setHeight 100
@ YGGapTest row_gap_percent_wrapping_with_content_margin 1
0 10 10 300 700 | 10 10 300 700 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row; setWidth 300; setHeight 700; setMargin All 10; setGap Gutter.All 10%; setFlexWrap Wrap.Wrap
1 0 0 100 100 | 200 0 100 100 | setWidth 100; setHeight 100
1 130 0 100 100 | 70 0 100 100 | setWidth 100; setHeight 100
1 0 170 100 100 | 200 170 100 100 | setWidth 100; setHeight 100
1 130 170 100 100 | 70 170 100 100 | setWidth 100; setHeight 100
1 0 340 100 100 | 200 340 100 100 | setWidth 100; setHeight 100
@ YGGapTest row_gap_percent_wrapping_with_content_margin_and_padding 1
0 10 10 300 700 | 10 10 300 700 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row; setWidth 300; setHeight 700; setMargin All 10; setPadding All 10; setGap Gutter.All 10%; setFlexWrap Wrap.Wrap
1 10 10 100 100 | 190 10 100 100 | setWidth 100; setHeight 100
1 138 10 100 100 | 62 10 100 100 | setWidth 100; setHeight 100
1 10 178 100 100 | 190 178 100 100 | setWidth 100; setHeight 100
1 138 178 100 100 | 62 178 100 100 | setWidth 100; setHeight 100
1 10 346 100 100 | 190 346 100 100 | setWidth 100; setHeight 100
@ YGGapTest row_gap_percent_wrapping_with_flexible_content 1
0 0 0 300 300 | 0 0 300 300 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row; setWidth 300; setHeight 300; setGap Gutter.All 10%
1 0 0 80 300 | 220 0 80 300 | setFlexGrow 1; setFlexShrink 1; setFlexBasis 0%
1 110 0 80 300 | 110 0 80 300 | setFlexGrow 1; setFlexShrink 1; setFlexBasis 0%
1 220 0 80 300 | 0 0 80 300 | setFlexGrow 1; setFlexShrink 1; setFlexBasis 0%
@ YGGapTest row_gap_percent_wrapping_with_mixed_flexible_content 1
0 0 0 300 300 | 0 0 300 300 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row; setWidth 300; setHeight 300; setGap Gutter.All 10%
1 0 0 10 300 | 290 0 10 300 | setWidth 10
1 40 0 200 300 | 60 0 200 300 | setFlexGrow 1; setFlexShrink 1; setFlexBasis 0%
1 270 0 30 300 | 0 0 30 300 | setWidth 10%
@ YGDisplayTest display_none 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setFlexDirection FlexDirection.Row
1 0 0 100 100 | 0 0 100 100 | setFlexGrow 1
1 0 0 0 0 | 0 0 0 0 | setFlexGrow 1; setDisplay Display.None
@ YGDisplayTest display_none_fixed_size 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setFlexDirection FlexDirection.Row
1 0 0 100 100 | 0 0 100 100 | setFlexGrow 1
1 0 0 0 0 | 0 0 0 0 | setWidth 20; setHeight 20; setDisplay Display.None
@ YGDisplayTest display_none_with_margin 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setFlexDirection FlexDirection.Row
1 0 0 0 0 | 0 0 0 0 | setWidth 20; setHeight 20; setDisplay Display.None; setMargin All 10
1 0 0 100 100 | 0 0 100 100 | setFlexGrow 1
@ YGDisplayTest display_none_with_child 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setFlexDirection FlexDirection.Row
1 0 0 50 100 | 50 0 50 100 | setFlexGrow 1; setFlexShrink 1; setFlexBasis 0%
1 0 0 0 0 | 0 0 0 0 | setFlexGrow 1; setFlexShrink 1; setFlexBasis 0%; setDisplay Display.None
2 0 0 0 0 | 0 0 0 0 | setFlexGrow 1; setFlexShrink 1; setFlexBasis 0%; setWidth 20
1 50 0 50 100 | 0 0 50 100 | setFlexGrow 1; setFlexShrink 1; setFlexBasis 0%
@ YGDisplayTest display_none_with_position 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setFlexDirection FlexDirection.Row
1 0 0 100 100 | 0 0 100 100 | setFlexGrow 1
1 0 0 0 0 | 0 0 0 0 | setFlexGrow 1; setDisplay Display.None; setPosition Top 10
@ YGDisplayTest display_none_with_position_absolute 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100
1 0 0 0 0 | 0 0 0 0 | setDisplay Display.None; setPositionType PositionType.Absolute; setWidth 100; setHeight 100
@ YGPercentageTest percentage_width_height 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200; setFlexDirection FlexDirection.Row
1 0 0 60 60 | 140 0 60 60 | setWidth 30%; setHeight 30%
@ YGPercentageTest percentage_position_left_top 1
0 0 0 400 400 | 0 0 400 400 | setPositionType PositionType.Absolute; setWidth 400; setHeight 400; setFlexDirection FlexDirection.Row
1 40 80 180 220 | 260 80 180 220 | setWidth 45%; setHeight 55%; setPosition Left 10%; setPosition Top 20%
@ YGPercentageTest percentage_position_bottom_right 1
0 0 0 500 500 | 0 0 500 500 | setPositionType PositionType.Absolute; setWidth 500; setHeight 500; setFlexDirection FlexDirection.Row
1 -100 -50 275 75 | 125 -50 275 75 | setWidth 55%; setHeight 15%; setPosition Bottom 10%; setPosition Right 20%
@ YGPercentageTest percentage_flex_basis 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200; setFlexDirection FlexDirection.Row
1 0 0 125 200 | 75 0 125 200 | setFlexGrow 1; setFlexBasis 50%
1 125 0 75 200 | 0 0 75 200 | setFlexGrow 1; setFlexBasis 25%
@ YGPercentageTest percentage_flex_basis_cross 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200
1 0 0 200 125 | 0 0 200 125 | setFlexGrow 1; setFlexBasis 50%
1 0 125 200 75 | 0 125 200 75 | setFlexGrow 1; setFlexBasis 25%
@ YGPercentageTest percentage_flex_basis_main_max_height 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200; setFlexDirection FlexDirection.Row
1 0 0 52 120 | 148 0 52 120 | setFlexGrow 1; setFlexBasis 10%; setMaxHeight 60%
1 52 0 148 40 | 0 0 148 40 | setFlexGrow 4; setFlexBasis 10%; setMaxHeight 20%
@ YGPercentageTest percentage_flex_basis_cross_max_height 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200
1 0 0 200 120 | 0 0 200 120 | setFlexGrow 1; setFlexBasis 10%; setMaxHeight 60%
1 0 120 200 40 | 0 120 200 40 | setFlexGrow 4; setFlexBasis 10%; setMaxHeight 20%
@ YGPercentageTest percentage_flex_basis_main_max_width 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200; setFlexDirection FlexDirection.Row
1 0 0 120 200 | 80 0 120 200 | setFlexGrow 1; setFlexBasis 15%; setMaxWidth 60%
1 120 0 40 200 | 40 0 40 200 | setFlexGrow 4; setFlexBasis 10%; setMaxWidth 20%
@ YGPercentageTest percentage_flex_basis_cross_max_width 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200
1 0 0 120 50 | 80 0 120 50 | setFlexGrow 1; setFlexBasis 10%; setMaxWidth 60%
1 0 50 40 150 | 160 50 40 150 | setFlexGrow 4; setFlexBasis 15%; setMaxWidth 20%
@ YGPercentageTest percentage_flex_basis_main_min_width 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200; setFlexDirection FlexDirection.Row
1 0 0 120 200 | 80 0 120 200 | setFlexGrow 1; setFlexBasis 15%; setMinWidth 60%
1 120 0 80 200 | 0 0 80 200 | setFlexGrow 4; setFlexBasis 10%; setMinWidth 20%
@ YGPercentageTest percentage_flex_basis_cross_min_width 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200
1 0 0 200 50 | 0 0 200 50 | setFlexGrow 1; setFlexBasis 10%; setMinWidth 60%
1 0 50 200 150 | 0 50 200 150 | setFlexGrow 4; setFlexBasis 15%; setMinWidth 20%
@ YGPercentageTest percentage_multiple_nested_with_padding_margin_and_percentage_values 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setWidth 200; setHeight 200
1 5 5 190 48 | 5 5 190 48 | setFlexGrow 1; setFlexBasis 10%; setMinWidth 60%; setMargin All 5; setPadding All 3
2 8 8 92 25 | 90 8 92 25 | setWidth 50%; setMargin All 5; setPadding All 3%
3 10 10 36 6 | 46 10 36 6 | setWidth 45%; setMargin All 5%; setPadding All 3
1 0 58 200 142 | 0 58 200 142 | setFlexGrow 4; setFlexBasis 15%; setMinWidth 20%
@ YGPercentageTest percentage_margin_should_calculate_based_only_on_width 1
0 0 0 200 100 | 0 0 200 100 | setPositionType PositionType.Absolute; setWidth 200; setHeight 100
1 20 20 160 60 | 20 20 160 60 | setFlexGrow 1; setMargin All 10%
2 0 0 10 10 | 150 0 10 10 | setWidth 10; setHeight 10
@ YGPercentageTest percentage_padding_should_calculate_based_only_on_width 1
0 0 0 200 100 | 0 0 200 100 | setPositionType PositionType.Absolute; setWidth 200; setHeight 100
1 0 0 200 100 | 0 0 200 100 | setFlexGrow 1; setPadding All 10%
2 20 20 10 10 | 170 20 10 10 | setWidth 10; setHeight 10
@ YGPercentageTest percentage_absolute_position 1
0 0 0 200 100 | 0 0 200 100 | setPositionType PositionType.Absolute; setWidth 200; setHeight 100
1 60 10 10 10 | 60 10 10 10 | setPositionType PositionType.Absolute; setPosition Top 10%; setPosition Left 30%; setWidth 10; setHeight 10
@ YGPercentageTest percentage_width_height_undefined_parent_size 1
0 0 0 0 0 | 0 0 0 0 | setPositionType PositionType.Absolute
1 0 0 0 0 | 0 0 0 0 | setWidth 50%; setHeight 50%
@ YGPercentageTest percent_within_flex_grow 1
0 0 0 350 100 | 0 0 350 100 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row; setWidth 350; setHeight 100
1 0 0 100 100 | 250 0 100 100 | setWidth 100
1 100 0 150 100 | 100 0 150 100 | setFlexGrow 1
2 0 0 150 0 | 0 0 150 0 | setWidth 100%
1 250 0 100 100 | 0 0 100 100 | setWidth 100
@ YGPercentageTest percentage_container_in_wrapping_container 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute; setAlignItems Align.Center; setWidth 200; setHeight 200; setJustifyContent Justify.Center
1 50 75 100 50 | 50 75 100 50 | 
2 0 0 100 50 | 0 0 100 50 | setFlexDirection FlexDirection.Row; setJustifyContent Justify.Center; setWidth 100%
3 0 0 50 50 | 50 0 50 50 | setWidth 50; setHeight 50
3 50 0 50 50 | 0 0 50 50 | setWidth 50; setHeight 50
@ YGPercentageTest percent_absolute_position 1
0 0 0 60 50 | 0 0 60 50 | setPositionType PositionType.Absolute; setWidth 60; setHeight 50
1 30 0 60 50 | 30 0 60 50 | setHeight 50; setWidth 100%; setPosition Left 50%; setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row
2 0 0 60 50 | 0 0 60 50 | setWidth 100%
2 60 0 60 50 | -60 0 60 50 | setWidth 100%
@ YGPercentageTest percent_of_minmax_main 1
0 0 0 60 50 | 0 0 60 50 | setPositionType PositionType.Absolute; setFlexDirection FlexDirection.Row; setMinWidth 60; setMaxWidth 60; setHeight 50
1 0 0 30 20 | 30 0 30 20 | setWidth 50%; setHeight 20
@ YGPercentageTest percent_of_minmax_cross_stretched 1
0 0 0 60 50 | 0 0 60 50 | setPositionType PositionType.Absolute; setMinWidth 60; setMaxWidth 60; setHeight 50
1 0 0 30 20 | 30 0 30 20 | setWidth 50%; setHeight 20
@ YGPercentageTest percent_absolute_of_minmax_cross_stretched 1
0 0 0 60 50 | 0 0 60 50 | setPositionType PositionType.Absolute; setMinWidth 60; setMaxWidth 60; setHeight 50
1 0 0 30 20 | 30 0 30 20 | setWidth 50%; setHeight 20; setPositionType PositionType.Absolute
@ YGPercentageTest percent_of_minmax_cross_unstretched 1
0 0 0 60 50 | 0 0 60 50 | setPositionType PositionType.Absolute; setMinWidth 60; setMaxWidth 60; setHeight 50; setAlignItems Align.FlexStart
1 0 0 30 20 | 30 0 30 20 | setWidth 50%; setHeight 20
@ YGPercentageTest percent_of_max_cross_unstretched 1
0 0 0 0 50 | 0 0 0 50 | setPositionType PositionType.Absolute; setMaxWidth 60; setHeight 50; setAlignItems Align.FlexStart
1 0 0 0 20 | 0 0 0 20 | setWidth 50%; setHeight 20
@ YGRoundingTest rounding_flex_basis_flex_grow_row_width_of_100 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setFlexDirection FlexDirection.Row
1 0 0 33 100 | 67 0 33 100 | setFlexGrow 1
1 33 0 34 100 | 33 0 34 100 | setFlexGrow 1
1 67 0 33 100 | 0 0 33 100 | setFlexGrow 1
@ YGRoundingTest rounding_flex_basis_flex_grow_row_prime_number_width 1
0 0 0 113 100 | 0 0 113 100 | setPositionType PositionType.Absolute; setWidth 113; setHeight 100; setFlexDirection FlexDirection.Row
1 0 0 23 100 | 90 0 23 100 | setFlexGrow 1
1 23 0 22 100 | 68 0 22 100 | setFlexGrow 1
1 45 0 23 100 | 45 0 23 100 | setFlexGrow 1
1 68 0 22 100 | 23 0 22 100 | setFlexGrow 1
1 90 0 23 100 | 0 0 23 100 | setFlexGrow 1
@ YGRoundingTest rounding_flex_basis_flex_shrink_row 1
0 0 0 101 100 | 0 0 101 100 | setPositionType PositionType.Absolute; setWidth 101; setHeight 100; setFlexDirection FlexDirection.Row
1 0 0 51 100 | 50 0 51 100 | setFlexBasis 100; setFlexShrink 1
1 51 0 25 100 | 25 0 25 100 | setFlexBasis 25
1 76 0 25 100 | 0 0 25 100 | setFlexBasis 25
@ YGRoundingTest rounding_flex_basis_overrides_main_size 1
0 0 0 100 113 | 0 0 100 113 | setPositionType PositionType.Absolute; setHeight 113; setWidth 100
1 0 0 100 64 | 0 0 100 64 | setHeight 20; setFlexGrow 1; setFlexBasis 50
1 0 64 100 25 | 0 64 100 25 | setHeight 10; setFlexGrow 1
1 0 89 100 24 | 0 89 100 24 | setHeight 10; setFlexGrow 1
@ YGRoundingTest rounding_total_fractial 1
0 0 0 87 113 | 0 0 87 113 | setPositionType PositionType.Absolute; setHeight 113.4; setWidth 87.4
1 0 0 87 59 | 0 0 87 59 | setHeight 20.3; setFlexGrow 0.7; setFlexBasis 50.3
1 0 59 87 30 | 0 59 87 30 | setHeight 10; setFlexGrow 1.6
1 0 89 87 24 | 0 89 87 24 | setHeight 10.7; setFlexGrow 1.1
@ YGRoundingTest rounding_total_fractial_nested 1
0 0 0 87 113 | 0 0 87 113 | setPositionType PositionType.Absolute; setHeight 113.4; setWidth 87.4
1 0 0 87 59 | 0 0 87 59 | setHeight 20.3; setFlexGrow 0.7; setFlexBasis 50.3
2 0 -13 87 12 | 0 -13 87 12 | setPosition Bottom 13.3; setHeight 9.9; setFlexGrow 1; setFlexBasis 0.3
2 0 25 87 47 | 0 25 87 47 | setPosition Top 13.3; setHeight 1.1; setFlexGrow 4; setFlexBasis 0.3
1 0 59 87 30 | 0 59 87 30 | setHeight 10; setFlexGrow 1.6
1 0 89 87 24 | 0 89 87 24 | setHeight 10.7; setFlexGrow 1.1
@ YGRoundingTest rounding_fractial_input_1 1
0 0 0 100 113 | 0 0 100 113 | setPositionType PositionType.Absolute; setHeight 113.4; setWidth 100
1 0 0 100 64 | 0 0 100 64 | setHeight 20; setFlexGrow 1; setFlexBasis 50
1 0 64 100 25 | 0 64 100 25 | setHeight 10; setFlexGrow 1
1 0 89 100 24 | 0 89 100 24 | setHeight 10; setFlexGrow 1
@ YGRoundingTest rounding_fractial_input_2 1
0 0 0 100 114 | 0 0 100 114 | setPositionType PositionType.Absolute; setHeight 113.6; setWidth 100
1 0 0 100 65 | 0 0 100 65 | setHeight 20; setFlexGrow 1; setFlexBasis 50
1 0 65 100 24 | 0 65 100 24 | setHeight 10; setFlexGrow 1
1 0 89 100 25 | 0 89 100 25 | setHeight 10; setFlexGrow 1
@ YGRoundingTest rounding_fractial_input_3 1
0 0 0 100 114 | 0 0 100 114 | setPositionType PositionType.Absolute; setPosition Top 0.3; setHeight 113.4; setWidth 100
1 0 0 100 65 | 0 0 100 65 | setHeight 20; setFlexGrow 1; setFlexBasis 50
1 0 64 100 24 | 0 64 100 24 | setHeight 10; setFlexGrow 1
1 0 89 100 25 | 0 89 100 25 | setHeight 10; setFlexGrow 1
@ YGRoundingTest rounding_fractial_input_4 1
0 0 1 100 113 | 0 1 100 113 | setPositionType PositionType.Absolute; setPosition Top 0.7; setHeight 113.4; setWidth 100
1 0 0 100 64 | 0 0 100 64 | setHeight 20; setFlexGrow 1; setFlexBasis 50
1 0 64 100 25 | 0 64 100 25 | setHeight 10; setFlexGrow 1
1 0 89 100 24 | 0 89 100 24 | setHeight 10; setFlexGrow 1
@ YGRoundingTest rounding_inner_node_controversy_horizontal 1
0 0 0 320 10 | 0 0 320 10 | setPositionType PositionType.Absolute; setWidth 320; setFlexDirection FlexDirection.Row
1 0 0 107 10 | 213 0 107 10 | setHeight 10; setFlexGrow 1
1 107 0 106 10 | 107 0 106 10 | setHeight 10; setFlexGrow 1
2 0 0 106 10 | 0 0 106 10 | setHeight 10; setFlexGrow 1
1 213 0 107 10 | 0 0 107 10 | setHeight 10; setFlexGrow 1
@ YGRoundingTest rounding_inner_node_controversy_vertical 1
0 0 0 10 320 | 0 0 10 320 | setPositionType PositionType.Absolute; setHeight 320
1 0 0 10 107 | 0 0 10 107 | setWidth 10; setFlexGrow 1
1 0 107 10 106 | 0 107 10 106 | setWidth 10; setFlexGrow 1
2 0 0 10 106 | 0 0 10 106 | setWidth 10; setFlexGrow 1
1 0 213 10 107 | 0 213 10 107 | setWidth 10; setFlexGrow 1
@ YGRoundingTest rounding_inner_node_controversy_combined 1
0 0 0 640 320 | 0 0 640 320 | setPositionType PositionType.Absolute; setWidth 640; setHeight 320; setFlexDirection FlexDirection.Row
1 0 0 213 320 | 427 0 213 320 | setHeight 100%; setFlexGrow 1
1 213 0 214 320 | 213 0 214 320 | setHeight 100%; setFlexGrow 1
2 0 0 214 107 | 0 0 214 107 | setWidth 100%; setFlexGrow 1
2 0 107 214 106 | 0 107 214 106 | setWidth 100%; setFlexGrow 1
3 0 0 214 106 | 0 0 214 106 | setFlexGrow 1; setWidth 100%
2 0 213 214 107 | 0 213 214 107 | setWidth 100%; setFlexGrow 1
1 427 0 213 320 | 0 0 213 320 | setHeight 100%; setFlexGrow 1
@ YGDimensionTest wrap_child 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute
1 0 0 100 100 | 0 0 100 100 | setWidth 100; setHeight 100
@ YGDimensionTest wrap_grandchild 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute
1 0 0 100 100 | 0 0 100 100 | 
2 0 0 100 100 | 0 0 100 100 | setWidth 100; setHeight 100
@ YGSizeOverflowTest nested_overflowing_child 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100
1 0 0 100 200 | 0 0 100 200 | 
2 0 0 200 200 | -100 0 200 200 | setHeight 200; setWidth 200
@ YGSizeOverflowTest nested_overflowing_child_in_constraint_parent 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setHeight 100; setWidth 100
1 0 0 100 100 | 0 0 100 100 | setHeight 100; setWidth 100
2 0 0 200 200 | -100 0 200 200 | setHeight 200; setWidth 200
@ YGSizeOverflowTest parent_wrap_child_size_overflowing_parent 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100
1 0 0 100 200 | 0 0 100 200 | setWidth 100
2 0 0 100 200 | 0 0 100 200 | setWidth 100; setHeight 200
@ YGAutoTest auto_width 1
0 0 0 150 50 | 0 0 150 50 | setPositionType PositionType.Absolute; setWidth auto; setHeight 50; setFlexDirection FlexDirection.Row
1 0 0 50 50 | 100 0 50 50 | setWidth 50; setHeight 50
1 50 0 50 50 | 50 0 50 50 | setWidth 50; setHeight 50
1 100 0 50 50 | 0 0 50 50 | setWidth 50; setHeight 50
@ YGAutoTest auto_height 1
0 0 0 50 150 | 0 0 50 150 | setPositionType PositionType.Absolute; setWidth 50; setHeight auto
1 0 0 50 50 | 0 0 50 50 | setWidth 50; setHeight 50
1 0 50 50 50 | 0 50 50 50 | setWidth 50; setHeight 50
1 0 100 50 50 | 0 100 50 50 | setWidth 50; setHeight 50
@ YGAutoTest auto_flex_basis 1
0 0 0 50 150 | 0 0 50 150 | setPositionType PositionType.Absolute; setWidth 50; setFlexBasis auto
1 0 0 50 50 | 0 0 50 50 | setWidth 50; setHeight 50
1 0 50 50 50 | 0 50 50 50 | setWidth 50; setHeight 50
1 0 100 50 50 | 0 100 50 50 | setWidth 50; setHeight 50
@ YGAutoTest auto_position 1
0 0 0 50 50 | 0 0 50 50 | setPositionType PositionType.Absolute; setWidth 50; setHeight 50
1 0 0 25 25 | 25 0 25 25 | setWidth 25; setHeight 25; setPositionAuto Right
@ YGAutoTest auto_margin 1
0 0 0 50 50 | 0 0 50 50 | setPositionType PositionType.Absolute; setWidth 50; setHeight 50
1 25 0 25 25 | 25 0 25 25 | setWidth 25; setHeight 25; setMargin Left auto
@ YGAspectRatioTest zero_aspect_ratio_behaves_like_auto 1
0 0 0 300 300 | 0 0 300 300 | setPositionType PositionType.Absolute; setWidth 300; setHeight 300
1 0 0 50 0 | 250 0 50 0 | setAspectRatio 0; setWidth 50
@ YGStaticPositionTest static_position_insets_have_no_effect_left_top 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute
1 0 0 100 100 | 0 0 100 100 | setWidth 100; setHeight 100; setPositionType PositionType.Static; setPosition Top 50; setPosition Left 50
@ YGStaticPositionTest static_position_insets_have_no_effect_right_bottom 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute
1 0 0 100 100 | 0 0 100 100 | setWidth 100; setHeight 100; setPositionType PositionType.Static; setPosition Bottom 50; setPosition Right 50
@ YGStaticPositionTest static_position_absolute_child_insets_relative_to_positioned_ancestor 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200
2 100 0 100 100 | 100 0 100 100 | setHeight 100; setWidth 100; setMargin Left 100; setPositionType PositionType.Static
3 -50 50 50 50 | -50 50 50 50 | setHeight 50; setWidth 50; setPositionType PositionType.Absolute; setPosition Top 50; setPosition Left 50
@ YGStaticPositionTest static_position_absolute_child_insets_relative_to_positioned_ancestor_row_reverse 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200; setFlexDirection FlexDirection.RowReverse
2 100 0 100 100 | 0 0 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 -50 50 50 50 | 50 50 50 50 | setHeight 50; setWidth 50; setPositionType PositionType.Absolute; setPosition Top 50; setPosition Left 50
@ YGStaticPositionTest column_reverse_static_position_absolute_child_insets_relative_to_positioned_ancestor_row_reverse 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200; setFlexDirection FlexDirection.RowReverse
2 100 0 100 100 | 0 0 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static; setFlexDirection FlexDirection.ColumnReverse
3 -50 50 50 50 | 50 50 50 50 | setHeight 50; setWidth 50; setPositionType PositionType.Absolute; setPosition Top 50; setPosition Left 50
@ YGStaticPositionTest static_position_absolute_child_insets_relative_to_positioned_ancestor_row 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200; setFlexDirection FlexDirection.Row
2 0 0 100 100 | 100 0 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 100 50 50 50 | 0 50 50 50 | setHeight 50; setWidth 50; setPositionType PositionType.Absolute; setPosition Top 50; setPosition Right 50
@ YGStaticPositionTest column_reverse_static_position_absolute_child_insets_relative_to_positioned_ancestor_row 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200; setFlexDirection FlexDirection.Row
2 0 0 100 100 | 100 0 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static; setFlexDirection FlexDirection.ColumnReverse
3 100 50 50 50 | 0 50 50 50 | setHeight 50; setWidth 50; setPositionType PositionType.Absolute; setPosition Top 50; setPosition Right 50
@ YGStaticPositionTest static_position_absolute_child_insets_relative_to_positioned_ancestor_column_reverse 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200; setFlexDirection FlexDirection.ColumnReverse
2 0 100 100 100 | 100 100 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 100 -50 50 50 | 0 -50 50 50 | setHeight 50; setWidth 50; setPositionType PositionType.Absolute; setPosition Top 50; setPosition Right 50
@ YGStaticPositionTest column_reverse_static_position_absolute_child_insets_relative_to_positioned_ancestor_column_reverse 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200; setFlexDirection FlexDirection.ColumnReverse
2 0 100 100 100 | 100 100 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static; setFlexDirection FlexDirection.ColumnReverse
3 100 -50 50 50 | 0 -50 50 50 | setHeight 50; setWidth 50; setPositionType PositionType.Absolute; setPosition Top 50; setPosition Right 50
@ YGStaticPositionTest static_position_absolute_child_insets_relative_to_positioned_ancestor_deep 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200
2 100 0 100 100 | 100 0 100 100 | setHeight 100; setWidth 100; setMargin Left 100; setPositionType PositionType.Static
3 100 0 100 100 | 0 0 100 100 | setHeight 100; setWidth 100; setMargin Left 100; setPositionType PositionType.Static
4 100 0 100 100 | 0 0 100 100 | setHeight 100; setWidth 100; setMargin Left 100; setPositionType PositionType.Static
5 100 0 100 100 | 0 0 100 100 | setHeight 100; setWidth 100; setMargin Left 100; setPositionType PositionType.Static
6 -350 50 50 50 | -50 50 50 50 | setHeight 50; setWidth 50; setPositionType PositionType.Absolute; setPosition Top 50; setPosition Left 50
@ YGStaticPositionTest static_position_absolute_child_width_percentage 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200
2 0 0 100 100 | 100 0 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 0 0 100 50 | 0 0 100 50 | setHeight 50; setWidth 50%; setPositionType PositionType.Absolute
@ YGStaticPositionTest static_position_relative_child_width_percentage 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200
2 0 0 100 100 | 100 0 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 0 0 50 50 | 50 0 50 50 | setHeight 50; setWidth 50%
@ YGStaticPositionTest static_position_static_child_width_percentage 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200
2 0 0 100 100 | 100 0 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 0 0 50 50 | 50 0 50 50 | setHeight 50; setWidth 50%; setPositionType PositionType.Static
@ YGStaticPositionTest static_position_absolute_child_height_percentage 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200
2 0 0 100 100 | 100 0 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 0 0 50 100 | 50 0 50 100 | setHeight 50%; setWidth 50; setPositionType PositionType.Absolute
@ YGStaticPositionTest static_position_relative_child_height_percentage 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200
2 0 0 100 100 | 100 0 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 0 0 50 50 | 50 0 50 50 | setHeight 50%; setWidth 50
@ YGStaticPositionTest static_position_static_child_height_percentage 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200
2 0 0 100 100 | 100 0 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 0 0 50 50 | 50 0 50 50 | setHeight 50%; setWidth 50; setPositionType PositionType.Static
@ YGStaticPositionTest static_position_absolute_child_left_percentage 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200
2 0 0 100 100 | 100 0 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 100 0 50 50 | 0 0 50 50 | setHeight 50; setWidth 50; setPosition Left 50%; setPositionType PositionType.Absolute
@ YGStaticPositionTest static_position_relative_child_left_percentage 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200
2 0 0 100 100 | 100 0 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 50 0 50 50 | 100 0 50 50 | setHeight 50; setWidth 50; setPosition Left 50%
@ YGStaticPositionTest static_position_static_child_left_percentage 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200
2 0 0 100 100 | 100 0 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 0 0 50 50 | 50 0 50 50 | setHeight 50; setWidth 50; setPosition Left 50%; setPositionType PositionType.Static
@ YGStaticPositionTest static_position_absolute_child_right_percentage 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200
2 0 0 100 100 | 100 0 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 50 0 50 50 | -50 0 50 50 | setHeight 50; setWidth 50; setPosition Right 50%; setPositionType PositionType.Absolute
@ YGStaticPositionTest static_position_relative_child_right_percentage 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200
2 0 0 100 100 | 100 0 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 -50 0 50 50 | 0 0 50 50 | setHeight 50; setWidth 50; setPosition Right 50%
@ YGStaticPositionTest static_position_static_child_right_percentage 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200
2 0 0 100 100 | 100 0 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 0 0 50 50 | 50 0 50 50 | setHeight 50; setWidth 50; setPosition Right 50%; setPositionType PositionType.Static
@ YGStaticPositionTest static_position_absolute_child_top_percentage 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200
2 0 0 100 100 | 100 0 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 0 100 50 50 | 50 100 50 50 | setHeight 50; setWidth 50; setPosition Top 50%; setPositionType PositionType.Absolute
@ YGStaticPositionTest static_position_relative_child_top_percentage 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200
2 0 0 100 100 | 100 0 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 0 50 50 50 | 50 50 50 50 | setHeight 50; setWidth 50; setPosition Top 50%
@ YGStaticPositionTest static_position_static_child_top_percentage 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200
2 0 0 100 100 | 100 0 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 0 0 50 50 | 50 0 50 50 | setHeight 50; setWidth 50; setPosition Top 50%; setPositionType PositionType.Static
@ YGStaticPositionTest static_position_absolute_child_bottom_percentage 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200
2 0 0 100 100 | 100 0 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 0 50 50 50 | 50 50 50 50 | setHeight 50; setWidth 50; setPosition Bottom 50%; setPositionType PositionType.Absolute
@ YGStaticPositionTest static_position_relative_child_bottom_percentage 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200
2 0 0 100 100 | 100 0 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 0 -50 50 50 | 50 -50 50 50 | setHeight 50; setWidth 50; setPosition Bottom 50%
@ YGStaticPositionTest static_position_static_child_bottom_percentage 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200
2 0 0 100 100 | 100 0 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 0 0 50 50 | 50 0 50 50 | setHeight 50; setWidth 50; setPosition Bottom 50%; setPositionType PositionType.Static
@ YGStaticPositionTest static_position_absolute_child_margin_percentage 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200
2 0 0 100 100 | 100 0 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 100 100 50 50 | -50 100 50 50 | setHeight 50; setWidth 50; setMargin All 50%; setPositionType PositionType.Absolute
@ YGStaticPositionTest static_position_relative_child_margin_percentage 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200
2 0 0 100 100 | 100 0 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 50 50 50 50 | 0 50 50 50 | setHeight 50; setWidth 50; setMargin All 50%
@ YGStaticPositionTest static_position_static_child_margin_percentage 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200
2 0 0 100 100 | 100 0 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 50 50 50 50 | 0 50 50 50 | setHeight 50; setWidth 50; setMargin All 50%; setPositionType PositionType.Static
@ YGStaticPositionTest static_position_absolute_child_padding_percentage 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200
2 0 0 100 100 | 100 0 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 0 0 200 200 | -100 0 200 200 | setHeight 50; setWidth 50; setPadding All 50%; setPositionType PositionType.Absolute
@ YGStaticPositionTest static_position_relative_child_padding_percentage 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200
2 0 0 100 100 | 100 0 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 0 0 100 100 | 0 0 100 100 | setHeight 50; setWidth 50; setPadding All 50%
@ YGStaticPositionTest static_position_static_child_padding_percentage 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200
2 0 0 100 100 | 100 0 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 0 0 100 100 | 0 0 100 100 | setHeight 50; setWidth 50; setPadding All 50%; setPositionType PositionType.Static
@ YGStaticPositionTest static_position_absolute_child_border_percentage 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200
2 0 0 100 100 | 100 0 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 0 0 50 50 | 50 0 50 50 | setHeight 50; setWidth 50; setPositionType PositionType.Absolute
@ YGStaticPositionTest static_position_relative_child_border_percentage 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200
2 0 0 100 100 | 100 0 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 0 0 50 50 | 50 0 50 50 | setHeight 50; setWidth 50
@ YGStaticPositionTest static_position_static_child_border_percentage 1
0 0 0 200 200 | 0 0 200 200 | setPositionType PositionType.Absolute
1 0 0 200 200 | 0 0 200 200 | setWidth 200; setHeight 200
2 0 0 100 100 | 100 0 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 0 0 50 50 | 50 0 50 50 | setHeight 50; setWidth 50; setPositionType PositionType.Static
@ YGStaticPositionTest static_position_absolute_child_containing_block_padding_box 1
0 0 0 400 400 | 0 0 400 400 | setPositionType PositionType.Absolute
1 0 0 400 400 | 0 0 400 400 | setWidth 400; setHeight 400; setPadding All 100
2 100 100 100 100 | 200 100 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 0 0 200 50 | -100 0 200 50 | setHeight 50; setWidth 50%; setPositionType PositionType.Absolute
@ YGStaticPositionTest static_position_relative_child_containing_block_padding_box 1
0 0 0 400 400 | 0 0 400 400 | setPositionType PositionType.Absolute
1 0 0 400 400 | 0 0 400 400 | setWidth 400; setHeight 400; setPadding All 100
2 100 100 100 100 | 200 100 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 0 0 50 50 | 50 0 50 50 | setHeight 50; setWidth 50%
@ YGStaticPositionTest static_position_static_child_containing_block_padding_box 1
0 0 0 400 400 | 0 0 400 400 | setPositionType PositionType.Absolute
1 0 0 400 400 | 0 0 400 400 | setWidth 400; setHeight 400; setPadding All 100
2 100 100 100 100 | 200 100 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 0 0 50 50 | 50 0 50 50 | setHeight 50; setWidth 50%; setPositionType PositionType.Static
@ YGStaticPositionTest static_position_absolute_child_containing_block_content_box 1
0 0 0 400 400 | 0 0 400 400 | setPositionType PositionType.Absolute
1 0 0 400 400 | 0 0 400 400 | setWidth 400; setHeight 400; setPadding All 100
2 100 100 200 50 | 100 100 200 50 | setHeight 50; setWidth 50%; setPositionType PositionType.Absolute
@ YGStaticPositionTest static_position_relative_child_containing_block_content_box 1
0 0 0 400 400 | 0 0 400 400 | setPositionType PositionType.Absolute
1 0 0 400 400 | 0 0 400 400 | setWidth 400; setHeight 400; setPadding All 100
2 100 100 100 50 | 200 100 100 50 | setHeight 50; setWidth 50%
@ YGStaticPositionTest static_position_static_child_containing_block_content_box 1
0 0 0 400 400 | 0 0 400 400 | setPositionType PositionType.Absolute
1 0 0 400 400 | 0 0 400 400 | setWidth 400; setHeight 400; setPadding All 100
2 100 100 100 50 | 200 100 100 50 | setHeight 50; setWidth 50%; setPositionType PositionType.Static
@ YGStaticPositionTest static_position_containing_block_padding_and_border 1
0 0 0 400 400 | 0 0 400 400 | setPositionType PositionType.Absolute
1 0 0 400 400 | 0 0 400 400 | setWidth 400; setHeight 400; setPadding Top 8; setPadding Right 1; setPadding Bottom 4; setPadding Left 9; setBorder Top 5; setBorder Right 7; setBorder Bottom 4; setBorder Left 2
2 11 13 100 100 | 292 13 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 0 0 160 239 | -60 0 160 239 | setHeight 61%; setWidth 41%; setPositionType PositionType.Absolute
@ YGStaticPositionTest static_position_amalgamation 1
0 0 0 513 506 | 0 0 513 506 | setPositionType PositionType.Absolute
1 4 5 500 500 | 4 5 500 500 | setWidth 500; setHeight 500; setMargin Top 5; setMargin Right 9; setMargin Bottom 1; setMargin Left 4; setBorder Top 6; setBorder Right 7; setBorder Bottom 8; setBorder Left 5; setPadding Top 9; setPadding Right 11; setPadding Bottom 13; setPadding Left 2
2 15 21 200 200 | 279 21 200 200 | setHeight 200; setWidth 200; setPositionType PositionType.Static; setMargin Top 6; setMargin Right 3; setMargin Bottom 9; setMargin Left 8; setBorder Top 10; setBorder Right 2; setBorder Bottom 1; setBorder Left 8; setPadding Top 7; setPadding Right 9; setPadding Bottom 4; setPadding Left 1
3 1 29 200 306 | -2 29 200 306 | setHeight 63%; setWidth 41%; setPositionType PositionType.Absolute; setPosition Left 2; setPosition Right 12; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
@ YGStaticPositionTest static_position_no_position_amalgamation 1
0 0 0 513 506 | 0 0 513 506 | setPositionType PositionType.Absolute
1 4 5 500 500 | 4 5 500 500 | setWidth 500; setHeight 500; setMargin Top 5; setMargin Right 9; setMargin Bottom 1; setMargin Left 4; setBorder Top 6; setBorder Right 7; setBorder Bottom 8; setBorder Left 5; setPadding Top 9; setPadding Right 11; setPadding Bottom 13; setPadding Left 2
2 15 21 200 200 | 279 21 200 200 | setHeight 200; setWidth 200; setPositionType PositionType.Static; setMargin Top 6; setMargin Right 3; setMargin Bottom 9; setMargin Left 8; setBorder Top 10; setBorder Right 2; setBorder Bottom 1; setBorder Left 8; setPadding Top 7; setPadding Right 9; setPadding Bottom 4; setPadding Left 1
3 18 29 200 306 | -15 29 200 306 | setHeight 63%; setWidth 41%; setPositionType PositionType.Absolute; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
@ YGStaticPositionTest static_position_zero_for_inset_amalgamation 1
0 0 0 513 506 | 0 0 513 506 | setPositionType PositionType.Absolute
1 4 5 500 500 | 4 5 500 500 | setWidth 500; setHeight 500; setMargin Top 5; setMargin Right 9; setMargin Bottom 1; setMargin Left 4; setBorder Top 6; setBorder Right 7; setBorder Bottom 8; setBorder Left 5; setPadding Top 9; setPadding Right 11; setPadding Bottom 13; setPadding Left 2
2 15 21 200 200 | 279 21 200 200 | setHeight 200; setWidth 200; setPositionType PositionType.Static; setMargin Top 6; setMargin Right 3; setMargin Bottom 9; setMargin Left 8; setBorder Top 10; setBorder Right 2; setBorder Bottom 1; setBorder Left 8; setPadding Top 7; setPadding Right 9; setPadding Bottom 4; setPadding Left 1
3 -1 29 200 306 | -265 29 200 306 | setHeight 63%; setWidth 41%; setPositionType PositionType.Absolute; setPosition Left 0%; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
@ YGStaticPositionTest static_position_start_inset_amalgamation 1
0 0 0 513 506 | 0 0 513 506 | setPositionType PositionType.Absolute
1 4 5 500 500 | 4 5 500 500 | setWidth 500; setHeight 500; setMargin Top 5; setMargin Right 9; setMargin Bottom 1; setMargin Left 4; setBorder Top 6; setBorder Right 7; setBorder Bottom 8; setBorder Left 5; setPadding Top 9; setPadding Right 11; setPadding Bottom 13; setPadding Left 2
2 15 21 200 200 | 279 21 200 200 | setHeight 200; setWidth 200; setPositionType PositionType.Static; setMargin Top 6; setMargin Right 3; setMargin Bottom 9; setMargin Left 8; setBorder Top 10; setBorder Right 2; setBorder Bottom 1; setBorder Left 8; setPadding Top 7; setPadding Right 9; setPadding Bottom 4; setPadding Left 1
3 11 29 200 306 | -2 29 200 306 | setHeight 63%; setWidth 41%; setPositionType PositionType.Absolute; setPosition Start 12; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
@ YGStaticPositionTest static_position_end_inset_amalgamation 1
0 0 0 513 506 | 0 0 513 506 | setPositionType PositionType.Absolute
1 4 5 500 500 | 4 5 500 500 | setWidth 500; setHeight 500; setMargin Top 5; setMargin Right 9; setMargin Bottom 1; setMargin Left 4; setBorder Top 6; setBorder Right 7; setBorder Bottom 8; setBorder Left 5; setPadding Top 9; setPadding Right 11; setPadding Bottom 13; setPadding Left 2
2 15 21 200 200 | 279 21 200 200 | setHeight 200; setWidth 200; setPositionType PositionType.Static; setMargin Top 6; setMargin Right 3; setMargin Bottom 9; setMargin Left 8; setBorder Top 10; setBorder Right 2; setBorder Bottom 1; setBorder Left 8; setPadding Top 7; setPadding Right 9; setPadding Bottom 4; setPadding Left 1
3 270 29 200 306 | -261 29 200 306 | setHeight 63%; setWidth 41%; setPositionType PositionType.Absolute; setPosition End 4; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
@ YGStaticPositionTest static_position_row_reverse_amalgamation 1
0 0 0 69 79 | 0 0 69 79 | setPositionType PositionType.Absolute
1 4 5 56 73 | 4 5 56 73 | setMargin Top 5; setMargin Right 9; setMargin Bottom 1; setMargin Left 4; setBorder Top 6; setBorder Right 7; setBorder Bottom 8; setBorder Left 5; setPadding Top 9; setPadding Right 11; setPadding Bottom 13; setPadding Left 2
2 15 21 20 22 | 15 21 20 22 | setPositionType PositionType.Static; setMargin Top 6; setMargin Right 3; setMargin Bottom 9; setMargin Left 8; setBorder Top 10; setBorder Right 2; setBorder Bottom 1; setBorder Left 8; setPadding Top 7; setPadding Right 9; setPadding Bottom 4; setPadding Left 1; setFlexDirection FlexDirection.RowReverse
3 -128 29 133 23 | 18 29 133 23 | setPositionType PositionType.Absolute; setHeight 12%; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
4 16 16 100 50 | 16 16 100 50 | setWidth 100; setHeight 50; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
@ YGStaticPositionTest static_position_column_reverse_amalgamation 1
0 0 0 69 79 | 0 0 69 79 | setPositionType PositionType.Absolute
1 4 5 56 73 | 4 5 56 73 | setMargin Top 5; setMargin Right 9; setMargin Bottom 1; setMargin Left 4; setBorder Top 6; setBorder Right 7; setBorder Bottom 8; setBorder Left 5; setPadding Top 9; setPadding Right 11; setPadding Bottom 13; setPadding Left 2
2 15 21 20 22 | 15 21 20 22 | setPositionType PositionType.Static; setMargin Top 6; setMargin Right 3; setMargin Bottom 9; setMargin Left 8; setBorder Top 10; setBorder Right 2; setBorder Bottom 1; setBorder Left 8; setPadding Top 7; setPadding Right 9; setPadding Bottom 4; setPadding Left 1; setFlexDirection FlexDirection.ColumnReverse
3 18 -82 20 92 | -15 -82 20 92 | setPositionType PositionType.Absolute; setWidth 21%; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
4 16 16 100 50 | -97 16 100 50 | setWidth 100; setHeight 50; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
@ YGStaticPositionTest static_position_justify_flex_start_amalgamation 1
0 0 0 215 301 | 0 0 215 301 | setPositionType PositionType.Absolute
1 4 5 202 295 | 4 5 202 295 | setMargin Top 5; setMargin Right 9; setMargin Bottom 1; setMargin Left 4; setBorder Top 6; setBorder Right 7; setBorder Bottom 8; setBorder Left 5; setPadding Top 9; setPadding Right 11; setPadding Bottom 13; setPadding Left 2
2 15 21 166 244 | 15 21 166 244 | setPositionType PositionType.Static; setMargin Top 6; setMargin Right 3; setMargin Bottom 9; setMargin Left 8; setBorder Top 10; setBorder Right 2; setBorder Bottom 1; setBorder Left 8; setPadding Top 7; setPadding Right 9; setPadding Bottom 4; setPadding Left 1
3 18 29 40 92 | 111 29 40 92 | setPositionType PositionType.Absolute; setWidth 21%; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
4 16 16 100 50 | -77 16 100 50 | setWidth 100; setHeight 50; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
3 18 29 20 92 | 131 29 20 92 | setWidth 10%; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
4 16 16 100 50 | -97 16 100 50 | setWidth 100; setHeight 50; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
3 18 140 20 92 | 131 140 20 92 | setWidth 10%; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
4 16 16 100 50 | -97 16 100 50 | setWidth 100; setHeight 50; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
@ YGStaticPositionTest static_position_justify_flex_start_position_set_amalgamation 1
0 0 0 215 301 | 0 0 215 301 | setPositionType PositionType.Absolute
1 4 5 202 295 | 4 5 202 295 | setMargin Top 5; setMargin Right 9; setMargin Bottom 1; setMargin Left 4; setBorder Top 6; setBorder Right 7; setBorder Bottom 8; setBorder Left 5; setPadding Top 9; setPadding Right 11; setPadding Bottom 13; setPadding Left 2
2 15 21 166 244 | 15 21 166 244 | setPositionType PositionType.Static; setMargin Top 6; setMargin Right 3; setMargin Bottom 9; setMargin Left 8; setBorder Top 10; setBorder Right 2; setBorder Bottom 1; setBorder Left 8; setPadding Top 7; setPadding Right 9; setPadding Bottom 4; setPadding Left 1
3 106 29 40 92 | 106 29 40 92 | setPositionType PositionType.Absolute; setWidth 21%; setPosition Right 30; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
4 16 16 100 50 | -77 16 100 50 | setWidth 100; setHeight 50; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
3 18 29 20 92 | 131 29 20 92 | setWidth 10%; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
4 16 16 100 50 | -97 16 100 50 | setWidth 100; setHeight 50; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
3 18 140 20 92 | 131 140 20 92 | setWidth 10%; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
4 16 16 100 50 | -97 16 100 50 | setWidth 100; setHeight 50; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
@ YGStaticPositionTest static_position_no_definite_size_amalgamation 1
0 0 0 69 79 | 0 0 69 79 | setPositionType PositionType.Absolute
1 4 5 56 73 | 4 5 56 73 | setMargin Top 5; setMargin Right 9; setMargin Bottom 1; setMargin Left 4; setBorder Top 6; setBorder Right 7; setBorder Bottom 8; setBorder Left 5; setPadding Top 9; setPadding Right 11; setPadding Bottom 13; setPadding Left 2
2 15 21 20 22 | 15 21 20 22 | setPositionType PositionType.Static; setMargin Top 6; setMargin Right 3; setMargin Bottom 9; setMargin Left 8; setBorder Top 10; setBorder Right 2; setBorder Bottom 1; setBorder Left 8; setPadding Top 7; setPadding Right 9; setPadding Bottom 4; setPadding Left 1
3 9 29 133 92 | 9 29 133 92 | setPositionType PositionType.Absolute; setPosition Left 23%; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
4 16 16 100 50 | 16 16 100 50 | setWidth 100; setHeight 50; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
@ YGStaticPositionTest static_position_both_insets_set_amalgamation 1
0 0 0 69 79 | 0 0 69 79 | setPositionType PositionType.Absolute
1 4 5 56 73 | 4 5 56 73 | setMargin Top 5; setMargin Right 9; setMargin Bottom 1; setMargin Left 4; setBorder Top 6; setBorder Right 7; setBorder Bottom 8; setBorder Left 5; setPadding Top 9; setPadding Right 11; setPadding Bottom 13; setPadding Left 2
2 15 21 20 22 | 15 21 20 22 | setPositionType PositionType.Static; setMargin Top 6; setMargin Right 3; setMargin Bottom 9; setMargin Left 8; setBorder Top 10; setBorder Right 2; setBorder Bottom 1; setBorder Left 8; setPadding Top 7; setPadding Right 9; setPadding Bottom 4; setPadding Left 1
3 9 29 20 92 | -3 29 20 92 | setPositionType PositionType.Absolute; setPosition Left 23%; setPosition Right 13; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
4 16 16 100 50 | -97 16 100 50 | setWidth 100; setHeight 50; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
@ YGStaticPositionTest static_position_justify_center_amalgamation 1
0 0 0 215 301 | 0 0 215 301 | setPositionType PositionType.Absolute
1 4 5 202 295 | 4 5 202 295 | setMargin Top 5; setMargin Right 9; setMargin Bottom 1; setMargin Left 4; setBorder Top 6; setBorder Right 7; setBorder Bottom 8; setBorder Left 5; setPadding Top 9; setPadding Right 11; setPadding Bottom 13; setPadding Left 2
2 15 21 166 244 | 15 21 166 244 | setPositionType PositionType.Static; setMargin Top 6; setMargin Right 3; setMargin Bottom 9; setMargin Left 8; setBorder Top 10; setBorder Right 2; setBorder Bottom 1; setBorder Left 8; setPadding Top 7; setPadding Right 9; setPadding Bottom 4; setPadding Left 1; setJustifyContent Justify.Center
3 18 85 40 92 | 111 85 40 92 | setPositionType PositionType.Absolute; setWidth 21%; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
4 16 16 100 50 | -77 16 100 50 | setWidth 100; setHeight 50; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
3 18 29 20 92 | 131 29 20 92 | setWidth 10%; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
4 16 16 100 50 | -97 16 100 50 | setWidth 100; setHeight 50; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
3 18 140 20 92 | 131 140 20 92 | setWidth 10%; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
4 16 16 100 50 | -97 16 100 50 | setWidth 100; setHeight 50; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
@ YGStaticPositionTest static_position_justify_flex_end_amalgamation 1
0 0 0 215 301 | 0 0 215 301 | setPositionType PositionType.Absolute
1 4 5 202 295 | 4 5 202 295 | setMargin Top 5; setMargin Right 9; setMargin Bottom 1; setMargin Left 4; setBorder Top 6; setBorder Right 7; setBorder Bottom 8; setBorder Left 5; setPadding Top 9; setPadding Right 11; setPadding Bottom 13; setPadding Left 2
2 15 21 166 244 | 15 21 166 244 | setPositionType PositionType.Static; setMargin Top 6; setMargin Right 3; setMargin Bottom 9; setMargin Left 8; setBorder Top 10; setBorder Right 2; setBorder Bottom 1; setBorder Left 8; setPadding Top 7; setPadding Right 9; setPadding Bottom 4; setPadding Left 1; setJustifyContent Justify.FlexEnd
3 18 140 40 92 | 111 140 40 92 | setPositionType PositionType.Absolute; setWidth 21%; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
4 16 16 100 50 | -77 16 100 50 | setWidth 100; setHeight 50; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
3 18 29 20 92 | 131 29 20 92 | setWidth 10%; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
4 16 16 100 50 | -97 16 100 50 | setWidth 100; setHeight 50; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
3 18 140 20 92 | 131 140 20 92 | setWidth 10%; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
4 16 16 100 50 | -97 16 100 50 | setWidth 100; setHeight 50; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
@ YGStaticPositionTest static_position_align_flex_start_amalgamation 1
0 0 0 215 301 | 0 0 215 301 | setPositionType PositionType.Absolute
1 4 5 202 295 | 4 5 202 295 | setMargin Top 5; setMargin Right 9; setMargin Bottom 1; setMargin Left 4; setBorder Top 6; setBorder Right 7; setBorder Bottom 8; setBorder Left 5; setPadding Top 9; setPadding Right 11; setPadding Bottom 13; setPadding Left 2
2 15 21 166 244 | 15 21 166 244 | setPositionType PositionType.Static; setMargin Top 6; setMargin Right 3; setMargin Bottom 9; setMargin Left 8; setBorder Top 10; setBorder Right 2; setBorder Bottom 1; setBorder Left 8; setPadding Top 7; setPadding Right 9; setPadding Bottom 4; setPadding Left 1; setAlignItems Align.FlexStart
3 18 29 40 92 | 111 29 40 92 | setPositionType PositionType.Absolute; setWidth 21%; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
4 16 16 100 50 | -77 16 100 50 | setWidth 100; setHeight 50; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
3 18 29 20 92 | 131 29 20 92 | setWidth 10%; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
4 16 16 100 50 | -97 16 100 50 | setWidth 100; setHeight 50; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
3 18 140 20 92 | 131 140 20 92 | setWidth 10%; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
4 16 16 100 50 | -97 16 100 50 | setWidth 100; setHeight 50; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
@ YGStaticPositionTest static_position_align_center_amalgamation 1
0 0 0 215 301 | 0 0 215 301 | setPositionType PositionType.Absolute
1 4 5 202 295 | 4 5 202 295 | setMargin Top 5; setMargin Right 9; setMargin Bottom 1; setMargin Left 4; setBorder Top 6; setBorder Right 7; setBorder Bottom 8; setBorder Left 5; setPadding Top 9; setPadding Right 11; setPadding Bottom 13; setPadding Left 2
2 15 21 166 244 | 15 21 166 244 | setPositionType PositionType.Static; setMargin Top 6; setMargin Right 3; setMargin Bottom 9; setMargin Left 8; setBorder Top 10; setBorder Right 2; setBorder Bottom 1; setBorder Left 8; setPadding Top 7; setPadding Right 9; setPadding Bottom 4; setPadding Left 1; setAlignItems Align.Center
3 65 29 39 92 | 65 29 39 92 | setPositionType PositionType.Absolute; setWidth 21%; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
4 16 16 100 50 | -77 16 100 50 | setWidth 100; setHeight 50; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
3 75 29 20 92 | 75 29 20 92 | setWidth 10%; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
4 16 16 100 50 | -97 16 100 50 | setWidth 100; setHeight 50; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
3 75 140 20 92 | 75 140 20 92 | setWidth 10%; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
4 16 16 100 50 | -97 16 100 50 | setWidth 100; setHeight 50; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
@ YGStaticPositionTest static_position_align_flex_end_amalgamation 1
0 0 0 215 301 | 0 0 215 301 | setPositionType PositionType.Absolute
1 4 5 202 295 | 4 5 202 295 | setMargin Top 5; setMargin Right 9; setMargin Bottom 1; setMargin Left 4; setBorder Top 6; setBorder Right 7; setBorder Bottom 8; setBorder Left 5; setPadding Top 9; setPadding Right 11; setPadding Bottom 13; setPadding Left 2
2 15 21 166 244 | 15 21 166 244 | setPositionType PositionType.Static; setMargin Top 6; setMargin Right 3; setMargin Bottom 9; setMargin Left 8; setBorder Top 10; setBorder Right 2; setBorder Bottom 1; setBorder Left 8; setPadding Top 7; setPadding Right 9; setPadding Bottom 4; setPadding Left 1; setAlignItems Align.FlexEnd
3 111 29 40 92 | 18 29 40 92 | setPositionType PositionType.Absolute; setWidth 21%; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
4 16 16 100 50 | -77 16 100 50 | setWidth 100; setHeight 50; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
3 131 29 20 92 | 18 29 20 92 | setWidth 10%; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
4 16 16 100 50 | -97 16 100 50 | setWidth 100; setHeight 50; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
3 131 140 20 92 | 18 140 20 92 | setWidth 10%; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
4 16 16 100 50 | -97 16 100 50 | setWidth 100; setHeight 50; setMargin Top 12; setMargin Right 4; setMargin Bottom 7; setMargin Left 9; setBorder Top 1; setBorder Right 5; setBorder Bottom 9; setBorder Left 2; setPadding Top 3; setPadding Right 8; setPadding Bottom 10; setPadding Left 5
@ YGStaticPositionTest static_position_static_root 1
0 0 0 100 200 | 0 0 100 200 | setHeight 200; setWidth 100; setPositionType PositionType.Static; setPadding Top 1; setPadding Right 11; setPadding Bottom 4; setPadding Left 6
1 18 12 50 100 | 24 12 50 100 | setHeight 50%; setWidth 50%; setPositionType PositionType.Absolute; setBorder Top 3; setBorder Right 2; setBorder Bottom 1; setBorder Left 4; setPadding Top 7; setPadding Right 5; setPadding Bottom 4; setPadding Left 3; setMargin Top 11; setMargin Right 15; setMargin Bottom 1; setMargin Left 12
@ YGStaticPositionTest static_position_absolute_child_multiple 1
0 0 0 400 400 | 0 0 400 400 | setPositionType PositionType.Absolute
1 0 0 400 400 | 0 0 400 400 | setWidth 400; setHeight 400; setPadding All 100
2 100 100 100 100 | 200 100 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 0 0 40 50 | 60 0 40 50 | setHeight 50; setWidth 10%; setPositionType PositionType.Absolute
2 100 200 100 100 | 200 200 100 100 | setHeight 100; setWidth 100; setPositionType PositionType.Static
3 0 0 200 50 | -100 0 200 50 | setHeight 50; setWidth 50%; setPositionType PositionType.Absolute
3 0 0 200 50 | -100 0 200 50 | setHeight 50; setWidth 50%; setPositionType PositionType.Absolute
2 100 100 25 50 | 275 100 25 50 | setHeight 50; setWidth 25; setPositionType PositionType.Absolute
@ YGAndroidNewsFeed android_news_feed 1
0 0 0 1080 240 | 0 0 1080 240 | setPositionType PositionType.Absolute; setAlignContent Align.Stretch; setWidth 1080
1 0 0 1080 240 | 0 0 1080 240 | 
2 0 0 1080 240 | 0 0 1080 240 | setAlignContent Align.Stretch
3 0 0 1080 144 | 0 0 1080 144 | setAlignContent Align.Stretch
4 36 24 1044 120 | 0 24 1044 120 | setFlexDirection FlexDirection.Row; setAlignItems Align.FlexStart; setAlignContent Align.Stretch; setMargin Top 24; setMargin Start 36
5 0 0 120 120 | 924 0 120 120 | setFlexDirection FlexDirection.Row; setAlignContent Align.Stretch
6 0 0 120 120 | 0 0 120 120 | setAlignContent Align.Stretch; setWidth 120; setHeight 120
5 120 0 72 39 | 816 0 72 39 | setAlignContent Align.Stretch; setFlexShrink 1; setMargin Right 36; setPadding Left 36; setPadding Top 21; setPadding Right 36; setPadding Bottom 18
6 36 21 0 0 | 36 21 0 0 | setFlexDirection FlexDirection.Row; setAlignContent Align.Stretch; setFlexShrink 1
6 36 21 0 0 | 36 21 0 0 | setAlignContent Align.Stretch; setFlexShrink 1
3 0 144 1080 96 | 0 144 1080 96 | setAlignContent Align.Stretch
4 174 24 906 72 | 0 24 906 72 | setFlexDirection FlexDirection.Row; setAlignItems Align.FlexStart; setAlignContent Align.Stretch; setMargin Top 24; setMargin Start 174
5 0 0 72 72 | 834 0 72 72 | setFlexDirection FlexDirection.Row; setAlignContent Align.Stretch
6 0 0 72 72 | 0 0 72 72 | setAlignContent Align.Stretch; setWidth 72; setHeight 72
5 72 0 72 39 | 726 0 72 39 | setAlignContent Align.Stretch; setFlexShrink 1; setMargin Right 36; setPadding Left 36; setPadding Top 21; setPadding Right 36; setPadding Bottom 18
6 36 21 0 0 | 36 21 0 0 | setFlexDirection FlexDirection.Row; setAlignContent Align.Stretch; setFlexShrink 1
6 36 21 0 0 | 36 21 0 0 | setAlignContent Align.Stretch; setFlexShrink 1
@ YGFlexBasisFitContentTest container_child_overflows_definite_parent_column 1
0 0 0 200 300 | 0 0 200 300 | setPositionType PositionType.Absolute; setWidth 200; setHeight 300
1 0 0 200 500 | 0 0 200 500 | 
2 0 0 50 500 | 150 0 50 500 | setHeight 500; setWidth 50
@ YGFlexBasisFitContentTest container_child_overflows_definite_parent_row 1
0 0 0 300 200 | 0 0 300 200 | setPositionType PositionType.Absolute; setWidth 300; setHeight 200; setFlexDirection FlexDirection.Row
1 0 0 500 200 | -200 0 500 200 | 
2 0 0 500 50 | 0 0 500 50 | setWidth 500; setHeight 50
@ YGFlexBasisFitContentTest container_child_within_bounds_column 1
0 0 0 200 300 | 0 0 200 300 | setPositionType PositionType.Absolute; setWidth 200; setHeight 300
1 0 0 200 100 | 0 0 200 100 | 
2 0 0 50 100 | 150 0 50 100 | setHeight 100; setWidth 50
@ YGFlexBasisFitContentTest multiple_container_children_overflow_column 1
0 0 0 200 300 | 0 0 200 300 | setPositionType PositionType.Absolute; setWidth 200; setHeight 300
1 0 0 200 400 | 0 0 200 400 | 
2 0 0 200 400 | 0 0 200 400 | setHeight 400
1 0 400 200 500 | 0 400 200 500 | 
2 0 0 200 500 | 0 0 200 500 | setHeight 500
@ YGFlexBasisFitContentTest scroll_container_column 1
0 0 0 200 300 | 0 0 200 300 | setPositionType PositionType.Absolute; setWidth 200; setHeight 300; setOverflow Overflow.Scroll
1 0 0 200 500 | 0 0 200 500 | 
2 0 0 200 500 | 0 0 200 500 | setHeight 500
@ YGFlexBasisFitContentTest explicit_and_container_children_column 1
0 0 0 200 300 | 0 0 200 300 | setPositionType PositionType.Absolute; setWidth 200; setHeight 300
1 0 0 200 100 | 0 0 200 100 | setHeight 100
1 0 100 200 500 | 0 100 200 500 | 
2 0 0 200 500 | 0 0 200 500 | setHeight 500
@ YGBoxSizingTest box_sizing_border_box_simple 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setPadding All 5; setBorder All 10
@ YGBoxSizingTest box_sizing_border_box_percent 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100
1 0 0 50 40 | 50 0 50 40 | setWidth 50%; setHeight 25%; setPadding All 4; setBorder All 16
@ YGBoxSizingTest box_sizing_border_box_absolute 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100
1 0 0 40 40 | 60 0 40 40 | setHeight 25%; setPadding All 12; setBorder All 8; setPositionType PositionType.Absolute
@ YGBoxSizingTest box_sizing_border_box_comtaining_block 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setPadding All 12; setBorder All 8
1 20 20 60 0 | 20 20 60 0 | setPositionType PositionType.Static
2 0 0 50 21 | 10 0 50 21 | setWidth 50; setHeight 25%; setPositionType PositionType.Absolute
@ YGBoxSizingTest box_sizing_border_box_padding_only 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setPadding All 5
@ YGBoxSizingTest box_sizing_border_box_padding_only_percent 1
0 0 0 100 150 | 0 0 100 150 | setPositionType PositionType.Absolute; setWidth 100; setHeight 150
1 0 0 50 75 | 50 0 50 75 | setWidth 50; setHeight 75; setPadding All 10%
@ YGBoxSizingTest box_sizing_border_box_border_only 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setBorder All 10
@ YGBoxSizingTest box_sizing_border_box_border_only_percent 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100
1 0 0 50 0 | 50 0 50 0 | setWidth 50%
@ YGBoxSizingTest box_sizing_border_box_no_padding_no_border 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100
@ YGBoxSizingTest box_sizing_border_box_children 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setPadding All 5; setBorder All 10
1 15 15 25 25 | 60 15 25 25 | setWidth 25; setHeight 25
1 15 40 25 25 | 60 40 25 25 | setWidth 25; setHeight 25
1 15 65 25 25 | 60 65 25 25 | setWidth 25; setHeight 25
1 15 90 25 25 | 60 90 25 25 | setWidth 25; setHeight 25
@ YGBoxSizingTest box_sizing_border_box_siblings 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100
1 0 0 25 25 | 75 0 25 25 | setWidth 25; setHeight 25
1 0 25 40 40 | 60 25 40 40 | setWidth 25; setHeight 25; setPadding All 10; setBorder All 10
1 0 65 25 25 | 75 65 25 25 | setWidth 25; setHeight 25
1 0 90 25 25 | 75 90 25 25 | setWidth 25; setHeight 25
@ YGBoxSizingTest box_sizing_border_box_max_width 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100
1 0 0 50 40 | 50 0 50 40 | setMaxWidth 50; setHeight 25; setPadding All 5; setBorder All 15
1 0 40 25 25 | 75 40 25 25 | setWidth 25; setHeight 25
@ YGBoxSizingTest box_sizing_border_box_max_height 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100
1 0 0 50 40 | 50 0 50 40 | setWidth 50; setMaxHeight 50; setPadding All 5; setBorder All 15
1 0 40 25 25 | 75 40 25 25 | setWidth 25; setHeight 25
@ YGBoxSizingTest box_sizing_border_box_min_width 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100
1 0 0 100 40 | 0 0 100 40 | setMinWidth 50; setHeight 25; setPadding All 5; setBorder All 15
1 0 40 25 25 | 75 40 25 25 | setWidth 25; setHeight 25
@ YGBoxSizingTest box_sizing_border_box_min_height 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100
1 0 0 50 50 | 50 0 50 50 | setWidth 50; setMinHeight 50; setPadding All 5; setBorder All 15
1 0 50 25 25 | 75 50 25 25 | setWidth 25; setHeight 25
@ YGBoxSizingTest box_sizing_border_box_no_height_no_width 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100
1 0 0 100 18 | 0 0 100 18 | setPadding All 2; setBorder All 7
@ YGBoxSizingTest box_sizing_border_box_nested 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setPadding All 15; setBorder All 3
1 18 18 20 20 | 62 18 20 20 | setWidth 20; setHeight 20; setPadding All 2; setBorder All 7
2 9 9 10 6 | 1 9 10 6 | setWidth 10; setHeight 5; setPadding All 1; setBorder All 2
@ YGBoxSizingTest box_sizing_border_box_flex_basis_row 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setFlexDirection FlexDirection.Row
1 0 0 50 30 | 50 0 50 30 | setFlexBasis 50; setHeight 25; setPadding All 5; setBorder All 10
@ YGBoxSizingTest box_sizing_border_box_flex_basis_column 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100
1 0 0 100 50 | 0 0 100 50 | setFlexBasis 50; setHeight 25; setPadding All 5; setBorder All 10
@ YGBoxSizingTest box_sizing_border_box_padding_start 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setPadding Start 5
@ YGBoxSizingTest box_sizing_border_box_padding_end 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setPadding End 5
@ YGBoxSizingTest box_sizing_border_box_border_start 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setBorder Start 5
@ YGBoxSizingTest box_sizing_border_box_border_end 1
0 0 0 100 100 | 0 0 100 100 | setPositionType PositionType.Absolute; setWidth 100; setHeight 100; setBorder End 5
"""#
