/**
 * `compaction-sim import`: writes replay scenarios that `simulate` plays, and refuses a bad log
 * with exit 2, the file, the line and what is missing (never a stack).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT_BAD_INPUT, EXIT_OK } from '../../src/cli/exit-codes.ts';
import { cliMain, runCli, runNode, STACK_LINE, tempDir } from './run-cli.ts';

const LOGS = 'test/fixtures/logs';

describe('compaction-sim import', () => {
  it('writes one replay scenario per session, which simulate then plays', async () => {
    const out = tempDir('import');
    const imported = await runNode([
      cliMain(),
      'import',
      `${LOGS}/codex-rollout-realistic.jsonl`,
      `${LOGS}/atif-realistic.json`,
      '--from',
      'codex-rollout',
      '--out',
      out,
    ]);
    // One file in a format the other is not: the whole import is refused and nothing is written.
    expect(imported.code).toBe(EXIT_BAD_INPUT);
    expect(imported.stderr).toMatch(/^compaction-sim: test\/fixtures\/logs\/atif-realistic\.json/);
    const ok = await runNode([
      cliMain(),
      'import',
      `${LOGS}/codex-rollout-realistic.jsonl`,
      '--from',
      'codex-rollout',
      '--out',
      out,
    ]);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(EXIT_OK);
    expect(ok.stdout).toMatch(/^wrote .*codex-rollout-realistic\.yaml\n/);
    // The recorded compaction, beside the size the replay had there without compaction.
    expect(ok.stdout).toMatch(
      /recorded compaction \(trigger not recorded\) before turn 1, call 0: size not recorded; \d+ tokens in the replay without compaction/,
    );
    const text = readFileSync(join(out, 'codex-rollout-realistic.yaml'), 'utf8');
    expect(text).toMatch(/^# yaml-language-server: \$schema=/);
    // Its own report folder: the default one is shared with every other test that plays simulate
    // without one, and a run finding its lock held exits 2.
    const simulated = await runCli([
      'simulate',
      join(out, 'codex-rollout-realistic.yaml'),
      '--strategy',
      'threshold',
      '--report-dir',
      join(out, 'report'),
    ]);
    expect(simulated.stderr).not.toMatch(STACK_LINE);
    expect(simulated.code).toBe(EXIT_OK);
  });

  it('a broken log is exit 2 with the file, the line and what is missing', async () => {
    const out = tempDir('import-bad');
    const result = await runNode([
      cliMain(),
      'import',
      `${LOGS}/claude-code-hostile.jsonl`,
      '--from',
      'claude-code',
      '--out',
      out,
    ]);
    expect(result.code).toBe(EXIT_BAD_INPUT);
    expect(result.stderr).toContain(
      "test/fixtures/logs/claude-code-hostile.jsonl:2:1: message: call 'toolu_1' to Bash has no result before the next user message",
    );
    expect(result.stderr).not.toMatch(STACK_LINE);
  });

  it('checks recorded usage per file after import (raw, calibrated, held out), --redact writes filler instead of the texts, --fill-unrecorded-prefix says why it adds none', async () => {
    const out = tempDir('import-check');
    const result = await runNode([
      cliMain(),
      'import',
      `${LOGS}/adk-spans-realistic.json`,
      '--from',
      'adk-spans',
      '--out',
      out,
      '--redact',
      '--fill-unrecorded-prefix',
    ]);
    expect(result.code).toBe(EXIT_OK);
    expect(result.stdout).toMatch(
      /adk-spans-realistic\.yaml:\n {2}request size vs recorded input tokens: \d\/2 within ±5 % \([\d.]+ %; bar 95 %\): (pass|FAIL)\n {2}calibrated token model: recorded ≈ [\d.]+ × our count [+−] \d+ \(Theil–Sen on 2 requests\)\n {2}held out: too few requests to hold any out \(2; 4 needed\): unchecked\n/,
    );
    expect(result.stdout).toMatch(
      /adk-spans-realistic\.yaml: no unrecorded prefix filled: 2 request\(s\) with usage before any recorded compaction, too few to estimate the prefix \(4 needed\)\n/,
    );
    const text = readFileSync(join(out, 'adk-spans-realistic.yaml'), 'utf8');
    expect(text).not.toContain('Where is order 1042?');
    expect(text).toContain('lookup_order');
  });

  it('an unknown format is a usage error', async () => {
    const result = await runNode([
      cliMain(),
      'import',
      `${LOGS}/atif-realistic.json`,
      '--from',
      'langsmith',
      '--out',
      tempDir('import-usage'),
    ]);
    expect(result.code).toBe(EXIT_BAD_INPUT);
    expect(result.stderr).toMatch(/Invalid values:[\s\S]*langsmith/);
  });
});
