/**
 * How a client search uses the trigram index (clients_name_trgm), chosen from the planner's own sample
 * of the table (pg_stats: most common values and histogram bounds, a hundred or so names).
 */

/** The sample pg_stats keeps of clients: names folded (as the search is), CUIs as stored. */
export interface ClientSample {
  names: string[];
  cuis: string[];
}

export interface SearchPlan {
  /**
   * What of the term the index looks up, the whole term then being checked row by row: its rarest word,
   * or the part of it whose trigrams are rare (narrowed). Null: the index looks up the whole term (one
   * word with no common trigram, or no sample to choose by).
   */
  indexPart: string | null;
  /** Likewise for the CUI: the part of the term's digits the CUI index looks up, or null for all of them. */
  cuiPart: string | null;
  /** No sampled client matches what the index looks up: few matches, counted by the page query itself. */
  fewMatches: boolean;
}

/** The digits of a search that may be a CUI (`RO 123…`, at least two digits), or null. */
export function cuiDigits(search: string): string | null {
  const digits = search.replace(/^ro/, '').replace(/\s+/g, '');
  return /^[0-9]{2,}$/.test(digits) ? digits : null;
}

// pg_trgm takes trigrams from runs of letters and digits: a shorter word (or one such as "s.r.l.") gives
// the index nothing to look up, and it would read all of it.
const indexable = (word: string) => /[\p{L}\p{N}]{3}/u.test(word);

// Above this share of the sample a word is no index lookup: the planner reads the table (or walks
// clients_company_name) instead, and checking the whole term there costs one fold per row, not two.
const INDEX_WORD_MAX_SHARE = 0.1;

/** The trigrams pg_trgm takes from a run of letters and digits inside a LIKE pattern (no padding). */
const trigramsOf = (run: string): string[] => {
  const chars = Array.from(run);
  return chars.slice(2).map((_, i) => chars.slice(i, i + 3).join(''));
};

/** How many sampled values hold each trigram, counted once per sample. */
const trigramCounts = new WeakMap<string[], Map<string, number>>();

function countTrigrams(values: string[]): Map<string, number> {
  let counts = trigramCounts.get(values);
  if (counts) return counts;
  counts = new Map();
  for (const value of values) {
    const seen = new Set((value.match(/[\p{L}\p{N}]+/gu) ?? []).flatMap(trigramsOf));
    for (const trigram of seen) counts.set(trigram, (counts.get(trigram) ?? 0) + 1);
  }
  trigramCounts.set(values, counts);
  return counts;
}

/**
 * The part of a word the index should look up: GIN reads the whole posting list of every trigram of the
 * pattern, and a trigram most values hold ("000" in "0004213" when every CUI or number starts with zeros)
 * costs a read of most of the index while narrowing nothing. So the longest run of consecutive trigrams
 * each in at most INDEX_WORD_MAX_SHARE of the sample (ties: the fewest sampled holders), as the substring
 * they span; the word itself when none of its trigrams is common, or all of them are. Only a word of
 * letters and digits alone is narrowed: pg_trgm splits at anything else.
 */
function narrowed(word: string, values: string[]): string {
  if (!/^[\p{L}\p{N}]+$/u.test(word)) return word;
  const counts = countTrigrams(values);
  const held = trigramsOf(word).map((trigram) => counts.get(trigram) ?? 0);
  const rare = (n: number) => n <= values.length * INDEX_WORD_MAX_SHARE;
  let best: { start: number; length: number; holders: number } | null = null;
  for (let start = 0; start < held.length; start++) {
    if (!rare(held[start]) || (start > 0 && rare(held[start - 1]))) continue;
    let length = 0;
    let holders = 0;
    while (start + length < held.length && rare(held[start + length])) holders += held[start + length++];
    if (!best || length > best.length || (length === best.length && holders < best.holders)) {
      best = { start, length, holders };
    }
  }
  if (!best || best.length === held.length) return word;
  return Array.from(word)
    .slice(best.start, best.start + best.length + 2)
    .join('');
}

/**
 * A term of several words looks up only its rarest word in the sample (ties: the longest): the trigrams of
 * a word every client has ("client", "srl") make GIN read whole posting trees, and a word of the term
 * matches every row the term matches, so no match is lost. Without a sample, or when even the rarest word
 * is common, the whole term. What is looked up is then narrowed to its rare trigrams (narrowed), and a
 * CUI's digits likewise on the sampled CUIs.
 */
export function planSearch(term: string, sample: ClientSample | undefined): SearchPlan {
  if (!sample) return { indexPart: null, cuiPart: null, fewMatches: false };
  const hits = (word: string) => sample.names.filter((name) => name.includes(word)).length;
  let indexWord: string | null = null;
  let fewest = Infinity;
  const words = term.split(/\s+/).filter(Boolean);
  if (words.length > 1) {
    for (const word of words.filter(indexable)) {
      const n = hits(word);
      if (n < fewest || (n === fewest && word.length > (indexWord ?? '').length)) [indexWord, fewest] = [word, n];
    }
  }
  if (fewest > sample.names.length * INDEX_WORD_MAX_SHARE) indexWord = null;
  if (indexWord === null) fewest = hits(term);
  // One word in at most a tenth of the sample: looked up alone when a part of it is rarer.
  const single = words.length === 1 && fewest <= sample.names.length * INDEX_WORD_MAX_SHARE ? term : null;
  const lookedUp = indexWord ?? single;
  const part = lookedUp === null ? null : narrowed(lookedUp, sample.names);
  const digits = cuiDigits(term);
  const cuiHits = digits === null ? 0 : sample.cuis.filter((cui) => cui.includes(digits)).length;
  const cuiPart = digits === null ? null : narrowed(digits, sample.cuis);
  return {
    indexPart: part === single ? indexWord : part,
    cuiPart: cuiPart === digits ? null : cuiPart,
    fewMatches: fewest === 0 && cuiHits === 0,
  };
}
