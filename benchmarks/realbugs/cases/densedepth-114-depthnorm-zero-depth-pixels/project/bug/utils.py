def DepthNorm(depth, maxDepth=1000.0):
    return maxDepth / depth
