from .oss import OSS
