from .manifolds.sphere import Sphere
