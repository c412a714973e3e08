import torch

from .networks import Discriminator, Generator


class GANAuxModel(object):
    def __init__(self, lr=2e-4, beta1=0.5, lambda_gen=1.0, lambda_idt=10.0):
        self.netG = Generator()
        self.netD = Discriminator()
        self.lambda_gen = lambda_gen
        self.lambda_idt = lambda_idt
        self.criterionL2 = torch.nn.MSELoss()

        self.netG.optimize_aux()
        self.optimizer_G_aux = torch.optim.Adam(filter(lambda p: p.requires_grad, self.netG.parameters()),
                                                lr=lr, betas=(beta1, 0.999))
        self.netG.optimize_main()
        self.optimizer_G_main = torch.optim.Adam(filter(lambda p: p.requires_grad, self.netG.parameters()),
                                                 lr=lr, betas=(beta1, 0.999))
        self.netG.optimize_all()
        self.optimizer_D = torch.optim.Adam(self.netD.parameters(), lr=lr, betas=(beta1, 0.999))

    def set_input(self, input):
        self.real_A = input['A']
        self.style_B = input['B_style']

    def forward(self):
        self.fake_B, self.rec_A_aux, self.feats = self.netG([self.real_A, self.style_B])

    def set_requires_grad(self, nets, requires_grad=False):
        for net in nets:
            for p in net.parameters():
                p.requires_grad = requires_grad

    def backward_D(self):
        pred_real = self.netD([self.style_B, self.style_B])
        pred_fake = self.netD([self.fake_B.detach(), self.style_B])
        self.loss_disc = (torch.mean((pred_real - 1) ** 2) + torch.mean(pred_fake ** 2)) / 2.0
        self.loss_disc.backward()

    def backward_G_main(self, retain_graph=False):
        pred_fake = self.netD([self.fake_B, self.style_B])
        self.loss_gen = torch.mean((pred_fake - 1) ** 2) * self.lambda_gen
        self.loss_transf = self.criterionL2(self.fake_B.mean(dim=(2, 3)), self.style_B.mean(dim=(2, 3)).expand(self.fake_B.shape[0], -1))
        self.loss_G = self.loss_gen + self.loss_transf
        self.loss_G.backward(retain_graph=retain_graph)

    def backward_G_aux(self, retain_graph=False):
        self.loss_idt_aux = self.criterionL2(self.rec_A_aux, self.real_A.detach()) * self.lambda_idt
        self.loss_G_aux = self.loss_idt_aux
        self.loss_G_aux.backward(retain_graph=retain_graph)

    def optimize_parameters(self):
        # forward
        self.forward()
        # G AUX
        self.netG.optimize_aux()
        self.optimizer_G_aux.zero_grad()
        self.backward_G_aux(retain_graph=True)
        self.optimizer_G_aux.step()
        # G MAIN
        self.netG.optimize_main()
        self.set_requires_grad([self.netD], False)
        self.optimizer_G_main.zero_grad()
        self.backward_G_main()
        self.optimizer_G_main.step()
        # D
        self.set_requires_grad([self.netD], True)
        self.optimizer_D.zero_grad()
        self.backward_D()
        self.optimizer_D.step()

        self.netG.optimize_all()
