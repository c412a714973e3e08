import torch
import torch.optim as optim

from gen_model import styletransfer
from classifier.dis_model import findattribute

torch.manual_seed(0)
genmodel = styletransfer()
genmodel.train()
dismodel = findattribute()
dismodel.eval()
for p in dismodel.parameters():
    p.requires_grad = False

max_grad_norm = 10
aed_trainer = optim.Adamax(genmodel.aed_params, lr=0.0005)
gen_trainer = optim.Adamax(genmodel.aed_params, lr=0.0001)

neg_sentence = torch.randint(1, 298, (1, 9))
pos_sentence = torch.randint(1, 298, (1, 7))
sentences = [neg_sentence, pos_sentence]
attributes = [torch.tensor([[1.0, 0.0]]), torch.tensor([[0.0, 1.0]])]

for i in range(2):
    token_idx = sentences[i]
    attribute = attributes[i]
    del_idx = token_idx[:, :-2]  # attribute words deleted
    """auto-encoder loss & traning"""
    # training using discriminator loss
    enc_out = genmodel.encoder(del_idx)
    dec_out, vocab_out = genmodel.decoder(enc_out, token_idx, attribute)

    ## calculation loss
    recon_loss = genmodel.recon_loss(token_idx, vocab_out)

    aed_trainer.zero_grad()
    recon_loss.backward(retain_graph=True)  # retain_graph=True
    grad_norm = torch.nn.utils.clip_grad_norm_(genmodel.aed_params, max_grad_norm)
    aed_trainer.step()

    """decoder classification loss & training"""
    gen_cls_out = dismodel.gen_discriminator(vocab_out)
    gen_cls_loss = genmodel.cls_loss(attribute, gen_cls_out)

    gen_trainer.zero_grad()
    gen_cls_loss.backward()
    grad_norm = torch.nn.utils.clip_grad_norm_(genmodel.aed_params, max_grad_norm)
    gen_trainer.step()
