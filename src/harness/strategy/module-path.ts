/**
 * Whether a strategy name is a module path (anything else must be a built-in), and the file it
 * names. A leaf module, so the CLI's own thread can tell the two apart without loading any
 * strategy code.
 */
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A JavaScript or TypeScript file, in either module system: what a strategy module can be. */
export function isModuleFileName(name: string): boolean {
  return /\.[mc]?[jt]s$/.test(name);
}

export function isModulePath(name: string): boolean {
  return name.startsWith('.') || name.startsWith('file:') || isAbsolute(name) || isModuleFileName(name);
}

/**
 * The absolute file a module path names: relative to `baseDir`, or a file: URL (a path built from
 * `import.meta.url`). A file: URL that names no local file (`file://host/x`) is read as a path, so
 * the loader reports it as not found rather than throwing.
 */
export function moduleFile(name: string, baseDir: string): string {
  if (name.startsWith('file:')) {
    try {
      return fileURLToPath(name);
    } catch {
      // not a local file URL: resolved as a path below, which names no file
    }
  }
  return resolve(baseDir, name);
}

/**
 * `name` as a scenario file in `fileDir` must write it: a built-in name as it is, a module path
 * (relative to `baseDir`, or a file: URL) relative to the file's folder, as the loader reads it.
 */
export function strategyNameFrom(name: string, fileDir: string, baseDir: string): string {
  if (!isModulePath(name)) return name;
  const target = relative(fileDir, moduleFile(name, baseDir)).split(sep).join('/');
  return target.startsWith('.') ? target : `./${target}`;
}
