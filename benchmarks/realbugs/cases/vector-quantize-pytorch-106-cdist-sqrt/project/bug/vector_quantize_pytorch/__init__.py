from vector_quantize_pytorch.vector_quantize_pytorch import VectorQuantize

__all__ = ["VectorQuantize"]
