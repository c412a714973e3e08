import torch
import torch.nn as nn
from model.classifier import SimpleClassifier
from model.fc import FCNet


class Attention(nn.Module):
    def __init__(self, v_dim, q_dim, hid_dim, glimpses=1):
        super(Attention, self).__init__()
        self.v_proj = FCNet([v_dim, hid_dim])
        self.q_proj = FCNet([q_dim, hid_dim])
        self.linear = nn.Linear(hid_dim, glimpses)

    def forward(self, v, q):
        v_proj = self.v_proj(v)  # [batch, k, hid]
        q_proj = self.q_proj(q).unsqueeze(1)  # [batch, 1, hid]
        logits = self.linear(v_proj * q_proj)
        return torch.softmax(logits, dim=1), logits


class QuestionEmbedding(nn.Module):
    def __init__(self, ntoken, w_dim, hid_dim):
        super(QuestionEmbedding, self).__init__()
        self.emb = nn.Embedding(ntoken, w_dim)
        self.rnn = nn.GRU(w_dim, hid_dim, batch_first=True)
        self.ndirections = 1

    def forward(self, q):
        output, hidden = self.rnn(self.emb(q))
        return output[:, -1]


class BaseModel(nn.Module):
    def __init__(self, q_emb, v_att, classifier):
        super(BaseModel, self).__init__()
        self.q_emb = q_emb
        self.v_att = v_att
        self.classifier = classifier

    def forward(self, v, q):
        q_emb = self.q_emb(q)  # [batch, q_dim]
        att, att_logits = self.v_att(v, q_emb)  # [batch, objs, 1]
        v_emb = (att * v).sum(1)  # [batch, v_dim]
        logits = self.classifier(q_emb, v_emb)
        return logits, att


def build_baseline(ntoken, num_ans_candidates, vision_features=32, hidden_features=16):
    question_features = hidden_features
    q_emb = QuestionEmbedding(ntoken, w_dim=12, hid_dim=question_features)
    v_att = Attention(
        v_dim=vision_features,
        q_dim=question_features * q_emb.ndirections,
        hid_dim=hidden_features,
    )
    classifier = SimpleClassifier(
        in_dim=(question_features * q_emb.ndirections, vision_features),
        hid_dim=(hidden_features, hidden_features * 2),
        out_dim=num_ans_candidates,
        dropout=0.5
    )
    return BaseModel(q_emb, v_att, classifier)
