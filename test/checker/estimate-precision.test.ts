/**
 * `estimate-precision`: a strategy that declares its estimator never undercounts a kind of content
 * beyond its declared tolerance, nor overcounts one beyond the share it declares. The probes of a
 * hand-made scenario against ContextGuard's count and four planted estimators (system instruction
 * skipped, tool declarations skipped, UTF-16 units for CJK and emoji, calls counted a third
 * high), under a ratio and a BPE token model; then the fuzzer telling each
 * planted bug from its correct twin, and not judging a strategy that declares nothing.
 */
import { describe, expect, it } from 'vitest';
import {
  estimatePrecision,
  estimateProbes,
  toleranceFor,
  miscountedKind,
} from '../../src/checker/properties/estimate-precision.ts';
import { CONTEXTGUARD_DECLARED_ESTIMATE } from '../../src/engine/tokens/declared-estimate.ts';
import type { CompactionStrategy, DeclaredEstimate } from '../../src/engine/types.ts';
import estimateOvercountsCalls from '../../src/fuzz/planted-bugs/estimate-overcounts-calls.ts';
import estimateSkipsSystemInstruction from '../../src/fuzz/planted-bugs/estimate-skips-system-instruction.ts';
import estimateSkipsToolDeclarations from '../../src/fuzz/planted-bugs/estimate-skips-tool-declarations.ts';
import estimateUtf16 from '../../src/fuzz/planted-bugs/estimate-utf16.ts';
import { runFuzz } from '../../src/fuzz/run/run-fuzz.ts';
import { resolveScenario } from '../../src/harness/scenario/index.ts';
import { createTokenModel, ratioTokenModel } from '../../src/world/models/token-models.ts';

const world = resolveScenario(
  {
    name: 'kinds',
    seed: 1,
    session: { contextWindow: 8000, systemPrompt: 2000, tools: { count: 3, schemaSize: 600 } },
    turns: [
      { user: { size: 900, kind: 'cjk' }, tools: [{ name: 'read_file', size: 1200, kind: 'emoji' }] },
      { user: 'Summarize what you found', attachments: [{ mimeType: 'image/png', size: 3000 }] },
      // The Go simulator's "xxx…" responses, which a BPE tokenizer packs tighter than prose: ContextGuard overcounts them.
      { user: 'And the raw dump?', tools: [{ name: 'read_file', size: 2000, kind: 'x' }] },
    ],
  },
  { file: 'kinds.yaml', baseDir: process.cwd() },
).world;

const declared = (strategy: CompactionStrategy): DeclaredEstimate => strategy.declarations!.estimate!;

