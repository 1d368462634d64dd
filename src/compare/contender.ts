/**
 * A strategy entered in a comparison: a built-in name or a module path, and its options. A
 * scenario whose file configures that same strategy runs it with the file's options (a museum
 * file's configuration of its peer, as its users ran it); every other scenario, and the fuzzed
 * corpus, with `options` (undefined: the strategy's defaults).
 */
export interface Contender {
  readonly name: string;
  readonly options?: Readonly<Record<string, unknown>> | undefined;
}

/** How reports name a contender: its name, and its options when they were given. */
export function contenderLabel(contender: Contender): string {
  return contender.options === undefined ? contender.name : `${contender.name} ${JSON.stringify(contender.options)}`;
}
