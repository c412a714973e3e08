from .x_transformers import ContinuousTransformerWrapper, Encoder

__all__ = ['ContinuousTransformerWrapper', 'Encoder']
