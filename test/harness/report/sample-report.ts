/**
 * Hand-built suite reports for reporter tests (no world needed): a session whose tokens climb
 * step by step, get summarized when they cross the threshold, and overflow once.
 */
import type { ResolvedScenario } from '../../../src/harness/scenario/index.ts';
import type { ScenarioOutcome } from '../../../src/harness/run/run-suite.ts';
import { buildSuiteReport, type SuiteReport } from '../../../src/harness/report/suite-report.ts';
import type { SessionResult, SessionTotals, StepRecord } from '../../../src/world/session-result.ts';
import type { WorldScenario } from '../../../src/world/world-scenario.ts';

export function sampleWorld(name: string, contextWindow: number): WorldScenario {
  return {
    name,
    seed: 7,
    flavour: 'adk-js',
    agentName: 'assistant',
    systemPrompt: null,
    toolDeclarations: null,
    declareCalledTools: true,
    exposeUserContent: true,
    summarizer: { reply: 'fixed', text: 'summary', exceedFactor: 3, contextWindow: null, faults: [] },
    phases: [
      {
        name: 'main',
        modelName: 'sim-model',
        contextWindow,
        usageMetadata: true,
        tokenModel: { kind: 'ratio', ratio: 2 },
        streamingChunks: 0,
      },
    ],
    turns: Array.from({ length: 4 }, (_, index) => ({
      index,
      phase: 0,
      user: { text: `turn ${index}` },
      attachments: [],
      toolCalls: [],
      sequential: false,
      modelResponse: { kind: 'prose' as const, size: 100 },
    })),
    thrash: { count: 3, withinSteps: 5 },
    maxLlmCallsPerTurn: 500,
  };
}

export function sampleScenario(name: string, strategy: string, contextWindow: number): ResolvedScenario {
  return {
    id: `scenarios/${name}.yaml#${name}`,
    file: `scenarios/${name}.yaml`,
    name,
    description: '',
    world: sampleWorld(name, contextWindow),
    strategy: {
      name: strategy,
      options: strategy === 'threshold' ? { maxCompactionAttempts: 3 } : {},
      baseDir: '/somewhere/absolute/scenarios',
    },
    expect: { noOverflow: true },
    accept: [],
    reproduces: [],
  };
}

/** Tokens grow by `growth` per step; a summarization brings them back to `floor` when above `trigger`. */
export function sampleSteps(
  count: number,
  contextWindow: number,
  options: { growth: number; trigger: number; floor: number; overflowAt?: number },
): StepRecord[] {
  const steps: StepRecord[] = [];
  let tokens = options.floor;
  for (let step = 0; step < count; step += 1) {
    const before = tokens + options.growth;
    const summarize = before >= options.trigger;
    const after = step === options.overflowAt ? contextWindow + 400 : summarize ? options.floor : before;
    steps.push({
      step,
      turn: Math.floor(step / 3),
      label: step % 3 === 0 ? 'user' : 'tool-results',
      clock: step * 10,
      contextWindow,
      contentsBefore: step + 1,
      contentsAfter: summarize ? 2 : step + 1,
      heuristicBefore: Math.floor(before / 2),
      heuristicAfter: Math.floor(after / 2),
      realBefore: before,
      realAfter: after,
      overflow: after > contextWindow,
      shortCircuited: false,
      summarizerCalls: summarize
        ? [
            {
              inputTokens: before,
              inputRealTokens: before,
              contextWindow,
              maxOutputTokens: 800,
              outputTokens: 30,
              outcome: 'ok',
            },
          ]
        : [],
      reinjection: !summarize && step > 0 && step % 4 === 0,
      trimmed: false,
      compacted: after < before,
      cacheChurn: 0,
      uncachedTokens: 0,
      orphanCalls: 0,
      orphanResponses: 0,
      userRequestPresent: true,
    });
    tokens = after > contextWindow ? options.floor : after;
  }
  return steps;
}

export function totalsOf(steps: readonly StepRecord[], contextWindow: number): SessionTotals {
  const peak = Math.max(...steps.map((s) => s.realAfter));
  const summarizations = steps.filter((s) => s.summarizerCalls.length > 0).length;
  return {
    turns: 4,
    llmSteps: steps.length,
    summarizations,
    summarizerCalls: summarizations,
    reinjections: steps.filter((s) => s.reinjection).length,
    trimmedSteps: 0,
    fallbacks: 0,
    compactedSteps: steps.filter((s) => s.compacted).length,
    overflowSteps: steps.filter((s) => s.overflow).length,
    peakRealTokens: peak,
    peakPercent: Math.round((peak / contextWindow) * 1000) / 10,
    summarizerInputTokens: 0,
    summarizerOverflows: 0,
    loops: 0,
    thrash: 0,
    orphanSteps: 0,
    missingUserRequestSteps: 0,
    cacheChurnTotal: 0,
    finalHistoryTokens: steps.reduce((sum, s) => sum + s.heuristicBefore, 0),
  };
}

