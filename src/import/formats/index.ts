/** The log formats `compaction-sim import --from` reads, in the order they were added. */
import type { LogFormat } from '../recorded-log.ts';
import { adkSession } from './adk-session.ts';
import { adkSpans } from './adk-spans.ts';
import { anthropicMessages } from './anthropic-messages.ts';
import { atif } from './atif.ts';
import { claudeCode } from './claude-code.ts';
import { codexRollout } from './codex-rollout.ts';
import { openaiChat } from './openai-chat.ts';
import { sweAgentTraj } from './swe-agent-traj.ts';

export const LOG_FORMATS = {
  'openai-chat': openaiChat,
  'anthropic-messages': anthropicMessages,
  'claude-code': claudeCode,
  'codex-rollout': codexRollout,
  'adk-session': adkSession,
  atif,
  'swe-agent-traj': sweAgentTraj,
  'adk-spans': adkSpans,
} as const satisfies Record<string, LogFormat>;

export type LogFormatName = keyof typeof LOG_FORMATS;

export const LOG_FORMAT_NAMES = Object.keys(LOG_FORMATS) as LogFormatName[];
