/**
 * Preloaded into a benched child process (`node --import ./bench/usage-reporter.mjs …`): when the
 * process exits, writes its resource usage as JSON to the file named by BENCH_USAGE_FILE: CPU
 * time (user + system, every thread: worker threads and garbage collection included) and peak
 * resident memory. Only the main thread writes (worker threads inherit the preload).
 */
import { writeFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const file = process.env.BENCH_USAGE_FILE;
if (isMainThread && file) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    writeFileSync(
      file,
      JSON.stringify({
        userMs: usage.userCPUTime / 1000,
        systemMs: usage.systemCPUTime / 1000,
        maxRssKb: usage.maxRSS,
      }),
    );
  });
}
