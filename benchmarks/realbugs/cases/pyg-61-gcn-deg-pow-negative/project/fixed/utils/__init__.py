from .scatter import scatter_add
