import numpy as np
import torch
import torch.nn as nn


def gaussian(m, std):
    n = np.arange(0, m) - (m - 1.0) / 2.0
    return np.exp(-0.5 * (n / std) ** 2)


class Net(nn.Module):
    def __init__(self, threshold=10.0):
        super().__init__()
        self.threshold = threshold
        filter_size = 5
        generated_filters = gaussian(filter_size, std=1.0).reshape([1, filter_size])
        generated_filters = generated_filters / generated_filters.sum()

        self.gaussian_filter_horizontal = nn.Conv2d(1, 1, kernel_size=(1, filter_size), padding=(0, filter_size // 2))
        self.gaussian_filter_horizontal.weight.data.copy_(torch.from_numpy(generated_filters))
        self.gaussian_filter_horizontal.bias.data.zero_()
        self.gaussian_filter_vertical = nn.Conv2d(1, 1, kernel_size=(filter_size, 1), padding=(filter_size // 2, 0))
        self.gaussian_filter_vertical.weight.data.copy_(torch.from_numpy(generated_filters.T))
        self.gaussian_filter_vertical.bias.data.zero_()

        sobel_filter = np.array([[1, 0, -1], [2, 0, -2], [1, 0, -1]])
        self.sobel_filter_horizontal = nn.Conv2d(1, 1, kernel_size=3, padding=1)
        self.sobel_filter_horizontal.weight.data.copy_(torch.from_numpy(sobel_filter))
        self.sobel_filter_horizontal.bias.data.zero_()
        self.sobel_filter_vertical = nn.Conv2d(1, 1, kernel_size=3, padding=1)
        self.sobel_filter_vertical.weight.data.copy_(torch.from_numpy(sobel_filter.T))
        self.sobel_filter_vertical.bias.data.zero_()

    def forward(self, img):
        img_r, img_g, img_b = torch.split(img, 1, dim=1)

        blurred_img_r = self.gaussian_filter_vertical(self.gaussian_filter_horizontal(img_r))
        blurred_img_g = self.gaussian_filter_vertical(self.gaussian_filter_horizontal(img_g))
        blurred_img_b = self.gaussian_filter_vertical(self.gaussian_filter_horizontal(img_b))

        grad_x_r = self.sobel_filter_horizontal(blurred_img_r)
        grad_y_r = self.sobel_filter_vertical(blurred_img_r)
        grad_x_g = self.sobel_filter_horizontal(blurred_img_g)
        grad_y_g = self.sobel_filter_vertical(blurred_img_g)
        grad_x_b = self.sobel_filter_horizontal(blurred_img_b)
        grad_y_b = self.sobel_filter_vertical(blurred_img_b)

        # COMPUTE THICK EDGES
        grad_mag = torch.sqrt(grad_x_r ** 2 + grad_y_r ** 2)
        grad_mag = grad_mag + torch.sqrt(grad_x_g ** 2 + grad_y_g ** 2)
        grad_mag = grad_mag + torch.sqrt(grad_x_b ** 2 + grad_y_b ** 2)
        grad_orientation = torch.atan2(grad_y_r + grad_y_g + grad_y_b, grad_x_r + grad_x_g + grad_x_b) * (180.0 / 3.14159)
        grad_orientation = grad_orientation + 180.0

        early_threshold = grad_mag.clone()
        early_threshold[grad_mag < self.threshold] = 0.0
        return grad_mag, grad_orientation, early_threshold
