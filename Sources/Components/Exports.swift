// Components mount layer-backed views, as ComponentKit mounts UIKit's: importing Components
// imports RenderViews (views, animation blocks) and through it RenderClient and RenderCore.
@_exported import RenderViews
