/**
 * The text form of a retention bound (`expect.retention`): ">= 0.9", "> 0.5", "== 1". Its own
 * module, free of zod, because the scenario workers check retention but never parse a file: the
 * schema library costs a worker thread about 150 ms of CPU to load (every locale it ships).
 */
export const RETENTION_BOUND = /^\s*(>=|>|<=|<|==)\s*(0(\.\d+)?|1(\.0+)?)\s*$/;
