import torch
import torch.nn as nn
import torch.nn.functional as F

from mdd_net import MDDNet


class MDD(object):
    def __init__(self, class_num=5, srcweight=4.0):
        self.c_net = MDDNet(class_num=class_num)
        self.srcweight = srcweight
        self.iter_num = 0

    def get_loss(self, inputs, labels_source):
        class_criterion = nn.CrossEntropyLoss()
        _, outputs, _, outputs_adv = self.c_net(inputs)
        classifier_loss = class_criterion(outputs.narrow(0, 0, labels_source.size(0)), labels_source)

        target_adv = outputs.max(1)[1]
        target_adv_src = target_adv.narrow(0, 0, labels_source.size(0))
        target_adv_tgt = target_adv.narrow(0, labels_source.size(0), inputs.size(0) - labels_source.size(0))

        classifier_loss_adv_src = class_criterion(outputs_adv.narrow(0, 0, labels_source.size(0)), target_adv_src)

        logloss_tgt = torch.log(torch.clamp(1 - F.softmax(outputs_adv.narrow(0, labels_source.size(0), inputs.size(0) - labels_source.size(0)), dim=1), min=1e-15))
        classifier_loss_adv_tgt = F.nll_loss(logloss_tgt, target_adv_tgt)

        transfer_loss = self.srcweight * classifier_loss_adv_src + classifier_loss_adv_tgt
        self.iter_num += 1
        return classifier_loss + transfer_loss

    def get_parameter_list(self):
        return self.c_net.parameters()
