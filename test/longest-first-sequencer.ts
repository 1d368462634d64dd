/**
 * The order vitest hands test files to its workers: the longest first (by the duration vitest
 * cached from the last run, else the one recorded in test/file-durations.json: a fresh clone, as
 * in CI, has no cache), files with neither before all others (a new file may be long), ties by
 * size. `npm run test:durations` records the durations of the last run. With two workers, long
 * files that start early overlap each other and the short ones fill in at the end, so both
 * workers finish together.
 *
 * vitest's own BaseSequencer means to do this, but its comparator mixes keys: a pair where either
 * file has no cached duration is ordered by size instead, so a new or renamed file (split out of
 * a long one, say) can sort after every other and be the last, long file of the run while the
 * other core idles.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Durations (ms) by test file path, recorded by test/update-file-durations.ts. */
export const FILE_DURATIONS = 'test/file-durations.json';

function recordedDurations(root: string): Readonly<Record<string, number>> {
  const file = `${root}/${FILE_DURATIONS}`;
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>) : {};
}

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const path = (file: TestSpecification) => relative(this.ctx.config.root, file.moduleId);
    const key = (file: TestSpecification) => `${file.project.name}:${path(file)}`;
    const recorded = recordedDurations(this.ctx.config.root);
    const duration = (file: TestSpecification) =>
      this.ctx.cache.getFileTestResults(key(file))?.duration ?? recorded[path(file)] ?? Number.POSITIVE_INFINITY;
    const size = (file: TestSpecification) => this.ctx.cache.getFileStats(key(file))?.size ?? 0;
    const longestFirst = (a: TestSpecification, b: TestSpecification) => {
      const [da, db] = [duration(a), duration(b)];
      if (da !== db) return db > da ? 1 : -1;
      return size(b) - size(a);
    };
    return [...files].sort(longestFirst);
  }
}
