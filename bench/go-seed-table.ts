/**
 * The 47 multi-turn tests of the Go simulator (contextguard spec §11a) as WorldScenarios, with the
 * assertions each makes. `LateUsageMetadata` is two independent sessions, so there are 48 entries.
 * Used by the bench when the scenario files are absent, and by the world's Go-compatibility test.
 */
import { goScenario, turnsOf, type GoSessionConfig, type GoTurn } from '../src/world/go-compat/go-scenario.ts';
import type { WorldScenario } from '../src/world/world-scenario.ts';

export interface GoSeedCase {
  readonly test: string;
  readonly scenario: WorldScenario;
  /** NO-OVF */
  readonly noOverflow: boolean;
  /** C>0 → 1, C≥n → n, none → 0 (counted compactions: steps whose request got smaller). */
  readonly compactionsMin: number;
}

type Tool = { name: string; size: number };
const t = (name: string, size: number): Tool => ({ name, size });
const range = (prefix: string, from: number, to: number, size: number): Tool[] =>
  Array.from({ length: to - from + 1 }, (_, k) => t(`${prefix}${from + k}`, size));

const S200 = (sys: number, usage: boolean, ratio: number, model = usage ? 'claude-sonnet' : 'custom-model') =>
  ({
    contextWindow: 200_000,
    systemPromptSize: sys,
    modelName: model,
    hasUsageMetadata: usage,
    tokenRatio: ratio,
  }) satisfies GoSessionConfig;
const S8 = (sys: number, usage: boolean, ratio: number, model = usage ? 'small-model' : 'custom-model') =>
  ({
    contextWindow: 8_000,
    systemPromptSize: sys,
    modelName: model,
    hasUsageMetadata: usage,
    tokenRatio: ratio,
  }) satisfies GoSessionConfig;

const long = (n: number) => ({ longMessage: n });
const every = (n: number, turn: (i: number) => GoTurn) => turnsOf(n, turn);
const fixed = (...turns: GoTurn[]) => turns;

function c(
  test: string,
  cfg: GoSessionConfig,
  turns: readonly GoTurn[],
  noOverflow: boolean,
  compactionsMin = 0,
): GoSeedCase {
  return { test, scenario: goScenario({ ...cfg, name: test }, turns), noOverflow, compactionsMin };
}