export function sampleResult(name: string, steps: StepRecord[], contextWindow: number): SessionResult {
  return {
    scenario: name,
    seed: 7,
    totals: totalsOf(steps, contextWindow),
    steps,
    failure: null,
    traceDigest: `digest-${name}`,
  };
}

/**
 * A real-summarizer run of one scenario (declaring an oversize fault) whose summarizations got, in
 * turn: a long summary on two lines, an error status, an empty answer, a short summary.
 */
export function realSummarizerReport(): SuiteReport {
  const answers = [
    { outcome: 'ok' as const, summary: `The user <asked> | to check pods.\nNext: read ${'logs '.repeat(200)}TAIL` },
    { outcome: 'error' as const, failure: '{"error":{"code":429,"message":"quota exhausted"}}' },
    { outcome: 'empty' as const, summary: '', failure: 'the model answered no text' },
    { outcome: 'ok' as const, summary: 'Short summary.' },
  ];
  let call = 0;
  const steps = sampleSteps(30, 8000, { growth: 900, trigger: 6400, floor: 1200 }).map((step) => ({
    ...step,
    summarizerCalls: step.summarizerCalls.map((record) => ({ ...record, ...answers[call++ % answers.length]! })),
  }));
  const scenario = sampleScenario('real-run', 'threshold', 8000);
  const world = {
    ...scenario.world,
    summarizer: { ...scenario.world.summarizer, faults: [{ kind: 'oversize' as const, calls: [2, 3] }] },
  };
  const outcomes: ScenarioOutcome[] = [
    {
      scenario: { ...scenario, world },
      result: sampleResult('real-run', steps, 8000),
      failures: [],
      accepted: [],
      infeasible: [],
      reproduced: [],
    },
  ];
  return buildSuiteReport(outcomes, '/somewhere/absolute', { model: 'gemini-2.5-flash', timeoutMs: 30_000 });
}

/** Three scenarios: one passing threshold run, one overflowing (failing) run, one hung strategy. */
export function sampleReport(): SuiteReport {
  const passingSteps = sampleSteps(30, 8000, { growth: 900, trigger: 6400, floor: 1200 });
  const failingSteps = sampleSteps(24, 16000, { growth: 1600, trigger: 14000, floor: 2000, overflowAt: 17 });
  const outcomes: ScenarioOutcome[] = [
    {
      scenario: sampleScenario('steady-threshold', 'threshold', 8000),
      result: sampleResult('steady-threshold', passingSteps, 8000),
      failures: [],
      accepted: [
        {
          property: 'no-thrash',
          strategy: 'threshold',
          reason: 'summarizes <every> turn & on purpose',
          message: 'no-thrash: 3 summarizations within 3 steps',
        },
      ],
      infeasible: [
        {
          property: 'no-overflow',
          reason: 'fixed-overhead-over-window',
          detail: 'system prompt + tool declarations = 9000 real tokens > window 8000',
          message: 'no-overflow: step 3 sent it all',
        },
      ],
      reproduced: [
        {
          property: 'no-orphans',
          strategy: 'threshold',
          issue: 'owner/repo#42',
          message: 'no-orphans: step 5 sent 1 response without its call',
        },
      ],
    },
    {
      scenario: {
        ...sampleScenario('overflow <&> "quoted" | piped', 'sliding_window', 16000),
        description: 'Replay of <agent>.jsonl | open loop: 2 requests failed & were left out.',
      },
      result: sampleResult('overflow', failingSteps, 16000),
      failures: [
        {
          expectation: 'noOverflow',
          message: 'noOverflow: 1 step sent more than the window (first: step 17, turn 5, 16,400 > 16,000) & <more>',
        },
      ],
      accepted: [],
      infeasible: [],
      reproduced: [],
    },
    {
      scenario: sampleScenario('hung', './strategies/hang.ts', 8000),
      result: null,
      failures: [{ expectation: 'strategy-hung', message: 'strategy-hung: no result within 500 ms' }],
      accepted: [],
      infeasible: [],
      reproduced: [],
    },
  ];
  return buildSuiteReport(outcomes, '/somewhere/absolute');
}
