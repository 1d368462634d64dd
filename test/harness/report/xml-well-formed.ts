/**
 * A small strict XML well-formedness check for the JUnit tests (no XML parser is a dependency):
 * one root, balanced and properly nested tags, quoted attributes, no raw `<` or stray `&` in text
 * or attribute values, no control characters XML 1.0 forbids. Returns the problems found.
 */
const TOKEN = /<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<[^>]*>|[^<]+|</g;
const OPEN = /^<([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*"[^"<]*")*)\s*(\/?)>$/;
const CLOSE = /^<\/([A-Za-z_][\w.-]*)\s*>$/;
const STRAY_AMPERSAND = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

export function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  let roots = 0;
  if (FORBIDDEN.test(xml)) problems.push('forbidden control character');
  for (const [token] of xml.matchAll(TOKEN)) {
    if (token.startsWith('<?') || token.startsWith('<!--') || token.startsWith('<![CDATA[')) continue;
    if (token === '<') {
      problems.push('raw < in text');
      continue;
    }
    if (!token.startsWith('<')) {
      if (STRAY_AMPERSAND.test(token)) problems.push(`unescaped & in text: ${token.slice(0, 40)}`);
      if (stack.length === 0 && token.trim() !== '') problems.push(`text outside the root: ${token.slice(0, 40)}`);
      continue;
    }
    const close = CLOSE.exec(token);
    if (close !== null) {
      const expected = stack.pop();
      if (expected !== close[1]) problems.push(`</${close[1]}> closes <${expected ?? 'nothing'}>`);
      continue;
    }
    const open = OPEN.exec(token);
    if (open === null) {
      problems.push(`malformed tag: ${token.slice(0, 60)}`);
      continue;
    }
    if (STRAY_AMPERSAND.test(open[2] ?? '')) problems.push(`unescaped & in attributes of <${open[1]}>`);
    if (stack.length === 0) roots += 1;
    if (open[3] !== '/') stack.push(open[1] as string);
  }
  if (stack.length > 0) problems.push(`unclosed: ${stack.join(' > ')}`);
  if (roots !== 1) problems.push(`expected one root element, found ${roots}`);
  return problems;
}
