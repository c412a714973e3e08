from torchcam.methods.gradient import SmoothGradCAMpp
