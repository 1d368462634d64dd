/**
 * Where the scripted model and tools plant facts: the values of a scenario's facts by site, and
 * the text a site gets once its values are appended (each statement on a line of its own after
 * the site's own text, which is generated exactly as without facts).
 */
import { factStatement, type FactSite, type FactValue, type WorldFact } from './fact-types.ts';

export type SiteKey = string;

export function siteKey(site: FactSite): SiteKey {
  return site.in === 'tool' ? `${site.turn}/tool/${site.call}` : `${site.turn}/${site.in}`;
}

export function valuesBySite(facts: readonly WorldFact[]): Map<SiteKey, FactValue[]> {
  const sites = new Map<SiteKey, FactValue[]>();
  for (const fact of facts) {
    for (const value of fact.values) {
      const key = siteKey(value.site);
      const list = sites.get(key) ?? [];
      list.push(value);
      sites.set(key, list);
    }
  }
  return sites;
}

/** `text` with the statements of `values` appended (unchanged when there are none). */
export function withStatements(text: string, values: readonly FactValue[] | undefined): string {
  if (!values || values.length === 0) return text;
  const statements = values.map(factStatement).join('\n');
  return text === '' ? statements : `${text}\n${statements}`;
}
