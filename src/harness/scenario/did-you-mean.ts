/** "did you mean 'size'?" for typos in field names and enum values. */

/** Levenshtein distance (case-insensitive): small words, so the plain O(n·m) table is fine. */
export function editDistance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost));
    }
    previous = current;
  }
  return previous[y.length]!;
}

/** The closest candidate within a typo's reach (a third of the word, at least 2 edits), or null. */
export function closestMatch(word: string, candidates: Iterable<string>): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(word, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const reach = Math.max(2, Math.floor(word.length / 3));
  return bestDistance <= reach ? best : null;
}
