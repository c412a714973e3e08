from pytorch_refinenet.refinenet import RefineNetLite

__all__ = ["RefineNetLite"]
