/**
 * The order vitest hands test files to its workers: the longest first (by the duration vitest
 * cached from the last run), files it has no duration for before all others (a new file may be
 * long), ties by size. With two workers, long files that start early overlap each other and the
 * short ones fill in at the end, so both workers finish together.
 *
 * vitest's own BaseSequencer means to do this, but its comparator mixes keys: a pair where either
 * file has no cached duration is ordered by size instead, so a new or renamed file (split out of
 * a long one, say) can sort after every other and be the last, long file of the run while the
 * other core idles.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const key = (file: TestSpecification) => `${file.project.name}:${relative(this.ctx.config.root, file.moduleId)}`;
    const duration = (file: TestSpecification) => this.ctx.cache.getFileTestResults(key(file))?.duration ?? Number.POSITIVE_INFINITY;
    const size = (file: TestSpecification) => this.ctx.cache.getFileStats(key(file))?.size ?? 0;
    const longestFirst = (a: TestSpecification, b: TestSpecification) => {
      const [da, db] = [duration(a), duration(b)];
      if (da !== db) return db > da ? 1 : -1;
      return size(b) - size(a);
    };
    return [...files].sort(longestFirst);
  }
}
