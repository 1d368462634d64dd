/**
 * adk-js 2.0.0 `PluginManager`: plugins run in registration order; the first that returns
 * anything but `undefined` ends the chain; a throw is re-thrown as
 * `Error in plugin '<name>' during '<callback>' callback: <error>`.
 */
import type { BasePlugin } from './base-plugin.ts';

type CallbackName =
  | 'onUserMessageCallback'
  | 'beforeRunCallback'
  | 'onEventCallback'
  | 'afterRunCallback'
  | 'beforeModelCallback'
  | 'afterModelCallback'
  | 'onModelErrorCallback'
  | 'beforeToolCallback'
  | 'afterToolCallback'
  | 'onToolErrorCallback';

type ParamsOf<K extends CallbackName> = Parameters<BasePlugin[K]>[0];
type ResultOf<K extends CallbackName> = Awaited<ReturnType<BasePlugin[K]>>;

export class PluginManager {
  readonly plugins: readonly BasePlugin[];

  constructor(plugins: readonly BasePlugin[] = []) {
    const names = new Set<string>();
    for (const plugin of plugins) {
      if (names.has(plugin.name)) throw new Error(`Plugin with name '${plugin.name}' already registered.`);
      names.add(plugin.name);
    }
    this.plugins = [...plugins];
  }

  async run<K extends CallbackName>(callbackName: K, params: ParamsOf<K>): Promise<ResultOf<K> | undefined> {
    for (const plugin of this.plugins) {
      let result: ResultOf<K>;
      try {
        const callback = plugin[callbackName] as (p: ParamsOf<K>) => ResultOf<K> | Promise<ResultOf<K>>;
        result = await callback.call(plugin, params);
      } catch (error) {
        throw new Error(`Error in plugin '${plugin.name}' during '${callbackName}' callback: ${String(error)}`, {
          cause: error,
        });
      }
      if (result !== undefined) return result;
    }
    return undefined;
  }
}
