// RenderProtocol
