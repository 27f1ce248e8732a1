// Views are layer-backed, as UIKit's are on Core Animation: importing RenderViews imports
// RenderClient (layers, transactions, animations) and through it RenderCore's values.
@_exported import RenderClient
