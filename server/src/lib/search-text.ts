/** `%term%` for LIKE with the term's own wildcards escaped. */
export const likePattern = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const FOLD_FROM = 'ăâîșşțţĂÂÎȘŞȚŢ';
const FOLD_TO = 'aaisstt' + 'AAISSTT';

/** Romanian diacritics dropped, then lower case: the same as the SQL function dosar_fold (db/search.ts). */
export const fold = (value: string): string =>
  Array.from(value)
    .map((c) => {
      const i = FOLD_FROM.indexOf(c);
      return i >= 0 ? FOLD_TO[i] : c;
    })
    .join('')
    .toLowerCase();
