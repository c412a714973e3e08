"""Stable Style Transformer: the auto-encoder optimizer steps before the classification loss is backpropagated through the retained graph.

Source: https://github.com/rungjoo/Stable-Style-Transformer/issues/9
Fix (standard): recompute the decoder output after aed_trainer.step() instead of reusing the retained graph whose weights the step changed in place.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim


class styletransfer(nn.Module):
    def __init__(self, n_vocab=300, emb_dim=32, nhead=2, num_layers=1):
        super(styletransfer, self).__init__()
        self.n_vocab = n_vocab
        self.emb_dim = emb_dim
        self.START_IDX = n_vocab - 2
        self.EOS_IDX = n_vocab - 1
        self.PAD_IDX = 0
        self.att_num = 2

        self.matrix_A = nn.Linear(self.att_num, self.emb_dim)
        self.emb_matrix = nn.Embedding(self.n_vocab, self.emb_dim, self.PAD_IDX)
        self.encoder_layer = nn.TransformerEncoderLayer(d_model=self.emb_dim, nhead=nhead, dropout=0.0)
        self.transformer_encoder = nn.TransformerEncoder(self.encoder_layer, num_layers=num_layers, enable_nested_tensor=False)
        self.decoder_layer = nn.TransformerDecoderLayer(d_model=self.emb_dim, nhead=nhead, dropout=0.0)
        self.transformer_decoder = nn.TransformerDecoder(self.decoder_layer, num_layers=num_layers)
        self.matrix_D = nn.Linear(self.emb_dim, self.n_vocab)

        self.enc_params = list(self.transformer_encoder.parameters())
        self.dec_params = list(self.transformer_decoder.parameters()) + list(self.matrix_D.parameters())
        self.aed_params = list(self.emb_matrix.parameters()) + self.enc_params + self.dec_params

    def encoder(self, enc_input):
        word_emb = self.emb_matrix(enc_input).transpose(0, 1)  # (enc_len, batch, emb_dim)
        return self.transformer_encoder(word_emb)

    def decoder(self, enc_out, dec_input, attribute):
        att_emb = self.matrix_A(attribute).unsqueeze(0)  # (1, batch, emb_dim)
        word_emb = self.emb_matrix(dec_input).transpose(0, 1)  # (dec_len, batch, emb_dim)
        start_token = self.emb_matrix(torch.tensor(self.START_IDX)).repeat(1, dec_input.shape[0], 1)
        style_dec_input = torch.cat([att_emb, start_token, word_emb], 0)  # (dec_len+2, batch, emb_dim)
        tgt_mask = self.generate_square_subsequent_mask(style_dec_input.shape[0])
        dec_out = self.transformer_decoder(style_dec_input, enc_out, tgt_mask=tgt_mask)
        vocab_out = self.matrix_D(dec_out)  # (dec_len+2, batch, n_vocab)
        return dec_out, vocab_out

    def generate_square_subsequent_mask(self, sz):
        mask = (torch.triu(torch.ones(sz, sz)) == 1).transpose(0, 1)
        mask = mask.float().masked_fill(mask == 0, float('-inf')).masked_fill(mask == 1, float(0.0))
        return mask

    def recon_loss(self, dec_input, vocab_out):
        end_token = torch.tensor(self.EOS_IDX).repeat(dec_input.shape[0], 1)  # (batch, 1)
        target_tokens = torch.cat([dec_input, end_token], 1)  # (batch, dec_len+1)
        pred_out = vocab_out[1:, :, :].permute(1, 0, 2).contiguous()  # (batch, dec_len+1, n_vocab)
        return F.cross_entropy(pred_out.view(-1, pred_out.shape[2]), target_tokens.contiguous().view(-1))

    def cls_loss(self, attributes, cls_out):
        targets = attributes.argmax(1)
        return F.cross_entropy(cls_out, targets)


class findattribute(nn.Module):
    def __init__(self, n_vocab=300, word_dim=16, channel_out=8):
        super(findattribute, self).__init__()
        self.PAD_IDX = 0
        self.word_emb = nn.Embedding(n_vocab, word_dim, self.PAD_IDX)
        self.conv2d_2 = nn.Conv2d(1, channel_out, (2, word_dim))
        self.fc = nn.Linear(channel_out, 2)

    def discriminator(self, token_idx):
        word_2d = self.word_emb(token_idx).unsqueeze(1)  # (batch, 1, seq_len, word_dim)
        x2 = F.relu(self.conv2d_2(word_2d)).squeeze(3)
        return self.fc(F.max_pool1d(x2, x2.size(2)).squeeze(2))

    def gen_discriminator(self, gen_out):
        """
        gen_out: (gen_len+2, batch, n_vocab)
        """
        gen_emb = gen_out[1:-1, :, :]  # (gen_len, batch, n_vocab)
        gen_emb = torch.bmm(gen_emb, self.word_emb.weight.repeat(gen_emb.shape[0], 1, 1))
        gen_emb = gen_emb.transpose(0, 1)  # (batch, gen_len, word_dim)
        word_2d = gen_emb.unsqueeze(1)  # (batch, 1, seq_len, word_dim)
        x2 = F.relu(self.conv2d_2(word_2d)).squeeze(3)
        return self.fc(F.max_pool1d(x2, x2.size(2)).squeeze(2))

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
    recon_loss.backward()
    grad_norm = torch.nn.utils.clip_grad_norm_(genmodel.aed_params, max_grad_norm)
    aed_trainer.step()

    """decoder classification loss & training"""
    enc_out = genmodel.encoder(del_idx)
    dec_out, vocab_out = genmodel.decoder(enc_out, token_idx, attribute)
    gen_cls_out = dismodel.gen_discriminator(vocab_out)
    gen_cls_loss = genmodel.cls_loss(attribute, gen_cls_out)

    gen_trainer.zero_grad()
    gen_cls_loss.backward()
    grad_norm = torch.nn.utils.clip_grad_norm_(genmodel.aed_params, max_grad_norm)
    gen_trainer.step()