describe('estimate-precision on the probes of one scenario', () => {
  const probes = estimateProbes(world);

  it('probes each kind the scenario holds, and the server tool parts it never does', () => {
    const names = new Set(probes.map((probe) => probe.name));
    for (const name of [
      'system-instruction',
      'tool-declarations',
      'text:cjk',
      'text:prose',
      'tool-response:emoji',
      'tool-response:x',
      'function-call',
      'inline-data',
      'server-tool-call',
      'server-tool-response',
    ])
      expect(names).toContain(name);
    expect(names).not.toContain('text:json');
  });

  it("holds for ContextGuard's count under a ratio and a BPE token model", async () => {
    expect(miscountedKind(probes, CONTEXTGUARD_DECLARED_ESTIMATE, ratioTokenModel(2))).toBeNull();
    expect(miscountedKind(probes, CONTEXTGUARD_DECLARED_ESTIMATE, ratioTokenModel(4.7))).toBeNull();
    expect(
      miscountedKind(
        probes,
        CONTEXTGUARD_DECLARED_ESTIMATE,
        await createTokenModel({ kind: 'tiktoken', encoding: 'o200k_base' }),
      ),
    ).toBeNull();
    // It declares no overcount bound under a tokenizer: BPE packs the `x` texts 15-33 % tighter than len/4, beyond 5 %.
    const cl100k = await createTokenModel({ kind: 'tiktoken', encoding: 'cl100k_base' });
    expect(miscountedKind(probes, CONTEXTGUARD_DECLARED_ESTIMATE, cl100k)).toBeNull();
    expect(miscountedKind(probes, { ...CONTEXTGUARD_DECLARED_ESTIMATE, tokenizerOvercount: 0.05 }, cl100k)).toMatch(
      /for tool-response:x \(\d+ bytes\) .* % over, beyond its declared overcount of 5 %/,
    );
  });

  it('fails each planted estimator on the kind it undercounts', async () => {
    const ratio = ratioTokenModel(2);
    expect(miscountedKind(probes, declared(estimateSkipsSystemInstruction()), ratio)).toMatch(
      /^counts 0 tokens .* for system-instruction \(2000 bytes\) where the provider counts \d+: 100 % under, beyond its declared tolerance of 5 %$/,
    );
    expect(miscountedKind(probes, declared(estimateSkipsToolDeclarations()), ratio)).toMatch(
      /for tool-declarations .* 100 % under/,
    );
    expect(miscountedKind(probes, declared(estimateUtf16()), ratio)).toMatch(
      /for text:cjk \(400 bytes\) .* 6[67](\.\d+)? % under/,
    );
    // Under a real tokenizer the tolerance is the documented bound of a byte-level BPE (85 %, docs/properties.md):
    // a skipped field still falls beyond it; UTF-16 units for CJK (about a third of BPE's count) do not, and only
    // the ratio token models (12 fuzz draws in 13) catch them. The old tolerances, fitted to threshold's measured
    // errors, caught them here too, at the price of a number no documentation supports.
    const bpe = await createTokenModel({ kind: 'tiktoken', encoding: 'o200k_base' });
    expect(miscountedKind(probes, declared(estimateUtf16()), bpe)).toBeNull();
    expect(miscountedKind(probes, declared(estimateSkipsSystemInstruction()), bpe)).toMatch(/for system-instruction/);
    expect(miscountedKind(probes, declared(estimateSkipsToolDeclarations()), bpe)).toMatch(/for tool-declarations/);
  });

  it('fails an estimator that overcounts a kind beyond its declared overcount, and judges no overcount it does not declare', async () => {
    const overcounting = declared(estimateOvercountsCalls());
    const bpe = await createTokenModel({ kind: 'tiktoken', encoding: 'o200k_base' });
    // Judged under the ratio models; under a tokenizer no documented bound limits an overcount (not judged).
    expect(miscountedKind(probes, overcounting, bpe)).toBeNull();
    for (const model of [ratioTokenModel(2), ratioTokenModel(4.7)]) {
      expect(miscountedKind(probes, overcounting, model)).toMatch(
        /^counts [\d.]+ tokens \(calibrated on plain prose: x[\d.]+\) for function-call \(400 bytes\) where the provider counts \d+: \d+(\.\d+)? % over, beyond its declared overcount of 5 %$/,
      );
    }
    // The same estimator, declaring no bound on overcounting: not judged for it.
    const { overcount: _, ...undeclared } = overcounting;
    expect(miscountedKind(probes, undeclared, ratioTokenModel(2))).toBeNull();
    // A bound under a real tokenizer of its own.
    expect(miscountedKind(probes, { ...overcounting, tokenizerOvercount: 0.5 }, bpe)).toBeNull();
    expect(miscountedKind(probes, { ...overcounting, tokenizerOvercount: 0.5 }, ratioTokenModel(2))).toMatch(/% over/);
  });

  it('fails, never crashes on, an estimator that throws or counts no number', () => {
    const throwing: CompactionStrategy = {
      name: 'throwing',
      compact: () => undefined,
      declarations: {
        estimate: {
          ...CONTEXTGUARD_DECLARED_ESTIMATE,
          tokens: () => {
            throw new TypeError('boom');
          },
        },
      },
    };
    const violation = estimatePrecision.check(world, { steps: [] } as never, undefined, throwing);
    expect(violation?.message).toBe('its declared estimator threw: boom (token model ratio:2)');
    const nan: CompactionStrategy = {
      ...throwing,
      declarations: { estimate: { ...CONTEXTGUARD_DECLARED_ESTIMATE, tokens: () => Number.NaN } },
    };
    expect(estimatePrecision.check(world, { steps: [] } as never, undefined, nan)?.message).toBe(
      'its declared estimator threw: it counted NaN (token model ratio:2)',
    );
  });

  it('reads a tolerance by probe name, then content kind, then default', () => {
    const tolerance = { default: 0.1, cjk: 0.5, 'tool-response:cjk': 0.7 };
    expect(toleranceFor(tolerance, { name: 'tool-response:cjk', contentKind: 'cjk' })).toBe(0.7);
    expect(toleranceFor(tolerance, { name: 'text:cjk', contentKind: 'cjk' })).toBe(0.5);
    expect(toleranceFor(tolerance, { name: 'system-instruction', contentKind: null })).toBe(0.1);
    expect(toleranceFor(0.2, { name: 'text:cjk', contentKind: 'cjk' })).toBe(0.2);
  });
});

describe('estimate-precision in the fuzzer', () => {
  // A planted bug (`caught`) is caught within the same 12 runs; exploring stops at its first
  // failing run, the one shrunk either way (planted-bugs.test.ts does the same).
  const fuzz = (name: string, caught = false) =>
    runFuzz({
      strategy: { name, options: {} },
      runs: 12,
      seed: 1,
      properties: ['estimate-precision'],
      outDir: null,
      cwd: process.cwd(),
      maxShrinkCandidates: 10,
      stopAtFirstFailure: caught,
    });

  it('catches each planted estimator where its correct twin and threshold hold', { timeout: 240_000 }, async () => {
    for (const correct of ['./test/fuzz/fixtures/estimating-strategy.ts', 'threshold']) {
      expect((await fuzz(correct)).properties[0]).toMatchObject({ checked: 12, failed: 0 });
    }
    const caught = {
      './src/fuzz/planted-bugs/estimate-skips-system-instruction.ts': /for system-instruction/,
      './src/fuzz/planted-bugs/estimate-skips-tool-declarations.ts': /for tool-declarations/,
      './src/fuzz/planted-bugs/estimate-utf16.ts': /for (text|tool-response):(cjk|emoji)/,
      './src/fuzz/planted-bugs/estimate-overcounts-calls.ts':
        /for (function-call|server-tool-call) .* % over, beyond its declared overcount of 5 %/,
    };
    for (const [bug, message] of Object.entries(caught)) {
      const [tally] = (await fuzz(bug, true)).properties;
      expect(tally!.failed, bug).toBeGreaterThan(0);
      expect(tally!.counterexample!.failure.violation.message).toMatch(message);
    }
  });

  it('does not judge a strategy that declares no estimator', { timeout: 60_000 }, async () => {
    const report = await runFuzz({
      strategy: { name: 'sliding_window', options: {} },
      runs: 3,
      seed: 1,
      properties: ['estimate-precision'],
      outDir: null,
      cwd: process.cwd(),
    });
    expect(report.properties[0]).toMatchObject({ checked: 0, notChecked: 3, failed: 0 });
  });
});
