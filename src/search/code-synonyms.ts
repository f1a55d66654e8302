/**
 * The words a searcher uses for a thing and the words code uses for it: abbreviations (`dictionary` / `dict`,
 * `directory` / `dir`) and everyday words for programming terms (`remove` / `delete` / `drop`, `combine` / `merge` /
 * `concat`). A web-style query ("python remove first n items from list") rarely says what the code says
 * (`drop(n, seq)`), and BM25 only sees shared words. Pure data and one pure lookup.
 *
 * Written from general programming vocabulary (standard-library and common-library names, usual abbreviations),
 * not from any benchmark's answers. Groups are small on purpose: a word in a wide group ("get", "set", "make") would
 * bring noise into every query, so such words are left out.
 */
import { searchTokens } from '../core/code-tokens.js';

/** Each line: words and abbreviations that name the same thing in code search. */
const GROUPS = `
dictionary dict mapping hashmap
string str text
integer int
number num numeric
directory dir folder
configuration config cfg conf settings
argument arg args
parameter param params
environment env environ
maximum max largest biggest
minimum min smallest
average avg mean
temporary tmp temp
message msg
object obj
index idx
length len size
character char chr
reference ref
database db
document doc
information info
initialize init setup
iterator iter iterable
sequence seq
attribute attr
function func callable
boolean bool
previous prev
current cur curr
source src
destination dst dest target
address addr
command cmd
exception error err exc
value val
variable var
count cnt tally occurrences frequency
buffer buf
column col
position pos offset
request req
response resp
utility util utils helper
library lib
regex regexp regular pattern
expression expr
timestamp epoch
datetime date
password passwd pwd secret
authentication auth login credentials
application app
package pkg
image img picture
description desc
execute exec run invoke
generate gen yield
calculate calc compute
compare cmp equal
format fmt
separator sep delimiter
milliseconds ms millis
seconds sec secs
keyword kw kwargs
multiply mul times product
subtract sub minus difference
remove delete del drop discard strip erase
combine merge join concat concatenate union
split divide partition chunk chunked chunks
flatten unnest flat
first head leading front
last tail trailing end
unique distinct dedupe deduplicate duplicates
sort sorted order ordering
reverse reversed invert backwards
find search lookup locate
replace substitute sub
validate check verify
contains includes has member exists
convert cast coerce transform
create make build construct new
copy clone
fetch retrieve obtain download
show display print render
empty blank
nested deep recursive
parent ancestor
root top toplevel
child children descendant descendants
lazy deferred lazily
cache cached memoize memo memoized
wait sleep delay pause
retry retries repeat
random shuffle sample
sum total
group groupby bucket categorize
filter select keep
apply map
iterate loop traverse walk each
window sliding rolling moving
pair pairs tuple zip
encode serialize dump dumps escape
decode deserialize load loads unescape
hash digest checksum
timezone tz
url uri link href
filename fname
read load open
write save store
close shutdown release cleanup
start begin launch
stop halt terminate kill abort
log logger logging
header headers
cookie cookies
query querystring
whitespace spaces blank
lowercase lower
uppercase upper capitalize
trim strip
truncate shorten clip
pad padding fill
wrap wrapper wrapped
decorator decorate wraps
thread threads threading concurrent
process subprocess
environment variables env
timeout deadline expire expiry expires
permission permissions access
owner user
json serialize
yaml yml
csv tsv
`;

/** A related word as written (for notes) and its search token (stemmed as the index stores it). */
export interface RelatedWord {
  word: string;
  token: string;
}

/** For each search token, the other words of its groups. */
const RELATED: ReadonlyMap<string, readonly RelatedWord[]> = buildRelated(GROUPS);

function buildRelated(groups: string): Map<string, RelatedWord[]> {
  const out = new Map<string, Map<string, RelatedWord>>();
  for (const line of groups.split('\n')) {
    const words = [...new Set(line.split(/\s+/).filter(Boolean))].flatMap((word) => searchTokens(word).map((token) => ({ word, token })));
    for (const { token } of words) {
      const related = out.get(token) ?? new Map<string, RelatedWord>();
      for (const w of words) if (w.token !== token && !related.has(w.token)) related.set(w.token, w);
      out.set(token, related);
    }
  }
  return new Map([...out].map(([token, related]) => [token, [...related.values()]]));
}

/**
 * For each of the query's tokens, the words code may use for the same thing that the query does not already
 * contain (`dictionary` → dict, mapping, hashmap). Query tokens without related words are left out; a related
 * word is listed once, under the first query token that brings it.
 */
export function relatedCodeWords(queryTokens: readonly string[]): Map<string, RelatedWord[]> {
  const own = new Set(queryTokens);
  const out = new Map<string, RelatedWord[]>();
  const taken = new Set<string>();
  for (const t of own) {
    const related = (RELATED.get(t) ?? []).filter((r) => !own.has(r.token) && !taken.has(r.token));
    for (const r of related) taken.add(r.token);
    if (related.length > 0) out.set(t, related);
  }
  return out;
}
