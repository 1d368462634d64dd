/**
 * The progress bar on stderr: only on an interactive terminal, never with --quiet or NO_COLOR
 * (its cursor control is ANSI), so logs and pipes stay clean. cli-progress is loaded only when a
 * bar is drawn (about 20 ms of start-up that CI logs, pipes and --quiet runs never use).
 */
import { createRequire } from 'node:module';
import type cliProgressModule from 'cli-progress';
import { colorAllowed } from '../harness/report/ansi.ts';

const require = createRequire(import.meta.url);

export interface Progress {
  start(total: number): void;
  tick(label: string): void;
  stop(): void;
}

const SILENT: Progress = { start() {}, tick() {}, stop() {} };

export function createProgress(quiet: boolean): Progress {
  if (quiet || !colorAllowed(process.stderr)) return SILENT;
  const cliProgress = require('cli-progress') as typeof cliProgressModule;
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: 'simulating {bar} {value}/{total} {label}',
      hideCursor: true,
      clearOnComplete: true,
    },
    cliProgress.Presets.shades_classic,
  );
  let running = false;
  return {
    start(total) {
      running = true;
      bar.start(total, 0, { label: '' });
    },
    tick(label) {
      if (running) bar.increment(1, { label });
    },
    stop() {
      if (running) bar.stop();
      running = false;
    },
  };
}
