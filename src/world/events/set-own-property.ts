/**
 * `target[key] = value` as an own data property whatever the key: an own `__proto__` (JSON.parse
 * makes one from a tool's output) assigned would hit the inherited setter and replace the target's
 * prototype instead. A spread and lodash's `cloneDeep` (adk-js) both define it as an own property.
 */
export function setOwnProperty(target: Record<PropertyKey, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}
