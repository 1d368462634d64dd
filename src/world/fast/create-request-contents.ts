/** The session's `RequestContentsBuilder`, chosen once when the session starts. */
import { ReferenceRequestContents } from '../agents/reference-request-contents.ts';
import type { ContentsBuilderKind, RequestContentsBuilder } from '../request-contents/request-contents-builder.ts';
import { FastRequestContents } from './fast-request-contents.ts';

export function createRequestContents(kind: ContentsBuilderKind): RequestContentsBuilder {
  return kind === 'reference' ? new ReferenceRequestContents() : new FastRequestContents();
}
