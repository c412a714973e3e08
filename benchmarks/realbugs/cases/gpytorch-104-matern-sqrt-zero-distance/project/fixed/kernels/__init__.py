from kernels.matern_kernel import MaternKernel

__all__ = ["MaternKernel"]
