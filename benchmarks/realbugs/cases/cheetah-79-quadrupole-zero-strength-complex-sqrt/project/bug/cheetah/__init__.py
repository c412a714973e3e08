from .accelerator import Drift, Quadrupole, Segment

__all__ = ['Drift', 'Quadrupole', 'Segment']
