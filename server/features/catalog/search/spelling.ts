import { distance } from 'fastest-levenshtein';
import type { SearchTerm } from './search';

/**
 * Typo tolerance for search ("iphne", "samsang galxy", "blutooth speaker"): the words of the
 * names and brands on sale form a vocabulary; a query word that begins no vocabulary word is
 * replaced by the nearest one by edit distance (Levenshtein: one insertion, deletion or
 * substitution per step), at most 1 step away for words of up to 5 letters and 2 for longer
 * ones, the more common word winning a tie. The same code runs on SQLite and PostgreSQL, so
 * both correct a query alike.
 */

/** word (lower case, accents folded) -> how many products on sale use it in name or brand. */
export type Vocabulary = ReadonlyMap<string, number>;

/** Lower case, accents folded, the same runs of letters and digits searchTerms() reads. */
export function foldedWords(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

export function buildVocabulary(texts: Iterable<string>): Vocabulary {
  const vocabulary = new Map<string, number>();
  for (const text of texts) {
    for (const word of new Set(foldedWords(text))) {
      if (word.length >= 2) vocabulary.set(word, (vocabulary.get(word) ?? 0) + 1);
    }
  }
  return vocabulary;
}

/** Edit steps a word of this length may be away from what was meant. */
function allowedDistance(length: number): number {
  if (length <= 2) return 0;
  return length <= 5 ? 1 : 2;
}

/** The vocabulary word nearest `word`, or null when it already begins one or none is near enough. */
function nearest(word: string, vocabulary: Vocabulary, sortedWords: readonly string[]): string | null {
  const max = allowedDistance(word.length);
  if (max === 0) return null;
  // A word that begins (or is) a vocabulary word is what the shopper typed so far: keep it.
  if (hasPrefix(sortedWords, word)) return null;
  let best: string | null = null;
  let bestDistance = max + 1;
  let bestCount = 0;
  for (const [candidate, count] of vocabulary) {
    if (Math.abs(candidate.length - word.length) > max) continue;
    const d = distance(word, candidate);
    if (d < bestDistance || (d === bestDistance && best !== null && (count > bestCount || (count === bestCount && candidate < best)))) {
      best = candidate;
      bestDistance = d;
      bestCount = count;
    }
  }
  return bestDistance <= max ? best : null;
}

function hasPrefix(sortedWords: readonly string[], prefix: string): boolean {
  let low = 0;
  let high = sortedWords.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sortedWords[mid]! < prefix) low = mid + 1;
    else high = mid;
  }
  return low < sortedWords.length && sortedWords[low]!.startsWith(prefix);
}

/** The terms with misspelt words replaced, or null when no word needed (or found) a correction. */
export function correctTerms(terms: readonly SearchTerm[], vocabulary: Vocabulary): SearchTerm[] | null {
  const sortedWords = [...vocabulary.keys()].sort();
  let changed = false;
  const corrected = terms.map((term) => {
    const folded = foldedWords(term.word).join('');
    const better = folded ? nearest(folded, vocabulary, sortedWords) : null;
    if (!better) return term;
    changed = true;
    return { word: better, prefix: false };
  });
  return changed ? corrected : null;
}