export function goSeedCases(): GoSeedCase[] {
  return [
    c(
      'TestStress_200k_NormalConversation',
      S200(2000, true, 2.0),
      every(30, () => ({
        user: 'Turn %d: Can you help me debug the issue with the API endpoint returning 500 errors? I have checked the logs and the stack trace points to the database connection pool.',
      })),
      true,
    ),
    c(
      'TestStress_200k_ToolHeavy',
      S200(3000, true, 2.0),
      every(20, () => ({
        user: 'Turn %d: Check the pod status and retrieve the logs',
        toolCalls: [t('kubectl_get_pods', 10000), t('kubectl_describe', 5000), t('kubectl_logs', 20000)],
      })),
      true,
      1,
    ),
    c(
      'TestStress_200k_SingleGiantToolResponse',
      S200(2000, true, 2.0),
      fixed(
        { user: 'Get all pods in JSON format for analysis', toolCalls: [t('kubectl_get_pods', 300000)] },
        { user: 'Now analyze the pod statuses and identify failures' },
        { user: 'What about the failing ones? Show me the details' },
      ),
      true,
    ),
    c(
      'TestStress_200k_ToolBurst_10Parallel',
      S200(2000, true, 2.0),
      fixed(
        { user: 'Debug the full stack with all available tools', toolCalls: range('tool_', 1, 10, 5000) },
        { user: 'What did you find in all those tool results?' },
        { user: 'Can you fix the issues?', toolCalls: [t('edit_file', 2000), t('run_tests', 10000)] },
      ),
      true,
    ),
    c(
      'TestStress_200k_NoUsageMetadata',
      S200(2000, false, 2.5),
      every(25, () => ({
        user: 'Turn %d: Help me with the deployment of this service to Kubernetes',
        toolCalls: [t('kubectl', 8000)],
      })),
      true,
    ),
    c(
      'TestStress_200k_LongRunning_50Turns',
      S200(3000, true, 2.2),
      every(50, (i) => ({
        user: 'Turn %d: Continue investigating the performance issue with the database connection pool and the slow queries',
        toolCalls: i % 3 === 0 ? [t('search', 5000), t('fetch', 15000)] : [],
      })),
      true,
    ),
    c(
      'TestStress_200k_HighTokenRatio',
      S200(5000, true, 3.0),
      every(15, () => ({ user: 'Turn %d: Check system status for all nodes', toolCalls: [t('status', 10000)] })),
      true,
    ),
    c(
      'TestStress_200k_VeryHighTokenRatio_4x',
      S200(3000, true, 4.0),
      every(10, () => ({ user: 'Turn %d: analyze the JSON schema definition', toolCalls: [t('read_schema', 20000)] })),
      true,
    ),
    c(
      'TestStress_200k_LargeSystemPrompt',
      S200(50000, true, 2.0),
      every(20, () => ({ user: 'Turn %d: Continue the analysis', toolCalls: [t('tool', 5000)] })),
      true,
    ),
    c(
      'TestStress_200k_MassiveToolBurst',
      S200(3000, true, 2.0),
      fixed(
        { user: 'Analyze all services in the cluster', toolCalls: range('service_', 0, 14, 50000) },
        { user: 'Summarize the findings from all services' },
      ),
      true,
      1,
    ),
    c(
      'TestStress_200k_RepeatedCompactions',
      S200(5000, true, 2.0),
      every(60, (i) => ({
        user: 'Turn %d: Analyze the next batch of data from the pipeline',
        toolCalls: i % 2 === 0 ? [t('fetch_data', 30000), t('process', 10000)] : [],
      })),
      true,
      2,
    ),
    c(
      'TestStress_200k_LateUsageMetadata#phase1',
      S200(2000, false, 2.0),
      every(5, () => ({ user: 'Phase1 turn %d: initial exploration', toolCalls: [t('tool', 5000)] })),
      true,
    ),
    c(
      'TestStress_200k_LateUsageMetadata#phase2',
      S200(2000, true, 2.5, 'custom-model'),
      every(20, () => ({ user: 'Phase2 turn %d: deeper investigation', toolCalls: [t('tool', 10000)] })),
      true,
    ),
    c(
      'TestStress_200k_100Turns_MixedWorkload',
      S200(5000, true, 2.3),
      every(100, (i) => ({
        user: 'Turn %d: Continue the multi-step investigation of the distributed system failure across clusters',
        toolCalls:
          i % 10 === 0
            ? [t('big_fetch', 50000)]
            : i % 5 === 0
              ? [t('small_tool', 2000), t('medium_tool', 5000)]
              : i % 3 === 0
                ? [t('query', 1000)]
                : [],
      })),
      true,
    ),
    c(
      'TestStress_8k_NormalConversation',
      S8(500, true, 1.8),
      every(20, () => ({ user: long(800) })),
      true,
      1,
    ),
    c(
      'TestStress_8k_SmallToolCalls',
      S8(500, true, 1.8),
      every(15, () => ({ user: long(500), toolCalls: [t('web_search', 1000)] })),
      true,
      1,
    ),
    c(
      'TestStress_8k_LargeToolResponse',
      S8(500, true, 1.8),
      fixed(
        { user: 'Get the full log file from the production server for analysis', toolCalls: [t('read_file', 20000)] },
        { user: 'What errors are in the log file? List them all' },
        { user: 'Fix the first error you found' },
      ),
      false,
      1,
    ),
    c(
      'TestStress_8k_NoUsageMetadata',
      S8(300, false, 2.0),
      every(25, () => ({ user: long(800), toolCalls: [t('tool', 1500)] })),
      true,
      1,
    ),
    c(
      'TestStress_8k_LongRunning_40Turns',
      S8(500, true, 1.8),
      every(40, () => ({ user: long(600) })),
      true,
      2,
    ),
    c(
      'TestStress_8k_ToolBurst',
      S8(500, true, 1.8),
      fixed(
        {
          user: 'Run all diagnostic tools on the system',
          toolCalls: [t('diag_1', 3000), t('diag_2', 3000), t('diag_3', 3000)],
        },
        { user: 'What diagnostic issues did you find?' },
        { user: 'Fix the first issue', toolCalls: [t('fix', 1000), t('verify', 2000)] },
      ),
      true,
    ),
    c(
      'TestStress_8k_HighTokenRatio',
      S8(300, true, 3.0),
      every(20, () => ({ user: long(600), toolCalls: [t('tool', 1000)] })),
      true,
      1,
    ),
    c(
      'TestStress_8k_LargeSystemPrompt',
      S8(8000, true, 1.8),
      every(15, () => ({ user: long(600) })),
      true,
      1,
    ),
    c(
      'TestStress_8k_OnlyToolResponses',
      S8(200, true, 2.0),
      every(10, () => ({ user: 'Turn %d: run', toolCalls: [t('execute', 5000)] })),
      true,
      1,
    ),
    c(
      'TestStress_8k_RapidFireShortMessages',
      S8(200, true, 1.8),
      every(80, () => ({ user: long(400) })),
      true,
      2,
    ),
    c(
      'TestStress_8k_RepeatedCompactions',
      S8(500, true, 1.8),
      every(40, () => ({ user: long(400), toolCalls: [t('query', 2000)] })),
      true,
      3,
    ),
    c(
      'TestStress_8k_AlternatingToolAndText',
      S8(400, true, 2.0),
      every(30, (i) => ({ user: long(500), toolCalls: i % 2 === 0 ? [t('tool', 3000)] : [] })),
      true,
      2,
    ),
    c(
      'TestStress_CompactionNoInfiniteLoop',
      S8(12000, true, 2.5),
      every(5, () => ({ user: long(500) })),
      false,
    ),
    c(
      'TestBrutal_8k_ToolResponseBiggerThanWindow',
      S8(500, true, 2.0),
      fixed(
        { user: 'Read the entire database dump', toolCalls: [t('db_dump', 40000)] },
        { user: 'Summarize what you found' },
        { user: 'Are there any issues?' },
      ),
      false,
      1,
    ),
    c(
      'TestBrutal_8k_EveryTurnExceedsWindow',
      S8(500, true, 2.0),
      every(15, () => ({ user: long(2000), toolCalls: [t('big_tool', 15000)] })),
      false,
      10,
    ),
    c(
      'TestBrutal_8k_NoUsageMetadata_HighRatio',
      S8(500, false, 2.0),
      every(20, () => ({ user: long(700), toolCalls: [t('tool', 2000)] })),
      true,
      1,
    ),
    c(
      'TestBrutal_8k_NoUsageMetadata_BeyondDefault',
      S8(400, false, 3.0),
      every(15, () => ({ user: long(600), toolCalls: [t('tool', 1500)] })),
      false,
      1,
    ),
    c(
      'TestBrutal_8k_150Turns',
      S8(300, true, 1.8),
      every(150, (i) => ({ user: long(300), toolCalls: i % 5 === 0 ? [t('check', 1000)] : [] })),
      true,
      5,
    ),
    c(
      'TestBrutal_200k_ConsecutiveMassiveBursts',
      S200(5000, true, 2.5),
      every(10, () => ({
        user: 'Turn %d: analyze all services across every cluster',
        toolCalls: [t('fetch_all', 80000), t('analyze', 30000)],
      })),
      true,
      1,
    ),
    c(
      'TestBrutal_200k_NoUsageMetadata_LongSession',
      S200(3000, false, 2.5),
      every(80, () => ({ user: 'Turn %d: continue the deep investigation', toolCalls: [t('fetch', 20000)] })),
      true,
    ),
    c(
      'TestBrutal_8k_SystemPromptLargerThanWindow',
      S8(15000, true, 2.0),
      every(10, () => ({ user: long(400) })),
      false,
    ),
    c(
      'TestBrutal_8k_ToolChain_MultipleRoundtrips',
      S8(500, true, 2.0),
      every(10, () => ({
        user: 'Turn %d: run the full pipeline',
        toolCalls: [
          t('step_1_fetch', 3000),
          t('step_2_parse', 2000),
          t('step_3_validate', 1500),
          t('step_4_transform', 2500),
          t('step_5_store', 1000),
        ],
      })),
      true,
      1,
    ),
    c(
      'TestBrutal_8k_AlternatingHugeAndTiny',
      S8(300, true, 2.0),
      every(30, (i) => (i % 2 === 0 ? { user: 'ok' } : { user: long(300), toolCalls: [t('big_read', 10000)] })),
      true,
    ),
    c(
      'TestBrutal_200k_TokenRatio_5x',
      S200(3000, true, 5.0),
      every(10, () => ({
        user: 'Turn %d: analyze complex unicode content with CJK characters',
        toolCalls: [t('read_file', 15000)],
      })),
      true,
    ),
    c(
      'TestBrutal_8k_CompactionEveryStep',
      S8(4000, true, 2.0),
      every(30, () => ({ user: long(1200), toolCalls: [t('tool', 4000)] })),
      true,
    ),
    c(
      'TestBrutal_200k_SingleTurnFillsWindow',
      S200(3000, true, 2.0),
      fixed(
        { user: 'Audit all systems and produce a comprehensive report', toolCalls: range('audit_', 0, 19, 30000) },
        { user: 'What did you find?' },
      ),
      true,
    ),
    c(
      'TestBrutal_8k_CorrectionFactorDrift',
      S8(400, true, 1.5),
      every(20, () => ({ user: long(500), toolCalls: [t('tool', 1500)] })),
      true,
    ),
    c(
      'TestBrutal_8k_EmptyToolResponses',
      S8(300, true, 2.0),
      every(25, () => ({ user: long(600), toolCalls: [t('ping', 5), t('health', 10), t('status', 3)] })),
      true,
    ),
    c(
      'TestBrutal_200k_200Turns',
      S200(5000, true, 2.2),
      every(200, (i) => ({
        user: 'Turn %d: continue the comprehensive infrastructure audit across all regions',
        toolCalls:
          i % 15 === 0
            ? [t('big_fetch', 40000)]
            : i % 7 === 0
              ? [t('search', 3000), t('fetch', 8000)]
              : i % 4 === 0
                ? [t('query', 500)]
                : [],
      })),
      true,
    ),
    c(
      'TestBrutal_8k_VeryLargeModelResponses',
      S8(300, true, 2.0),
      every(20, () => ({ user: long(300), responseSize: 2000 })),
      true,
      1,
    ),
    c(
      'TestBrutal_8k_JSON_Heavy_ToolResponses',
      S8(400, true, 3.5),
      every(15, () => ({ user: 'Turn %d: fetch the configuration', toolCalls: [t('get_config', 3000)] })),
      true,
      1,
    ),
    c(
      'TestBrutal_8k_SequentialToolChain',
      S8(500, true, 2.0),
      every(8, () => ({
        user: 'Turn %d: investigate step by step',
        sequential: true,
        toolCalls: [
          t('read_file', 2000),
          t('grep_logs', 1500),
          t('query_db', 2500),
          t('fetch_api', 1000),
          t('analyze', 1500),
        ],
      })),
      true,
      1,
    ),
    c(
      'TestBrutal_200k_SequentialToolChain_LargeResponses',
      S200(3000, true, 2.0),
      every(5, () => ({
        user: 'Turn %d: run full pipeline sequentially',
        sequential: true,
        toolCalls: [
          t('fetch_data', 40000),
          t('preprocess', 20000),
          t('transform', 30000),
          t('validate', 15000),
          t('store', 5000),
        ],
      })),
      true,
    ),
    c(
      'TestBrutal_8k_SequentialChain_NoUsageMetadata',
      S8(400, false, 2.0),
      every(10, () => ({
        user: 'Turn %d: step through diagnostics',
        sequential: true,
        toolCalls: [t('check', 1000), t('fix', 800), t('verify', 1200)],
      })),
      true,
      1,
    ),
  ];
}
