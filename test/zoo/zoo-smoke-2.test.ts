/** The other half of the zoo smoke check (helpers/zoo-smoke.ts; the first half is zoo-smoke.test.ts). */
import { describe } from 'vitest';
import { zooSmoke } from './helpers/zoo-smoke.ts';

describe('the zoo over the seed suites (second half)', () => {
  zooSmoke('zoo-smoke-2.test.ts');
});
