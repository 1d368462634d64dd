/**
 * XML text and attribute escaping. Characters XML 1.0 forbids (most C0 controls) are dropped:
 * a strategy's error message may contain anything, and one stray byte would make the whole
 * JUnit file unreadable to CI.
 */

const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(text: string): string {
  return text
    .replace(FORBIDDEN, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
