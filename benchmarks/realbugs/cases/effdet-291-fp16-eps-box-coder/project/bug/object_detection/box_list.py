class BoxList(object):
    def __init__(self, boxes):
        self.boxes = boxes

    def get_center_coordinates_and_sizes(self):
        ymin, xmin, ymax, xmax = self.boxes.unbind(dim=1)
        width = xmax - xmin
        height = ymax - ymin
        ycenter = ymin + height / 2.0
        xcenter = xmin + width / 2.0
        return ycenter, xcenter, height, width
