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
   * The one word of the term the index looks up, the whole term then being checked row by row; null: the
   * index looks up the whole term (one word, or no sample to choose by).
   */
  indexWord: string | null;
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

/**
 * A term of several words looks up only its rarest word in the sample (ties: the longest): the trigrams of
 * a word every client has ("client", "srl") make GIN read whole posting trees, and a word of the term
 * matches every row the term matches, so no match is lost. Without a sample, or when even the rarest word
 * is common, the whole term.
 */
export function planSearch(term: string, sample: ClientSample | undefined): SearchPlan {
  if (!sample) return { indexWord: null, fewMatches: false };
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
  const digits = cuiDigits(term);
  const cuiHits = digits === null ? 0 : sample.cuis.filter((cui) => cui.includes(digits)).length;
  return { indexWord, fewMatches: fewest === 0 && cuiHits === 0 };
}
