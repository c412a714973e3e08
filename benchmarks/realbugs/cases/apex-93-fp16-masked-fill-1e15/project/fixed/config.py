class PoolingConfig:
    channels = 8
    kernel_size = 3
    mask_value = -1e15
