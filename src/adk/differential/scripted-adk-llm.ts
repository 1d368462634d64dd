/**
 * A real adk-js `BaseLlm` whose answers come from a script: the model of the differential run, of
 * the plugin tests and of the speed bench. It records a deep copy of every request it receives
 * (what the model "was sent", after every plugin and callback ran).
 *
 * adk-js 2.0.0 passes the model as an instance (`new LlmAgent({ model: instance })`); a custom
 * `BaseLlm` never sees the "Continue processing…" turn Gemini adds inside its own
 * `generateContentAsync` (docs/adk-step-loop.md §2.6), so neither does this one.
 */
import { BaseLlm } from '@google/adk';
import type { BaseLlmConnection, LlmRequest, LlmResponse } from '@google/adk';

/** Answers call number `call` (0-based) to `request`; `stream` is true under `StreamingMode.SSE`. */
export type ScriptedAnswer = (
  request: LlmRequest,
  call: number,
  stream: boolean,
) => readonly LlmResponse[] | Promise<readonly LlmResponse[]>;

export interface RecordedModelCall {
  readonly request: RecordedRequest;
  readonly stream: boolean;
  readonly responses: readonly LlmResponse[];
}

/** The serialisable part of an adk-js request (`toolsDict` holds live tool objects). */
export interface RecordedRequest {
  readonly model: string | undefined;
  readonly contents: LlmRequest['contents'];
  readonly config: LlmRequest['config'];
}

export interface ScriptedAdkLlmOptions {
  /** Keep a deep copy of every request and answer in `calls` (default true; the bench turns it off). */
  readonly record?: boolean;
}

export class ScriptedAdkLlm extends BaseLlm {
  readonly calls: RecordedModelCall[] = [];
  private readonly answer: ScriptedAnswer;
  private readonly record: boolean;
  private callCount = 0;

  constructor(model: string, answer: ScriptedAnswer, options: ScriptedAdkLlmOptions = {}) {
    super({ model });
    this.answer = answer;
    this.record = options.record ?? true;
  }

  override async *generateContentAsync(request: LlmRequest, stream?: boolean): AsyncGenerator<LlmResponse, void> {
    const recorded = this.record ? recordRequest(request) : undefined;
    const call = this.callCount;
    this.callCount += 1;
    const responses = await this.answer(request, call, stream === true);
    if (recorded)
      this.calls.push({ request: recorded, stream: stream === true, responses: structuredClone(responses) });
    // Fresh objects: adk-js spreads responses into events and fills in function-call ids.
    for (const response of responses) yield structuredClone(response);
  }

  override async connect(): Promise<BaseLlmConnection> {
    throw new Error(`${this.model}: live connections are not scripted`);
  }
}

export function recordRequest(request: LlmRequest): RecordedRequest {
  return structuredClone({ model: request.model, contents: request.contents, config: request.config });
}
