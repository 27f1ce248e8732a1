// The client's API speaks RenderCore's values (Point, Color, Animation, …) and
// RenderProtocol's messages (Commit, Welcome, …): importing RenderClient imports them.
@_exported import RenderCore
@_exported import RenderProtocol
