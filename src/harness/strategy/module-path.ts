/**
 * Whether a strategy name is a module path (anything else must be a built-in). A leaf module, so
 * the CLI's own thread can tell the two apart without loading any strategy code.
 */
import { isAbsolute } from 'node:path';

export function isModulePath(name: string): boolean {
  return name.startsWith('.') || isAbsolute(name) || /\.(m?[jt]s|cjs|cts)$/.test(name);
}
