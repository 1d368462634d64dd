import { describe, expect, it } from 'vitest';
import { xmlProblems } from './xml-well-formed.ts';

describe('xmlProblems (test helper)', () => {
  it('accepts well-formed XML', () => {
    expect(xmlProblems('<?xml version="1.0"?>\n<a x="1 &amp; 2"><b/><c>t &lt; u</c></a>\n')).toEqual([]);
  });

  it.each([
    ['<a><b></a></b>', /closes/],
    ['<a>x & y</a>', /unescaped &/],
    ['<a x="1 & 2"></a>', /unescaped &/],
    ['<a x=1></a>', /malformed tag/],
    ['<a>', /unclosed/],
    ['<a/><b/>', /one root/],
    ['<a>\u0001</a>', /control character/],
    ['<a>1 < 2</a>', /malformed tag|raw </],
  ])('rejects %s', (xml, problem) => {
    expect(xmlProblems(xml).join('\n')).toMatch(problem);
  });
});
