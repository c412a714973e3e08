import torch
import torch.nn as nn
import torch.nn.functional as F


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
