// RenderClient: see ../shared/DESIGN.md.
