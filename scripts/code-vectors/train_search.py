"""Train scout's code-search word vectors on the pairs extract_pairs.py wrote (scripts/code-vectors/README.md).

    python3 train_search.py PAIRS.tsv WORD2VEC.txt OUT.txt    # word2vec text format, most frequent word first

The model is the one scout composes at search time: a text's vector is the sum of its words' vectors, each weighed by
(1 + ln tf) and by a learned weight per word, then L2-normalised ("neural bag of words", the CodeSearchNet
baseline). One table serves both sides: a docstring's first words (the query a searcher would type) and the
function's code words (what the index holds) are pulled together, against the other functions of the batch
(in-batch contrastive loss, both directions). So it learns that `dictionary` in a query means `dict` in code,
which word2vec's co-occurrence only approximates, and which words matter (`the` and `self` learn weights near 0).

- Query: the docstring's first 12 words; the rest of the docstring joins the code side, as a chunk holds both.
  The web-search query pairs (extract_query_pairs.py) are short queries already, their code side has the docstring.
- 200 dimensions, the first 100 initialised from train.py's word2vec vectors (WORD2VEC.txt), the rest random;
  words in at least 3 pairs. (100 dimensions scored 0.528 against 0.572 on the query-function dev split, 300 0.558.)
- 16 epochs, batch 512, Adam 2e-3, scale 20, 10 % word dropout; seeded, 2 threads (about a minute on 2 cores).
- OUT.txt: each word's unit direction times its learned weight, so the vector's length is the weight
  (convert.mjs --weighted keeps it).

Needs PyTorch: Debian's python3-torch (apt).
"""
import math
import random
import sys

import numpy as np
import torch
import torch.nn.functional as F

SEED = 20261126
DIMENSIONS = 200
MIN_PAIRS = 3
QUERY_WORDS = 12
EPOCHS = 16
BATCH = 512
LEARNING_RATE = 2e-3
SCALE = 20.0
WORD_DROPOUT = 0.1
VALIDATION = 2000


def read_pairs(path):
    pairs = []
    with open(path) as f:
        for line in f:
            doc, _, code = line.rstrip('\n').partition('\t')
            doc, code = doc.split(), code.split()
            if doc and code:
                pairs.append((doc[:QUERY_WORDS], code + doc[QUERY_WORDS:]))
    return pairs


def main():
    pairs_path, init_path, out_path = sys.argv[1:4]
    random.seed(SEED)
    np.random.seed(SEED)
    torch.manual_seed(SEED)
    torch.set_num_threads(2)
    pairs = read_pairs(pairs_path)
    in_pairs = {}
    for doc, code in pairs:
        for w in set(doc) | set(code):
            in_pairs[w] = in_pairs.get(w, 0) + 1
    vocab = [w for w, n in sorted(in_pairs.items(), key=lambda x: (-x[1], x[0])) if n >= MIN_PAIRS]
    index = {w: i for i, w in enumerate(vocab)}
    vectors = np.random.normal(0, 0.1, (len(vocab), DIMENSIONS)).astype(np.float32)
    with open(init_path) as f:
        next(f)
        for line in f:
            parts = line.rstrip().split(' ')
            if parts[0] in index:
                v = np.array(parts[1:], dtype=np.float32)[:DIMENSIONS]
                vectors[index[parts[0]], :len(v)] = v / (np.linalg.norm(v) + 1e-9)
    # Word weight logits start at a SIF-like prior: frequent words weigh less.
    frequency = np.array([in_pairs[w] for w in vocab], dtype=np.float64)
    frequency /= frequency.sum()
    embedding = torch.nn.Parameter(torch.from_numpy(vectors))
    logit = torch.nn.Parameter(torch.from_numpy(np.log(1e-3 / (1e-3 + frequency)).astype(np.float32)))
    optimizer = torch.optim.Adam([embedding, logit], lr=LEARNING_RATE)

    def encode(texts, dropout=0.0):
        ids, offsets, weights = [], [], []
        for words in texts:
            offsets.append(len(ids))
            tf = {}
            for w in words:
                i = index.get(w)
                if i is not None and (dropout == 0 or random.random() >= dropout):
                    tf[i] = tf.get(i, 0) + 1
            for i, n in (tf or {0: 1}).items():
                ids.append(i)
                weights.append(1 + math.log(n))
        ids = torch.tensor(ids)
        w = torch.tensor(weights) * torch.exp(logit[ids])
        return F.normalize(F.embedding_bag(ids, embedding, torch.tensor(offsets), per_sample_weights=w, mode='sum'), dim=1)

    order = list(range(len(pairs)))
    random.shuffle(order)
    validation = [pairs[i] for i in order[:VALIDATION]]
    train = [pairs[i] for i in order[VALIDATION:]]

    def validation_mrr():
        with torch.no_grad():
            s = encode([d for d, _ in validation]) @ encode([c for _, c in validation]).T
            ranks = (s > s.diag().unsqueeze(1)).sum(1) + 1
            return float(torch.where(ranks <= 10, 1.0 / ranks, torch.zeros(len(ranks))).mean())

    print(f'{len(vocab)} words, {len(pairs)} pairs; held-out pairs MRR@10 before {validation_mrr():.3f}', file=sys.stderr)
    labels = torch.arange(BATCH)
    for epoch in range(EPOCHS):
        random.shuffle(train)
        for k in range(0, len(train) - BATCH + 1, BATCH):
            batch = train[k:k + BATCH]
            s = SCALE * (encode([d for d, _ in batch], WORD_DROPOUT) @ encode([c for _, c in batch], WORD_DROPOUT).T)
            loss = (F.cross_entropy(s, labels) + F.cross_entropy(s.T, labels)) / 2
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        print(f'epoch {epoch + 1}: loss {float(loss):.3f}, held-out pairs MRR@10 {validation_mrr():.3f}', file=sys.stderr)

    with torch.no_grad():
        weighted = (F.normalize(embedding, dim=1) * torch.exp(logit).unsqueeze(1)).numpy()
    with open(out_path, 'w') as f:
        f.write(f'{len(vocab)} {DIMENSIONS}\n')
        for i, w in enumerate(vocab):
            f.write(w + ' ' + ' '.join(f'{x:.6g}' for x in weighted[i]) + '\n')


if __name__ == '__main__':
    main()
