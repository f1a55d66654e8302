#!/usr/bin/env bash
# Rebuild assets/word-vectors/scout-search-words.q8.bin (the code side of scout's embedded word vectors) from the
# documented Python of Debian 12's python3.11 and python3-* packages. Needs root for apt-get; about 8 minutes on
# 2 cores (extract 2, word2vec 4, contrastive training 1). Not run by the build or CI: the table is committed.
# See README.md here.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="${TMPDIR:-/tmp}/scout-code-vectors"
mkdir -p "$work"
apt-get install -y --no-install-recommends python3-gensim python3-torch python3-numpy python3-scipy python3-sympy python3-networkx \
  python3-django python3-pandas python3-sqlalchemy python3-matplotlib python3-docutils python3-pygments python3-jinja2 \
  python3-twisted python3-tornado python3-babel python3-nltk python3-sklearn python3-paramiko python3-lxml python3-yaml \
  python3-pil python3-setuptools python3-joblib python3-mpmath python3-fonttools python3-cryptography python3-pip >/dev/null
roots=(/usr/lib/python3.11)
for p in sympy pandas django twisted scipy networkx sklearn numpy nltk pygments fontTools matplotlib sqlalchemy docutils \
  PIL jinja2 babel yaml lxml paramiko tornado mpmath joblib cryptography setuptools pip gensim; do
  [ -d "/usr/lib/python3/dist-packages/$p" ] && roots+=("/usr/lib/python3/dist-packages/$p")
done
/usr/bin/python3 "$here/extract.py" "$work/corpus.txt" "${roots[@]}"
/usr/bin/python3 "$here/train.py" "$work/corpus.txt" "$work/vectors.txt"
/usr/bin/python3 "$here/extract_pairs.py" "$work/pairs.tsv" "${roots[@]}"
# TypeScript: the JSDoc of the declaration files in scout's own node_modules (npm ci first).
/usr/bin/python3 "$here/extract_ts_pairs.py" "$work/ts-pairs.tsv" "$root/node_modules"
# Web-search queries that helpers wrote for 20,000 of those functions (web-queries/README.md).
/usr/bin/python3 "$here/extract_query_pairs.py" "$work/query-pairs.tsv" "$here"/web-queries/*.jsonl
cat "$work/pairs.tsv" "$work/ts-pairs.tsv" "$work/query-pairs.tsv" > "$work/all-pairs.tsv"
/usr/bin/python3 "$here/train_search.py" "$work/all-pairs.tsv" "$work/vectors.txt" "$work/search-vectors.txt"
node "$here/convert.mjs" "$work/search-vectors.txt" "$root/assets/word-vectors/scout-search-words.q8.bin" scout-search-words --weighted
