/**
 * A per-strategy lock: upstream strategies take a `sync.Mutex` around the summarisation loop, so two
 * concurrent before-model calls through the same strategy never summarize at once. JavaScript is
 * single-threaded but async: without this, two calls could interleave at the summarizer `await`.
 */
export function createSerializer(): <T>(work: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work);
    tail = run.catch(() => undefined);
    return run;
  };
}
