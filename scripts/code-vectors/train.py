"""Train scout's code word vectors on the text extract.py wrote (scripts/code-vectors/README.md).

    python3 train.py IN.txt OUT.txt      # word2vec text format, most frequent word first

Skip-gram with negative sampling (gensim, Debian's python3-gensim), 100 dimensions, a window of 10 over the shuffled
words of one function, seeded; one worker thread so that the same text gives the same vectors.
"""
import sys

from gensim.models import Word2Vec
from gensim.models.word2vec import LineSentence

source, target = sys.argv[1], sys.argv[2]
model = Word2Vec(
    LineSentence(source), vector_size=100, window=10, min_count=3, sg=1, negative=10, epochs=10,
    sample=1e-4, workers=1, seed=20261126,
)
model.wv.save_word2vec_format(target)
print(f'{len(model.wv)} words', file=sys.stderr)
