class Compose(object):
    def __init__(self, transforms):
        self.transforms = transforms

    def __call__(self, data, sample_rate=100):
        for t in self.transforms:
            data = t(data, sample_rate)
        return data
