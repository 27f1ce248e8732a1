// RenderServer: see ../shared/DESIGN.md.
